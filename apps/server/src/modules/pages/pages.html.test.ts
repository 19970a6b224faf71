import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { SOURCE_ORIGIN, startShopRenderingSourceWithOwner } from '../../test/web-source';

/**
 * The legal pages at their own addresses, rendered on the server by the web app's own components
 * (apps/web/src/app/legal-page-render.tsx, loaded from source where the build would be, as in
 * plugins/server-pages.render.test.ts): what a crawler or a browser without JavaScript gets — the
 * page's title and text in the language its address names, its head, and never anything that runs
 * from what the owner typed.
 */
const ORIGIN = SOURCE_ORIGIN;
const ADMIN = 'legal-owner@kanna.example';

let shop: TestShop;
let admin: Client;
let crawler: Client;
beforeAll(async () => {
  ({ shop, admin } = await startShopRenderingSourceWithOwner(ADMIN, '10.45.0.1'));
  crawler = new Client(shop.app, ORIGIN, '10.45.0.2');
});
afterAll(() => shop?.close());

/** The page's parts as a crawler reads them. */
function parts(html: string) {
  const start = html.indexOf('<div id="root">');
  return {
    lang: /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1],
    root: html.slice(start, html.indexOf('<script type="application/json"', start)),
    title: /<title>(.*?)<\/title>/s.exec(html)?.[1],
    titles: html.match(/<title>/g)?.length ?? 0,
    h1: /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    alternates: Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hrefLang="([^"]*)" href="([^"]*)"/gi)].map((m) => [
        m[1],
        m[2],
      ]),
    ),
    /** Every <script> start tag in the page. */
    scripts: html.match(/<script\b[^>]*>/gi) ?? [],
  };
}

describe('GET /legal/{slug} and /ja/legal/{slug}', () => {
  it('serves the 特定商取引法 page in Japanese at /ja and in English without, each naming both addresses', async () => {
    const ja = await crawler.get('/ja/legal/tokushoho');
    expect(ja.statusCode).toBe(200);
    expect(ja.headers['content-language']).toBe('ja');
    const page = parts(ja.body);
    expect(page.lang).toBe('ja');
    expect(page.h1).toBe('特定商取引法に基づく表記');
    expect(page.title).toBe('特定商取引法に基づく表記 | Kanna');
    expect(page.titles).toBe(1);
    expect(page.root).toContain('<td>販売業者</td>');
    expect(page.root).toContain('ひな形のままです');
    expect(page.canonical).toBe(`${ORIGIN}/ja/legal/tokushoho`);
    expect(page.alternates).toEqual({
      en: `${ORIGIN}/legal/tokushoho`,
      ja: `${ORIGIN}/ja/legal/tokushoho`,
      'x-default': `${ORIGIN}/legal/tokushoho`,
    });
    // The footer in the page's language links its siblings in that language.
    expect(page.root).toContain('href="/ja/legal/privacy"');

    // Whatever the reader's own language, the address decides.
    const en = await crawler.get('/legal/tokushoho', { 'accept-language': 'ja', cookie: 'lang=ja' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-language']).toBe('en');
    expect(parts(en.body)).toMatchObject({
      lang: 'en',
      h1: 'Legal notice (Specified Commercial Transactions Act)',
      canonical: `${ORIGIN}/legal/tokushoho`,
    });
    expect(parts(en.body).root).toContain('href="/legal/terms"');
  });

  it('answers 404 for a page that does not exist', async () => {
    expect((await crawler.get('/legal/cookie-policy')).statusCode).toBe(404);
    expect((await crawler.get('/ja/legal/nothing')).statusCode).toBe(404);
  });

  it("shows the owner's edit at once, and never a script, event handler or javascript: address from it", async () => {
    const before = parts((await crawler.get('/ja/legal/tokushoho')).body).scripts;
    const body = [
      '| 項目 | 内容 |',
      '|---|---|',
      '| 販売業者 | 株式会社かんな工房 |',
      '',
      '<script>alert("owned")</script>',
      '<img src=x onerror="alert(1)">',
      '[連絡](javascript:alert(2)) <a href="javascript:alert(3)">a</a> </script><script>alert(4)</script>',
    ].join('\n');
    const saved = await admin.put('/api/pages/tokushoho', {
      lang: 'ja',
      title: '特定商取引法に基づく表記',
      body,
      completed: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await crawler.get('/ja/legal/tokushoho');
    expect(res.statusCode).toBe(200);
    const page = parts(res.body);
    expect(page.root).toContain('<td>株式会社かんな工房</td>');
    expect(page.root).not.toContain('ひな形のままです');
    // The page's scripts are the shell's and the data block, exactly as before the edit.
    expect(page.scripts).toEqual(before);
    expect(page.root).not.toMatch(/<script\b/i);
    for (const tag of res.body.match(/<[a-z][^>]*>/gi) ?? []) {
      expect(tag, 'no event handler').not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag, 'no javascript: address').not.toMatch(/\s(?:href|src)\s*=\s*"\s*javascript:/i);
    }
    // The data block holds the text as data: `<` escaped, so it cannot end the element.
    const block =
      /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(res.body)?.[1] ?? '';
    expect(block).not.toContain('<');
    expect(JSON.parse(block).data.body).toBe(body);
  });
});
