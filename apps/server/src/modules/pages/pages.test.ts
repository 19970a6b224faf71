import type { AuditEntry } from '@kanna/shared/audit';
import { legalSlugs, PAGE_BODY_MAX } from '@kanna/shared/domain/pages';
import type { AdminOverview } from '@kanna/shared/overview';
import type { PageAnswer, PageForOwner } from '@kanna/shared/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { signedIn, startShopFor } from '../../test/shopping';

/**
 * The owner's pages (docs/pages.md): read by anyone in English and Japanese, seeded as templates
 * the overview asks the owner to complete, edited by admins only, every save in the audit log,
 * and their Markdown never served as anything that runs.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
let visitor: Client;
const ADMIN = 'pages-admin@kanna.example';

beforeAll(async () => {
  shop = await startShopFor(ADMIN);
  admin = await signedIn(shop, '10.44.0.1', 'Pia Pages', ADMIN);
  buyer = await signedIn(shop, '10.44.0.2', 'Bo Buyer', 'pages-buyer@kanna.example');
  visitor = new Client(shop.app, shop.config.publicUrl, '10.44.0.3');
});
afterAll(() => shop?.close());

const read = async (slug: string, lang: 'en' | 'ja') => {
  const res = await visitor.get(`/api/pages/${slug}?lang=${lang}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PageAnswer;
};
const overview = async () => {
  const res = await admin.get('/api/admin-overview');
  expect(res.statusCode).toBe(200);
  return (res.json() as AdminOverview).pagesToComplete?.map((p) => p.slug);
};

/** Every element of `html` that carries an event handler, and every address that is not plainly safe. */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
    if (/\son[a-z]+\s*=/i.test(tag)) found.push(tag);
    const address = /\s(?:href|src)\s*=\s*"([^"]*)"/i.exec(tag)?.[1];
    if (address && /^\s*(?:javascript|vbscript|data):/i.test(address.replaceAll(/\s/g, ''))) found.push(tag);
  }
  if (/<script\b/i.test(html)) found.push('<script');
  if (/<iframe\b|<object\b|<embed\b|<svg\b|<style\b/i.test(html)) found.push('active element');
  return found;
}

const HOSTILE = [
  '## Returns',
  '<script>alert("owned")</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(2)">raw link</a>',
  '[click me](javascript:alert(3)) [spaced](java\tscript:alert(4)) [entity](javascript&#58;alert(5))',
  '![picture](javascript:alert(6)) <svg onload=alert(7)></svg>',
  '[fine](https://kanna.example/returns) and [mail](mailto:shop@kanna.example)',
].join('\n\n');

