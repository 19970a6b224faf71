import type { PageForOwner } from '@kanna/shared/pages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { address, json, renderPage } from '../../../test/pages';
import { EditPagesPage } from './edit-pages-page';
import { LegalPage } from './legal-page';
import { OwnedPage } from './owned-page';

/**
 * The owner's pages in the web app (docs/pages.md): the editor (one page and one language at a time,
 * the server's preview, the save it sends), a legal page in its address's language, the blog.
 */

const notice: PageForOwner = {
  slug: 'tokushoho',
  completed: false,
  edited: false,
  updatedAt: null,
  updatedBy: null,
  texts: {
    en: { title: 'Legal notice (Specified Commercial Transactions Act)', body: '[TO FILL IN: seller]' },
    ja: { title: '特定商取引法に基づく表記', body: '販売業者：【要記入】' },
  },
};
const terms: PageForOwner = {
  ...notice,
  slug: 'terms',
  texts: { en: { title: 'Terms of sale', body: 'x' }, ja: { title: '利用規約（販売条件）', body: 'x' } },
};

afterEach(() => vi.unstubAllGlobals());

describe('the pages editor', () => {
  it('edits the 特定商取引法 page in Japanese, previews what the server makes of it and saves it complete', async () => {
    const sent: { url: string; method: string; body: unknown }[] = [];
    const fetch = mockFetch(async (url, init = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, method: init.method ?? 'GET', body });
      if (url === '/api/pages') return json(200, [terms, notice]);
      if (url === '/api/pages/preview')
        return json(200, { html: `<table><tr><td>${body.body.length} chars</td></tr></table>` });
      if (url === '/api/pages/tokushoho' && init.method === 'PUT')
        return json(200, {
          slug: 'tokushoho',
          lang: 'ja',
          ...body,
          html: '',
          edited: true,
          updatedAt: '2026-12-06T10:00:00Z',
        });
      return json(200, {});
    });
    vi.stubGlobal('fetch', fetch);
    renderPage(<EditPagesPage />, '/dashboard/pages?page=tokushoho');

    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveProperty('value', notice.texts.en.title);
    fireEvent.click(screen.getByRole('radio', { name: '日本語' }));
    expect(title).toHaveProperty('value', '特定商取引法に基づく表記');
    const text = screen.getByRole('textbox', { name: 'Text (Markdown)' });
    fireEvent.change(text, { target: { value: '| 販売業者 | 株式会社かんな工房 |' } });
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('cell').textContent).toBe('20 chars');
    expect(sent.find((c) => c.url === '/api/pages/preview')?.body).toEqual({
      body: '| 販売業者 | 株式会社かんな工房 |',
    });

    fireEvent.click(screen.getByRole('checkbox', { name: /This page is complete/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((c) => c.method === 'PUT')).toBe(true));
    expect(sent.find((c) => c.method === 'PUT')).toEqual({
      url: '/api/pages/tokushoho',
      method: 'PUT',
      body: {
        lang: 'ja',
        title: '特定商取引法に基づく表記',
        body: '| 販売業者 | 株式会社かんな工房 |',
        completed: true,
      },
    });
  });

  it('opens the page the address names, and another page from the list', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch(async () => json(200, [terms, notice])),
    );
    renderPage(<EditPagesPage />, '/dashboard/pages?page=terms');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveProperty('value', 'Terms of sale');
    fireEvent.change(screen.getByRole('combobox', { name: 'Page' }), { target: { value: 'tokushoho' } });
    expect(address.current).toBe('/dashboard/pages?page=tokushoho');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', notice.texts.en.title);
  });
});

describe('a legal page', () => {
  it('is shown in the language its address names, its head and its twin in the other language', async () => {
    const fetch = mockFetch(async () =>
      json(200, {
        slug: 'privacy',
        lang: 'ja',
        title: 'プライバシーポリシー',
        body: '',
        html: '<h2>取得する情報</h2>',
        completed: false,
        edited: false,
        updatedAt: null,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderPage(<LegalPage />, '/ja/legal/privacy', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'プライバシーポリシー' })).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/pages/privacy?lang=ja');
    expect(screen.getByRole('article').getAttribute('lang')).toBe('ja');
    expect(screen.getByRole('heading', { level: 2, name: '取得する情報' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('ひな形のまま');
    expect(screen.getByRole('link', { name: 'Read in English' }).getAttribute('href')).toBe('/legal/privacy');
    await waitFor(() => expect(document.title).toBe('プライバシーポリシー | Kanna'));
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(
      /\/ja\/legal\/privacy$/,
    );
  });
});

describe('the blog and the portfolio', () => {
  const blog = (edited: boolean) => ({
    slug: 'blog',
    lang: 'en',
    title: 'Notes from the workshop',
    body: '',
    html: '<p>We sharpen every blade by hand.</p>',
    completed: true,
    edited,
    updatedAt: edited ? '2026-12-06T10:00:00Z' : null,
  });

  it('keep their first design until the owner saves their own', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch(async () => json(200, blog(false))),
    );
    renderPage(
      <OwnedPage slug="blog">
        <h1>How this shop is built</h1>
      </OwnedPage>,
      '/blog',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'How this shop is built' })).toBeTruthy();
    expect(screen.queryByText('We sharpen every blade by hand.')).toBeNull();
  });

  it("show the owner's page once saved", async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch(async () => json(200, blog(true))),
    );
    renderPage(
      <OwnedPage slug="blog">
        <h1>How this shop is built</h1>
      </OwnedPage>,
      '/blog',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Notes from the workshop' })).toBeTruthy();
    expect(screen.getByText('We sharpen every blade by hand.')).toBeTruthy();
    expect(screen.queryByText('How this shop is built')).toBeNull();
  });
});
