import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToolByPiece, startTestShop, type TestShop } from '../test/harness';

/**
 * Pages in the reader's language (docs/languages.md, "Two languages", "An address per language"):
 * each language at its own address (`/ja/…` Japanese), a reader whose `lang` cookie, else
 * Accept-Language, asks for Japanese sent from an unprefixed page to its `/ja` twin, else English;
 * `<html lang>`, Content-Language and `Vary: Cookie, Accept-Language` on every page; the language's
 * first texts preloaded and the other's not; and never a page kept for one language sent to a
 * reader of the other — through `app.inject` and through a listening server, where hot answers
 * are replayed before Fastify (lib/replay.ts).
 * The web app's own rendering is in apps/web (entry-server.test.tsx) and the journeys.
 */
const root = path.join(tmpdir(), `kanna-lang-${process.pid}-${Date.now()}`);
const shell =
  '<!doctype html><html lang="en" data-theme="kanna"><head><title>Kanna</title>\n<meta name="description" content="The shop." /></head><body><div id="root"></div><noscript>Kanna needs JavaScript.</noscript><script type="module" crossorigin src="/assets/index-abc.js"></script></body></html>';
const manifest = {
  'index.html': {
    file: 'assets/index-abc.js',
    isEntry: true,
    imports: ['_layout.js'],
    // As the build gathers the first download's texts: one chunk per language, named for it.
    dynamicImports: ['_first-texts-en-444.js', '_first-texts-ja-555.js'],
  },
  '_first-texts-en-444.js': { file: 'assets/first-texts-en-444.js', name: 'first-texts-en' },
  '_first-texts-ja-555.js': { file: 'assets/first-texts-ja-555.js', name: 'first-texts-ja' },
  '_layout.js': {
    file: 'assets/layout-def.js',
    dynamicImports: ['src/app/i18n/en.ts', 'src/app/i18n/ja.ts', 'src/features/cart/pages/cart-page.tsx'],
  },
  'src/app/i18n/en.ts': { file: 'assets/en-111.js', isDynamicEntry: true },
  'src/app/i18n/ja.ts': { file: 'assets/ja-222.js', isDynamicEntry: true },
  'src/features/cart/pages/cart-page.tsx': { file: 'assets/cart-page-333.js', isDynamicEntry: true },
};
const renderer = `
export const pages = { '/': { reads: { tools: { from: 'tools', query: { limit: 2 } } }, serves: () => true } };
export async function shellHead(lang) {
  return { head: '<title>Kanna（' + lang + '）</title>', noscript: 'JavaScript が必要です。' };
}
export async function renderPage({ path, lang, data }) {
  const greeting = lang === 'ja' ? 'ようこそ' : 'Welcome';
  const names = data.tools.items.map((t) => t.productName).join(', ');
  return { head: '<title>' + greeting + '</title>', root: '<div id="root"><p>' + [path, lang, greeting, names].join(' | ') + '</p></div>' };
}`;

