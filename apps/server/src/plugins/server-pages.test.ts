import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, startTestShop, type TestShop } from '../test/harness';

/**
 * The home page rendered on the server, with a stand-in for the web app's server build
 * (apps/web/dist-ssr/entry-server.js) that writes what it was given: the rendering of the real
 * components is tested in apps/web (entry-server.test.tsx) and by the journeys.
 */
const root = path.join(tmpdir(), `kanna-ssr-${process.pid}-${Date.now()}`);
const shell =
  '<!doctype html><html lang="en"><head><title>Kanna</title></head><body><div id="root"></div></body></html>';
const renderer = `
export const homeLimits = { tools: 2, reviews: 1 };
export async function renderHome({ path, data, payments }) {
  const names = data.tools.map((t) => t.productName);
  if (names.includes('Breaks the renderer')) throw new Error('render failed');
  return '<div id="root"><p>' + path + ' ' + payments + ': ' + names.join(', ') + ' / ' + data.reviews.length + ' review(s)</p></div>';
}`;

let shop: TestShop;
beforeAll(async () => {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'index.html'), shell);
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), renderer);
  shop = await startTestShop({ env: { WEB_DIST: path.join(root, 'dist') } });
});
afterAll(async () => {
  await shop?.close();
  rmSync(root, { recursive: true, force: true });
});

const rootOf = (html: string) => /<div id="root">(.*?)<\/div>/.exec(html)?.[1];

describe('the home page rendered on the server', () => {
  it('has the newest tools and reviews in its HTML at / and /home, as many as the renderer asks for', async () => {
    await addTool(shop, { productName: 'Oldest plane', minQuantity: 1, available: 5, priceCents: 1000 });
    await addTool(shop, { productName: 'Flush-cut saw', minQuantity: 1, available: 5, priceCents: 1000 });
    await addTool(shop, { productName: 'Paring chisel', minQuantity: 1, available: 5, priceCents: 1000 });
    await shop.services.reviews.create({ name: 'Aiko Mori', description: 'Great saws.', rating: 5 });
    for (const url of ['/', '/home']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(rootOf(res.body)).toBe(`<p>${url} test: Paring chisel, Flush-cut saw / 1 review(s)</p>`);
    }
  });

  it('is rendered again when the catalogue changes, with a new ETag; unchanged, it answers 304', async () => {
    const before = await shop.app.inject('/');
    const etag = String(before.headers.etag);
    expect((await shop.app.inject({ url: '/', headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    await addTool(shop, {
      productName: 'Price $& and $1 kept',
      minQuantity: 1,
      available: 5,
      priceCents: 1000,
    });
    const after = await shop.app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    // Written as it is: `$&` in a name is not a replacement pattern.
    expect(rootOf(after.body)).toBe('<p>/ test: Price $& and $1 kept, Paring chisel / 1 review(s)</p>');
  });

  it('leaves every other page to the browser: the plain shell', async () => {
    for (const url of ['/allProduct', '/login', '/no/such/page']) {
      expect(rootOf((await shop.app.inject(url)).body)).toBe('');
    }
  });

  it('sends the plain shell, still 200, when the rendering fails', async () => {
    await addTool(shop, {
      productName: 'Breaks the renderer',
      minQuantity: 1,
      available: 5,
      priceCents: 1000,
    });
    const res = await shop.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('');
    expect(res.body).toContain('<title>Kanna</title>');
  });
});
