import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, addToolByPiece, startTestShop, type TestShop } from '../test/harness';

/**
 * Pages rendered on the server: how they are read, kept, renewed and given up, with a stand-in
 * for the web app's server build (apps/web/dist-ssr/entry-server.js) that writes what it was
 * given and counts its renders. The web app's own rendering through the shop is in
 * server-pages.render.test.ts, in apps/web (entry-server.test.tsx) and in the journeys.
 */
const root = path.join(tmpdir(), `kanna-ssr-${process.pid}-${Date.now()}`);
const shell =
  '<!doctype html><html lang="en"><head><title>Kanna</title>\n<meta\n  name="description"\n  content="The shop."\n/></head><body><div id="root"></div></body></html>';
const renderer = `
const home = {
  reads: { tools: { from: 'tools', query: { limit: 2 } }, reviews: { from: 'reviews', query: { limit: 1 } } },
  serves: () => true,
};
export const pages = {
  '/': home,
  '/home': home,
  '/allReview': {
    reads: { reviews: { from: 'reviews', query: { limit: 1 } } },
    serves: (search) => !new URLSearchParams(search).has('cursor'),
  },
};
export async function renderPage({ path, lang, data, payments, origin }) {
  const names = (data.tools?.items ?? []).map((t) => t.productName);
  if (names.includes('Breaks the renderer')) throw new Error('render failed');
  globalThis.kannaStandInRenders = (globalThis.kannaStandInRenders ?? 0) + 1;
  const reviews = data.reviews.items.map((r) => r.description);
  return {
    head: '<title>' + path + ' page</title>',
    root: '<div id="root"><p>' + [path, lang, payments, origin, names.join(', '), reviews.join(', '), 'next: ' + data.reviews.next].join(' | ') + '</p></div>',
  };
}`;
const renders = () => (globalThis as { kannaStandInRenders?: number }).kannaStandInRenders ?? 0;

let shop: TestShop;
beforeAll(async () => {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'index.html'), shell);
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), renderer);
  shop = await startTestShop({
    env: { WEB_DIST: path.join(root, 'dist'), PUBLIC_URL: 'https://shop.example' },
  });
});
afterAll(async () => {
  await shop?.close();
  rmSync(root, { recursive: true, force: true });
});

const rootOf = (html: string) => /<div id="root">(.*?)<\/div>/.exec(html)?.[1];
const headOf = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)?.[1];
const addReview = (description: string) =>
  shop.services.reviews.create({ name: 'Aiko Mori', description, rating: 5 });

describe('pages rendered on the server', () => {
  it('draws each page from the reads it names, as many as it asks for, in its own head', async () => {
    await addTool(shop, { productName: 'Oldest plane', minQuantity: 1, available: 5, priceCents: 1000 });
    await addTool(shop, { productName: 'Flush-cut saw', minQuantity: 1, available: 5, priceCents: 1000 });
    await addTool(shop, { productName: 'Paring chisel', minQuantity: 1, available: 5, priceCents: 1000 });
    await addReview('Great saws.');
    await addReview('Sharp chisels.');
    for (const url of ['/', '/home']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const [drawn, next] = (rootOf(res.body) ?? '').split(' | next: ');
      expect(drawn).toBe(
        `<p>${url} | en | test | https://shop.example | Paring chisel, Flush-cut saw | Sharp chisels.`,
      );
      // With the next page's cursor: one review of two.
      expect(next).toMatch(/^[\w-]+<\/p>$/);
      // The page's head replaces the shell's title and description.
      expect(headOf(res.body)).toBe(`<title>${url} page</title>`);
    }
  });

  it('renders a page once while nothing it shows changes, and answers 304 to its ETag', async () => {
    const first = await shop.app.inject('/allReview');
    const before = renders();
    const again = await shop.app.inject('/allReview');
    expect(again.body).toBe(first.body);
    expect(renders()).toBe(before);
    // A query string the page draws the same shares its rendering.
    const tagged = await shop.app.inject('/allReview?utm_source=newsletter');
    expect(tagged.headers.etag).toBe(first.headers.etag);
    expect(renders()).toBe(before);
    const etag = String(first.headers.etag);
    expect(
      (await shop.app.inject({ url: '/allReview', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
  });

  it('renders again when what the page shows changes, with a new ETag', async () => {
    const before = await shop.app.inject('/');
    const etag = String(before.headers.etag);
    await addToolByPiece(shop, 'Price $& and $1 kept', { available: 5, priceCents: 1000 });
    const after = await shop.app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    // Written as it is: `$&` in a name is not a replacement pattern.
    expect(rootOf(after.body)).toContain('| Price $& and $1 kept, Paring chisel |');

    const reviews = String((await shop.app.inject('/allReview')).headers.etag);
    await addReview('Came in a wooden box.');
    const renewed = await shop.app.inject('/allReview');
    expect(renewed.headers.etag).not.toBe(reviews);
    expect(rootOf(renewed.body)).toContain('| Came in a wooden box. |');
  });

  it('leaves to the browser, as the plain shell, every address and query string the build does not draw', async () => {
    for (const url of ['/allProduct', '/login', '/allReview?cursor=AbC123', '/allReview/']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(res.body), url).toBe('');
      expect(res.body, url).toBe(shell.replace('<html', '<html data-payments="test"'));
    }
    expect(rootOf((await shop.app.inject('/no/such/page')).body)).toBe('');
  });

  it('leaves a signed-in reader’s page to the browser, which reads their own prices (a price list)', async () => {
    const signedIn = [
      { cookie: 'kanna-lang=en; better-auth.session_token=abc.def' },
      { cookie: '__Secure-better-auth.session_token=abc.def' },
      { authorization: 'Bearer abc' },
    ];
    for (const headers of signedIn) {
      const res = await shop.app.inject({ url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body), JSON.stringify(headers)).toBe('');
    }
    // Another cookie is no session: a visitor's page is drawn as before.
    const visitor = await shop.app.inject({ url: '/', headers: { cookie: 'kanna-lang=en' } });
    expect(rootOf(visitor.body)).toContain('<p>/ | en |');
  });

  it('sends the plain shell, still 200, when the rendering fails', async () => {
    await addToolByPiece(shop, 'Breaks the renderer', { available: 5, priceCents: 1000 });
    const res = await shop.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('');
    expect(res.body).toContain('<title>Kanna</title>');
  });
});