describe('GET /api/pages/{slug}: the pages in both languages', () => {
  it('serves every legal page as a template in English and Japanese, its blanks marked, not completed', async () => {
    for (const slug of legalSlugs) {
      const en = await read(slug, 'en');
      const ja = await read(slug, 'ja');
      expect(en).toMatchObject({ slug, lang: 'en', completed: false, edited: false, updatedAt: null });
      expect(ja).toMatchObject({ slug, lang: 'ja', completed: false, edited: false, updatedAt: null });
      expect(en.body).toContain('[TO FILL IN');
      expect(ja.body).toContain('【要記入');
      expect(ja.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(en.title).not.toBe(ja.title);
    }
    const notice = await read('tokushoho', 'ja');
    expect(notice.title).toBe('特定商取引法に基づく表記');
    expect(notice.html).toContain('<table>');
    expect(notice.html).toContain('<td>販売業者</td>');
    expect((await read('tokushoho', 'en')).title).toBe(
      'Legal notice (Specified Commercial Transactions Act)',
    );
  });

  it('serves the blog and the portfolio with their first content, complete', async () => {
    const blog = await read('blog', 'en');
    expect(blog).toMatchObject({ title: 'How this shop is built', completed: true, edited: false });
    expect(blog.html).toContain('<h2>Why does the shop run on PGlite by default?</h2>');
    const portfolio = await read('myPortfolio', 'ja');
    expect(portfolio.title).toBe('こんにちは。Kanna のショップを作っています');
    expect(portfolio.html).toContain('<h3>材木置き場の在庫カウンター</h3>');
  });

  it('answers English without a language, 404 for a page that does not exist and 400 for an unknown language', async () => {
    expect(((await visitor.get('/api/pages/privacy')).json() as PageAnswer).lang).toBe('en');
    const missing = await visitor.get('/api/pages/cookie-policy?lang=en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This page was not found.');
    expect((await visitor.get('/api/pages/terms?lang=fr')).statusCode).toBe(400);
  });
});

describe('PUT /api/pages/{slug}: who may', () => {
  it('refuses a buyer with 403 and an anonymous caller with 401, and the page stays as it was', async () => {
    const write = { lang: 'ja', title: '乗っ取り', body: 'x', completed: true };
    expect((await buyer.put('/api/pages/terms', write)).statusCode).toBe(403);
    expect((await visitor.put('/api/pages/terms', write)).statusCode).toBe(401);
    expect((await buyer.get('/api/pages')).statusCode).toBe(403);
    expect((await buyer.post('/api/pages/preview', { body: '# x' })).statusCode).toBe(403);
    const terms = await read('terms', 'ja');
    expect(terms).toMatchObject({ title: '利用規約（販売条件）', edited: false, completed: false });
  });
});

describe('an admin edits the 特定商取引法 page', () => {
  it('is flagged by the overview until completed, then seen by the public in Japanese, English still the template', async () => {
    expect(await overview()).toEqual([...legalSlugs]);
    const body =
      '| 項目 | 内容 |\n|---|---|\n| 販売業者 | 株式会社かんな工房 |\n| 運営統括責任者 | 山田 太郎 |';
    const res = await admin.put('/api/pages/tokushoho', {
      lang: 'ja',
      title: '特定商取引法に基づく表記',
      body,
      completed: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'tokushoho', lang: 'ja', body, completed: true, edited: true });

    const ja = await read('tokushoho', 'ja');
    expect(ja.body).toBe(body);
    expect(ja.html).toContain('<td>株式会社かんな工房</td>');
    expect(ja.updatedAt).not.toBeNull();
    const en = await read('tokushoho', 'en');
    expect(en).toMatchObject({
      title: 'Legal notice (Specified Commercial Transactions Act)',
      completed: true,
    });
    expect(en.body).toContain('[TO FILL IN');

    expect(await overview()).toEqual(legalSlugs.filter((s) => s !== 'tokushoho'));
    const listed = (await admin.get('/api/pages')).json() as PageForOwner[];
    expect(listed.find((p) => p.slug === 'tokushoho')).toMatchObject({
      completed: true,
      edited: true,
      updatedBy: ADMIN,
      texts: { ja: { body } },
    });
  });

  it('writes each save in the audit log: who, which page, what changed', async () => {
    await admin.put('/api/pages/about', {
      lang: 'en',
      title: 'About Kanna Tool Works',
      body: 'Founded in Miki.',
    });
    const res = await admin.get('/api/audit?kind=page.update');
    expect(res.statusCode).toBe(200);
    const entries = res.json() as AuditEntry[];
    const about = entries.find((e) => e.target.id === 'about');
    expect(about).toMatchObject({
      kind: 'page.update',
      actor: { email: ADMIN },
      target: { type: 'page', id: 'about', label: 'About Kanna Tool Works' },
      before: { title: 'About the company' },
      after: { title: 'About Kanna Tool Works', body: 'Founded in Miki.' },
    });
    expect(about?.before?.body).toContain('[TO FILL IN');
    const notice = entries.find((e) => e.target.id === 'tokushoho');
    expect(notice?.after).toMatchObject({ completed: true });
    expect(notice?.after?.bodyJa).toContain('株式会社かんな工房');
    expect(notice?.before).toMatchObject({ completed: false });
  });

  it('refuses a title or a text over its limit, and takes the longest Japanese text', async () => {
    const long = await admin.put('/api/pages/privacy', { lang: 'en', title: 'x'.repeat(121), body: '' });
    expect(long.statusCode).toBe(400);
    const longer = await admin.put('/api/pages/privacy', {
      lang: 'en',
      title: 'Privacy',
      body: 'x'.repeat(PAGE_BODY_MAX + 1),
    });
    expect(longer.statusCode).toBe(400);
    expect((await admin.put('/api/pages/privacy', { lang: 'ja', title: '', body: 'x' })).statusCode).toBe(
      400,
    );
    const japanese = '個'.repeat(PAGE_BODY_MAX);
    const ok = await admin.put('/api/pages/privacy', {
      lang: 'ja',
      title: 'プライバシーポリシー',
      body: japanese,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await read('privacy', 'ja')).body).toHaveLength(PAGE_BODY_MAX);
    expect(
      (await admin.put('/api/pages/nothing-here', { lang: 'en', title: 'x', body: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('Markdown is served sanitised', () => {
  it('never serves a script, an event handler or a javascript: address, in the page or in the preview', async () => {
    const res = await admin.put('/api/pages/shipping-payment', {
      lang: 'en',
      title: 'Shipping',
      body: HOSTILE,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await read('shipping-payment', 'en');
    expect(page.body).toBe(HOSTILE);
    expect(dangers(page.html)).toEqual([]);
    // What is safe still works: headings and real links.
    expect(page.html).toContain('<h2>Returns</h2>');
    expect(page.html).toContain('<a href="https://kanna.example/returns">fine</a>');
    expect(page.html).toContain('<a href="mailto:shop@kanna.example">mail</a>');
    // The raw HTML is shown as text, not dropped silently.
    expect(page.html).toContain('&lt;script&gt;');

    const preview = await admin.post('/api/pages/preview', { body: HOSTILE });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toBe(page.html);
  });

  it('catches what the Markdown renderer would let through, at the second lock', async () => {
    const { renderMarkdown, isSafeAddress } = await import('./pages.markdown');
    for (const address of [
      'javascript:alert(1)',
      ' JaVa\nScRiPt:x',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
    ])
      expect(isSafeAddress(address), address).toBe(false);
    for (const address of [
      'https://kanna.example',
      '/legal/terms',
      '#returns',
      'mailto:a@b.example',
      'tel:+81794820471',
    ])
      expect(isSafeAddress(address), address).toBe(true);
    expect(dangers(renderMarkdown('[a](<javascript:alert(1)>) [b](//evil.example/x)'))).toEqual([]);
    expect(renderMarkdown('[b](//evil.example/x)')).toBe('<p><a>b</a></p>\n');
  });
});
