import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { BlogPage } from './blog-page';
import { PortfolioPage } from './portfolio-page';

const inLanguage = (language: 'en' | 'ja', page: ReactElement) =>
  render(<LanguageContext value={language}>{page}</LanguageContext>);

describe('the blog', () => {
  it('asks its six questions in English, the first one open', () => {
    inLanguage('en', <BlogPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'How this shop is built' })).toBeTruthy();
    const questions = [...document.querySelectorAll('summary')].map((s) => s.textContent);
    expect(questions).toHaveLength(6);
    expect(questions[0]).toBe('Why does the shop run on PGlite by default?');
    expect(document.querySelector('details')?.open).toBe(true);
    expect(document.title).toBe('Blog: how this shop is built | Kanna');
  });

  it('asks and answers them in Japanese', () => {
    inLanguage('ja', <BlogPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'このショップのつくり' })).toBeTruthy();
    expect(screen.getByText('価格をサーバーで計算するのはなぜですか？')).toBeTruthy();
    expect(screen.getByText(/「価格が変更されました」としてご注文をお断りします。/)).toBeTruthy();
    expect(document.title).toBe('ブログ：このショップのつくり | Kanna');
  });
});

describe('the portfolio', () => {
  it('introduces the developer, the skills and the projects in English', () => {
    inLanguage('en', <PortfolioPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, I build the Kanna shop' })).toBeTruthy();
    expect(screen.getByText('Testing with Vitest and Playwright')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Kanna storefront' })).toBeTruthy();
  });

  it('introduces them in Japanese, the tools keeping their names', () => {
    inLanguage('ja', <PortfolioPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'こんにちは。Kanna のショップを作っています' }),
    ).toBeTruthy();
    for (const heading of ['スキル', 'プロジェクト', 'お問い合わせ'])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    expect(screen.getByText('アクセシビリティ（WCAG 2.2）')).toBeTruthy();
    expect(screen.getByText('TypeScript')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: '材木置き場の在庫カウンター' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '開発者の写真の代わりの画像' })).toBeTruthy();
  });
});
