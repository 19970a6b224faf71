import type { Review } from '@kanna/shared/reviews';
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';
import { chisel } from './test/fixtures';

/** The pages the server renders, in each language (docs/languages.md, "Two languages"). */

const tool = chisel({
  _id: '9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d01',
  productName: 'Oire Nomi Bench Chisel 12 mm',
  productNameJa: '追入鑿 12mm',
});
const review: Review = {
  _id: '0b7e4f52-8d1a-4b0c-a3c6-5e9f2d7b1a01',
  name: 'Aiko Mori',
  description: 'Sharp.',
  rating: 5,
  img: null,
  verified: true,
  createdAt: '2024-05-01T00:00:00.000Z',
};
const data: Record<string, Record<string, { items: unknown[]; next: string | null }>> = {
  '/': { tools: { items: [tool], next: null }, reviews: { items: [review], next: null } },
  '/allProduct': { tools: { items: [tool], next: null } },
  '/allReview': { reviews: { items: [review], next: null } },
};

const render = (path: string, lang: 'en' | 'ja') =>
  renderPage({ path, lang, data: data[path] ?? {}, payments: 'test', origin: 'https://shop.example' });

/** The page's visible words: its HTML without tags, attributes, the data block and the head. */
const wordsOf = (root: string) =>
  root
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('renderPage in Japanese', () => {
  it('draws the home page, the catalogue and the reviews in Japanese, their heads too', async () => {
    const expected: Record<string, { title: RegExp; words: string[] }> = {
      '/': {
        title: /日本の木製手工具/,
        words: ['木製の手工具', '木工用の工具', 'お客様の声', '購入する', 'ホーム'],
      },
      '/allProduct': { title: /木製工具の一覧/, words: ['木製工具の一覧', '名前で検索', 'カートに追加'] },
      '/allReview': { title: /お客様のレビュー/, words: ['お客様の声', '購入済みのお客様'] },
    };
    for (const [path, { title, words }] of Object.entries(expected)) {
      const { head, root } = await render(path, 'ja');
      expect(/<title>(.*?)<\/title>/.exec(head)?.[1], path).toMatch(title);
      const text = wordsOf(root);
      for (const word of words) expect(text, `${path}: ${word}`).toContain(word);
      // The shell and the page say nothing in English; the data keeps its own words.
      for (const english of ['Wooded Working Tools', 'CLIENT REVIEW', 'Add to cart', 'Reviews', 'Login'])
        expect(text, `${path}: ${english}`).not.toContain(english);
      expect(root, path).toContain('"lang":"ja"');
    }
  });

  it('names a tool by its Japanese name for a Japanese reader, and by its English one otherwise', async () => {
    const ja = wordsOf((await render('/allProduct', 'ja')).root);
    const en = wordsOf((await render('/allProduct', 'en')).root);
    expect(ja).toContain('追入鑿 12mm');
    expect(ja).not.toContain('Oire Nomi Bench Chisel 12 mm');
    expect(en).toContain('Oire Nomi Bench Chisel 12 mm');
    expect(en).toContain('Add to cart');
    expect(en).not.toContain('カートに追加');
  });

  it('names its own address in its language as canonical, and both languages and x-default as alternates', async () => {
    for (const [path, en, ja] of [
      ['/allProduct', 'https://shop.example/allProduct', 'https://shop.example/ja/allProduct'],
      ['/', 'https://shop.example/', 'https://shop.example/ja'],
    ] as const) {
      for (const lang of ['en', 'ja'] as const) {
        const { head } = await render(path, lang);
        expect(head).toContain(`<link rel="canonical" href="${lang === 'ja' ? ja : en}"/>`);
        expect(head).toContain(`<link rel="alternate" hrefLang="en" href="${en}"/>`);
        expect(head).toContain(`<link rel="alternate" hrefLang="ja" href="${ja}"/>`);
        expect(head).toContain(`<link rel="alternate" hrefLang="x-default" href="${en}"/>`);
      }
    }
  });

  it("keeps a Japanese page's links under its address", async () => {
    const { root } = await render('/allProduct', 'ja');
    expect(root).toContain('href="/ja/allReview"');
    expect(root).not.toMatch(/href="\/allReview"/);
    const english = await render('/allProduct', 'en');
    expect(english.root).toContain('href="/allReview"');
  });
});