let shop: TestShop;
let port = 0;
beforeAll(async () => {
  mkdirSync(path.join(root, 'dist', '.vite'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'index.html'), shell);
  writeFileSync(path.join(root, 'dist', '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), renderer);
  shop = await startTestShop({ env: { WEB_DIST: path.join(root, 'dist') } });
  // Enough tools for the page to be sent compressed (from 1 KB).
  for (let i = 0; i < 2; i++)
    await addToolByPiece(shop, `Plane ${'x'.repeat(600)} ${i}`, { available: 5, priceCents: 1000 });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await shop?.close();
  rmSync(root, { recursive: true, force: true });
});

const ja = { 'accept-language': 'ja-JP,ja;q=0.9' };
const en = { 'accept-language': 'en-GB,en;q=0.8' };
const htmlLang = (html: string) => /<html[^>]*\slang="(\w+)"/.exec(html)?.[1];
const pageLang = (html: string) => /<p>\/ \| (\w+) \|/.exec(html)?.[1];

type Answer = { status: number; headers: IncomingHttpHeaders; html: string };

/** A GET through a real connection, decompressed as a browser would. */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body =
          encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, html: body.toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a page in the reader’s language', () => {
  it('is English with nothing said, Japanese at its Japanese address, where a Japanese browser is sent, and says so', async () => {
    const english = await shop.app.inject({ url: '/' });
    expect(htmlLang(english.body)).toBe('en');
    expect(pageLang(english.body)).toBe('en');
    expect(english.headers['content-language']).toBe('en');
    const sent = await shop.app.inject({ url: '/', headers: ja });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe('/ja');
    const japanese = await shop.app.inject({ url: '/ja', headers: ja });
    expect(htmlLang(japanese.body)).toBe('ja');
    expect(pageLang(japanese.body)).toBe('ja');
    expect(japanese.body).toContain('<title>ようこそ</title>');
    expect(japanese.headers['content-language']).toBe('ja');
    for (const res of [english, japanese]) {
      const vary = String(res.headers.vary).toLowerCase();
      expect(vary).toContain('cookie');
      expect(vary).toContain('accept-language');
      expect(vary).toContain('accept-encoding');
    }
    expect(english.headers.etag).not.toBe(japanese.headers.etag);
  });

  it('preloads its own language’s first texts beside the entry, and never the other’s', async () => {
    const english = (await shop.app.inject({ url: '/' })).body;
    const japanese = (await shop.app.inject({ url: '/ja', headers: ja })).body;
    expect(english).toContain('<link rel="modulepreload" crossorigin href="/assets/en-111.js">');
    expect(english).toContain('<link rel="modulepreload" crossorigin href="/assets/first-texts-en-444.js">');
    expect(english).not.toMatch(/ja-222|first-texts-ja/);
    expect(japanese).toContain('<link rel="modulepreload" crossorigin href="/assets/ja-222.js">');
    expect(japanese).toContain('<link rel="modulepreload" crossorigin href="/assets/first-texts-ja-555.js">');
    expect(japanese).not.toMatch(/en-111|first-texts-en/);
    // Only texts: a lazy page's chunk is not preloaded.
    expect(japanese).not.toContain('cart-page-333');
  });

  it('follows the visitor’s choice (the cookie) over the browser’s language', async () => {
    const chosen = await shop.app.inject({ url: '/', headers: { ...en, cookie: 'theme=dark; lang=ja' } });
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe('/ja');
    const chosenEnglish = await shop.app.inject({ url: '/', headers: { ...ja, cookie: 'lang=en' } });
    expect(pageLang(chosenEnglish.body)).toBe('en');
    const unknown = await shop.app.inject({ url: '/', headers: { ...ja, cookie: 'lang=fr' } });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/ja');
    // At the Japanese address, Japanese whatever the cookie says.
    const there = await shop.app.inject({ url: '/ja', headers: { ...ja, cookie: 'lang=en' } });
    expect(pageLang(there.body)).toBe('ja');
  });

  it('gives a page the browser renders, and the 404 page, the reader’s language too', async () => {
    const login = await shop.app.inject({ url: '/ja/login', headers: ja });
    expect(login.statusCode).toBe(200);
    expect(htmlLang(login.body)).toBe('ja');
    expect(login.body).toContain('<div id="root"></div>');
    // Its head and its words without JavaScript too; the English shell keeps index.html's.
    expect(login.body).toContain('<title>Kanna（ja）</title>');
    expect(login.body).not.toContain('The shop.');
    expect(login.body).toContain('<noscript>JavaScript が必要です。</noscript>');
    const english = await shop.app.inject({ url: '/login' });
    expect(english.body).toContain('<title>Kanna</title>');
    expect(english.body).toContain('<noscript>Kanna needs JavaScript.</noscript>');
    const missing = await shop.app.inject({ url: '/no-such-page', headers: { cookie: 'lang=ja' } });
    expect(missing.statusCode).toBe(404);
    expect(htmlLang(missing.body)).toBe('ja');
    expect(missing.headers['content-language']).toBe('ja');
    expect(String(missing.headers.vary)).toMatch(/accept-language/);
  });

  it('does not answer 304 to a Japanese reader holding the English page', async () => {
    const english = await shop.app.inject({ url: '/' });
    const japanese = await shop.app.inject({
      url: '/ja',
      headers: { ...ja, 'if-none-match': String(english.headers.etag) },
    });
    expect(japanese.statusCode).toBe(200);
    expect(pageLang(japanese.body)).toBe('ja');
  });

  it('never sends a kept English page to a Japanese reader through a listening server, in any form', async () => {
    const forms: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'br' }];
    // English first, several times in every form: whatever is kept or replayed is English.
    for (let round = 0; round < 3; round++)
      for (const form of forms) {
        const res = await get('/', { ...form });
        expect(res.status).toBe(200);
        expect(pageLang(res.html)).toBe('en');
      }
    const englishTag = (await get('/', {})).headers.etag as string;
    for (const form of forms) {
      const asksJapanese: Record<string, string>[] = [
        ja,
        { cookie: 'lang=ja' },
        { ...en, cookie: 'lang=ja' },
      ];
      for (const asks of asksJapanese) {
        const res = await get('/', { ...form, ...asks });
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe('/ja');
        expect(res.html).toBe('');
        const there = await get('/ja', { ...form, ...asks });
        expect(there.status).toBe(200);
        expect(htmlLang(there.html)).toBe('ja');
        expect(pageLang(there.html)).toBe('ja');
        expect(there.headers['content-language']).toBe('ja');
      }
      const revalidated = await get('/', { ...form, ...ja, 'if-none-match': englishTag });
      expect(revalidated.status).toBe(302);
      const revalidatedThere = await get('/ja', { ...form, ...ja, 'if-none-match': englishTag });
      expect(revalidatedThere.status).toBe(200);
      expect(pageLang(revalidatedThere.html)).toBe('ja');
    }
    // And back: Japanese kept, an English reader still gets English.
    for (const form of forms) expect(pageLang((await get('/', form)).html)).toBe('en');
  });
});
