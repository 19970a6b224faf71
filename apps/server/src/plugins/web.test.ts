import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../test/harness';

/** Production serving of the built web app, on a stand-in build. */
let shop: TestShop;
let dist = '';
const shell = `<!doctype html><html lang="en"><head><title>Kanna</title></head><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`;
const appJs = `console.log(${JSON.stringify('y'.repeat(4000))});`;

beforeAll(async () => {
  dist = path.join(process.env.TMPDIR ?? '/tmp', `kanna-web-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), shell);
  writeFileSync(
    path.join(dist, 'assets', 'index-AbC123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  // A build's precompressed copy (apps/web/scripts/precompress.ts) beside one asset only; it says
  // where it came from, so a test can tell it from the server compressing the original.
  writeFileSync(path.join(dist, 'assets', 'app-XyZ789.js'), appJs);
  writeFileSync(path.join(dist, 'assets', 'app-XyZ789.js.br'), brotliCompressSync(`${appJs}//br`));
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  shop = await startTestShop({ env: { WEB_DIST: dist } });
});
afterAll(() => shop?.close());

describe('serving the web app', () => {
  it.each([
    '/',
    '/home',
    '/allProduct',
    '/allReview',
    '/blog',
    '/myPortfolio',
    '/login',
    '/purchase/abc',
    '/dashboard/myProfile',
  ])('answers the client route %s with the app shell (200, revalidated)', async (url) => {
    const res = await shop.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('writes test mode into the shell, so every page shows the notice in its first render', async () => {
    for (const url of ['/', '/allProduct', '/no/such/page', '/index.html']) {
      const res = await shop.app.inject(url);
      expect(res.body).toMatch(/<html [^>]*data-payments="test"/);
      expect(res.body).toContain('<div id="root"></div>');
    }
    expect((await shop.app.inject('/api/settings')).json()).toMatchObject({ payments: 'test' });
  });

  it('compresses the shell for browsers that take it, as the same page', async () => {
    const plain = await shop.app.inject('/allProduct');
    const res = await shop.app.inject({ url: '/allProduct', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
  });

  it('lets the browser revalidate the shell (ETag, 304)', async () => {
    const first = await shop.app.inject('/home');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await shop.app.inject({ url: '/allReview', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers an unknown page with the app shell and 404, so the app shows its 404 page', async () => {
    const res = await shop.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('answers an unknown API route with JSON 404, never the shell', async () => {
    const res = await shop.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await shop.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it("sends the build's Brotli copy of an asset as it is, to browsers that take Brotli", async () => {
    const res = await shop.app.inject({
      url: '/assets/app-XyZ789.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${appJs}//br`);
    // Without Brotli the same asset is compressed on the way out, as assets without a copy are.
    const gzip = await shop.app.inject({
      url: '/assets/app-XyZ789.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await shop.app.inject({ url: '/assets/app-XyZ789.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
  });

  it('sends the Brotli copy only in place of its asset, never at an address of its own', async () => {
    const res = await shop.app.inject({ url: '/assets/app-XyZ789.js.br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toContain('//br');
  });

  it('sends security headers with a Content-Security-Policy on pages and API', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await shop.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      // WebAssembly may be compiled (the barcode reader), never JavaScript from a string.
      expect(csp).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
      expect(csp).not.toMatch(/'unsafe-eval'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('serves robots.txt', async () => {
    const res = await shop.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('User-agent');
  });

  it('reports health with the database kind', async () => {
    const res = await shop.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: shop.database.kind, listening: true });
  });
});

describe('Content-Security-Policy with Stripe', () => {
  it("allows Stripe's script, frames and API only when Stripe is configured", async () => {
    const withStripe = await startTestShop({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' },
    });
    try {
      const csp = String((await withStripe.app.inject('/api/health')).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
      expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    } finally {
      await withStripe.close();
    }
    const plain = String((await shop.app.inject('/api/health')).headers['content-security-policy']);
    expect(plain).not.toContain('stripe');
    expect(plain).toContain("frame-src 'none'");
  });

  it('writes Stripe mode into the shell when payments are real, so no page shows the test notice', async () => {
    const withStripe = await startTestShop({
      env: { WEB_DIST: dist, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' },
    });
    try {
      const res = await withStripe.app.inject('/home');
      expect(res.body).toMatch(/<html [^>]*data-payments="stripe"/);
      expect((await withStripe.app.inject('/api/settings')).json()).toMatchObject({ payments: 'stripe' });
    } finally {
      await withStripe.close();
    }
  });
});
