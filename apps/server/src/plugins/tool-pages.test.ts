import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, addToolByPiece, type TestShop } from '../test/harness';
import type { Client } from '../test/http';
import { planeInPacks } from '../test/shopping';
import { SOURCE_ORIGIN, startShopRenderingSourceWithOwner } from '../test/web-source';

/**
 * A tool's public page, /tools/{slug} and /ja/tools/{slug} (decision 0053), rendered on the server
 * by the web app's own components (entry-server.tsx loaded from source): what a crawler or a
 * browser without JavaScript gets — the name, the price table with volume breaks and pack size,
 * the stock — and the Product's structured data; its id sends the reader on to its slug.
 */
const ORIGIN = SOURCE_ORIGIN;
const ADMIN = 'owner@kanna.example';

let shop: TestShop;
let admin: Client;
let plane: Awaited<ReturnType<typeof addTool>>;
let saw: Awaited<ReturnType<typeof addTool>>;
beforeAll(async () => {
  ({ shop, admin } = await startShopRenderingSourceWithOwner(ADMIN, '10.64.0.1'));
  plane = await planeInPacks(shop, { productName: 'Hira Kanna 70 mm', productNameJa: '平鉋 70mm' });
  saw = await addTool(shop, { productName: 'Dozuki Saw', minQuantity: 10, available: 4, priceCents: 2999 });
});
afterAll(() => shop?.close());

/** What comes before the first script: what paints before any JavaScript. */
const beforeScripts = (html: string) =>
  html.slice(0, html.search(/<script(?! type="application\/ld\+json")/));
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
/** The price table's rows: [pieces, price per piece]. */
const priceRows = (html: string) => {
  const table = /<table[^>]*data-testid="tool-prices"[^>]*>([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr[^>]*><th scope="row"[^>]*>(.*?)<\/th><td[^>]*>(.*?)<\/td><\/tr>/g)].map(
    (m) => [(m[1] ?? '').replace(/<!-- -->/g, ''), (m[2] ?? '').replace(/<!-- -->/g, '')],
  );
};
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1] ?? ''),
  );

describe('GET /tools/{slug}', () => {
  it('has the name, the price table with its volume breaks and pack size, and the stock in its HTML before any script', async () => {
    const res = await shop.app.inject(`/tools/${plane.slug}`);
    expect(plane.slug).toBe('hira-kanna-70-mm');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('en');
    const first = beforeScripts(res.body);
    expect(first).toMatch(/<h1[^>]*>Hira Kanna 70 mm<\/h1>/);
    expect(priceRows(first)).toEqual([
      ['6–23', '$54.50'],
      ['24–119', '$49'],
      ['120 or more', '$44'],
    ]);
    expect(first).toContain('Sold in packs of 6');
    expect(first).toContain('Minimum order: 6 pieces');
    expect(first).toContain('In stock: 600 pieces');
    expect(rootOf(res.body)).toContain('Add to cart');
    // The shop's name is in the tool's own (pageTitle adds it otherwise).
    expect(/<title>(.*?)<\/title>/.exec(res.body)?.[1]).toBe('Hira Kanna 70 mm');
  });

  it('is in Japanese at /ja/tools/{slug} for a crawler, and names both addresses', async () => {
    const res = await shop.app.inject(`/ja/tools/${plane.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('ja');
    const first = beforeScripts(res.body);
    expect(first).toMatch(/<h1[^>]*>平鉋 70mm<\/h1>/);
    expect(priceRows(first).at(-1)).toEqual(['120個以上', '$44']);
    expect(first).toContain('6個入りで販売');
    const en = `${ORIGIN}/tools/${plane.slug}`;
    const ja = `${ORIGIN}/ja/tools/${plane.slug}`;
    expect(/<link rel="canonical" href="([^"]*)"/.exec(res.body)?.[1]).toBe(ja);
    for (const [lang, href] of [
      ['en', en],
      ['ja', ja],
      ['x-default', en],
    ])
      expect(res.body).toContain(`<link rel="alternate" hrefLang="${lang}" href="${href}"/>`);
    const english = (await shop.app.inject(`/tools/${plane.slug}`)).body;
    expect(/<link rel="canonical" href="([^"]*)"/.exec(english)?.[1]).toBe(en);
    expect(english).toContain(`<link rel="alternate" hrefLang="ja" href="${ja}"/>`);
  });

  it('says the sold-out state of a tool with less left than its minimum', async () => {
    const first = beforeScripts((await shop.app.inject(`/tools/${saw.slug}`)).body);
    expect(first).toContain('Sold out');
    expect(first).not.toContain('Add to cart');
  });

  it('describes the tool as a schema.org Product with an Offer and a unit price per volume break', async () => {
    const [product, ...others] = jsonLd((await shop.app.inject(`/tools/${plane.slug}`)).body);
    expect(others).toEqual([]);
    expect(product['@context']).toBe('https://schema.org');
    expect(product['@type']).toBe('Product');
    expect(product.name).toBe('Hira Kanna 70 mm');
    expect(product.url).toBe(`${ORIGIN}/tools/${plane.slug}`);
    expect(product.image).toEqual([
      expect.stringMatching(new RegExp(`^${ORIGIN}/media/[0-9a-f-]{36}/960\\.webp$`)),
    ]);
    expect(product.brand).toEqual({ '@type': 'Brand', name: 'Kanna' });
    // This tool has no product codes: none named.
    expect(product).not.toHaveProperty('sku');
    expect(product).not.toHaveProperty('gtin13');
    const offer = product.offers;
    expect(offer['@type']).toBe('Offer');
    expect(offer).toMatchObject({
      url: `${ORIGIN}/tools/${plane.slug}`,
      price: 54.5,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 6, maxValue: 600 },
    });
    expect(
      offer.priceSpecification.map((spec: Record<string, unknown>) => ({
        type: spec['@type'],
        price: spec.price,
        currency: spec.priceCurrency,
        eligible: spec.eligibleQuantity,
      })),
    ).toEqual([
      {
        type: 'UnitPriceSpecification',
        price: 54.5,
        currency: 'USD',
        eligible: { '@type': 'QuantitativeValue', minValue: 6, maxValue: 23, unitCode: 'C62' },
      },
      {
        type: 'UnitPriceSpecification',
        price: 49,
        currency: 'USD',
        eligible: { '@type': 'QuantitativeValue', minValue: 24, maxValue: 119, unitCode: 'C62' },
      },
      {
        type: 'UnitPriceSpecification',
        price: 44,
        currency: 'USD',
        eligible: { '@type': 'QuantitativeValue', minValue: 120, unitCode: 'C62' },
      },
    ]);
    const [japanese] = jsonLd((await shop.app.inject(`/ja/tools/${plane.slug}`)).body);
    expect(japanese.name).toBe('平鉋 70mm');
    expect(japanese.url).toBe(`${ORIGIN}/ja/tools/${plane.slug}`);
    const [soldOut] = jsonLd((await shop.app.inject(`/tools/${saw.slug}`)).body);
    expect(soldOut.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('shows the reviews of this tool alone: a review of the shop neither shows there nor rates it', async () => {
    const posted = await admin.request({
      method: 'POST',
      url: '/api/review',
      payload: { rating: 5, description: 'Planes arrive sharp, and the shop answers within a day.' },
    });
    expect(posted.statusCode).toBe(201);
    const english = await shop.app.inject(`/tools/${plane.slug}`);
    const first = beforeScripts(english.body);
    expect(first).toMatch(/<h2[^>]*>Reviews of this tool<\/h2>/);
    expect(first).toContain('No reviews of this tool yet.');
    expect(english.body).not.toContain('Planes arrive sharp, and the shop answers within a day.');
    expect(beforeScripts((await shop.app.inject(`/ja/tools/${plane.slug}`)).body)).toMatch(
      /<h2[^>]*>この工具のレビュー<\/h2>/,
    );
    // A review of the shop names no tool (decision 0058): none is given as this Product's rating or review.
    const [product] = jsonLd(english.body);
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('review');
  });

  it('names the tool’s SKU and its JAN as GTIN-13 once an admin has set them, on its page in both languages', async () => {
    const coded = await addToolByPiece(shop, 'Coded Shiraki Plane', { available: 20, priceCents: 3200 });
    const before = jsonLd((await shop.app.inject(`/tools/${coded.slug}`)).body)[0];
    expect(before).not.toHaveProperty('gtin13');
    const saved = await admin.request({
      method: 'PATCH',
      url: `/api/handTools/${coded._id}`,
      payload: { sku: 'KN-SHIRAKI-1', jan: '4901234567894' },
    });
    expect(saved.statusCode).toBe(200);
    for (const address of [`/tools/${coded.slug}`, `/ja/tools/${coded.slug}`]) {
      const [product] = jsonLd((await shop.app.inject(address)).body);
      expect(product, address).toMatchObject({ sku: 'KN-SHIRAKI-1', gtin13: '4901234567894' });
    }
  });

  it('keeps a tool’s name that looks like markup as text: in the heading, and in the JSON-LD that still parses to it', async () => {
    const hostile = '</script><script>alert(1)</script> & <!-- "Kanna"';
    const odd = await addTool(shop, { productName: hostile, minQuantity: 1, available: 9, priceCents: 500 });
    expect(odd.slug).toMatch(/^[a-z0-9-]+$/);
    const html = (await shop.app.inject(`/tools/${odd.slug}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(beforeScripts(html)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const [product] = jsonLd(html);
    expect(product.name).toBe(hostile);
    expect(product.offers.priceSpecification[0].price).toBe(5);
  });

  it('answers 404, never an error, for an address that names no tool: markup, too long, one part too many', async () => {
    // An address that is not one (a broken escape, a NUL) is the client's mistake, as on every other path.
    for (const address of ['/tools/%E0%A4%A', '/ja/tools/%00'])
      expect((await shop.app.inject(address)).statusCode, address).toBe(400);
    for (const address of [
      '/tools/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      `/tools/${'a'.repeat(300)}`,
      '/tools/..%2F..%2Fetc%2Fpasswd',
      `/tools/${plane.slug}/extra`,
      `/ja/tools/${'あ'.repeat(120)}`,
    ]) {
      const res = await shop.app.inject(address);
      expect(res.statusCode, address).toBe(404);
      expect(res.body, address).not.toContain('<script>alert(1)');
    }
  });

  it('sends the id on to the slug (301), in the same language, and answers 404 for no tool on sale', async () => {
    const byId = await shop.app.inject(`/tools/${plane._id}?utm_source=x`);
    expect(byId.statusCode).toBe(301);
    expect(byId.headers.location).toBe(`/tools/${plane.slug}?utm_source=x`);
    const byIdJa = await shop.app.inject(`/ja/tools/${plane._id}`);
    expect(byIdJa.statusCode).toBe(301);
    expect(byIdJa.headers.location).toBe(`/ja/tools/${plane.slug}`);
    expect((await shop.app.inject('/tools/no-such-tool')).statusCode).toBe(404);
    expect((await shop.app.inject('/ja/tools/no-such-tool')).statusCode).toBe(404);

    const gone = await addToolByPiece(shop, 'Gone Gimlet', { available: 5, priceCents: 300 });
    expect((await shop.app.inject(`/tools/${gone.slug}`)).statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/api/handTools/${gone._id}` })).statusCode).toBe(
      200,
    );
    expect((await shop.app.inject(`/tools/${gone.slug}`)).statusCode).toBe(404);
  });

  it('sends a Japanese reader from /tools/{slug} to /ja/tools/{slug}', async () => {
    const res = await shop.app.inject({ url: `/tools/${plane.slug}`, headers: { cookie: 'lang=ja' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/ja/tools/${plane.slug}`);
  });
});

describe('GET /api/handTools/by-slug/{slug}', () => {
  it('answers the tool on sale by its slug or its id, with its slug; 404 for none', async () => {
    const bySlug = await admin.get(`/api/handTools/by-slug/${plane.slug}`);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({
      _id: plane._id,
      slug: plane.slug,
      productName: 'Hira Kanna 70 mm',
    });
    expect((await admin.get(`/api/handTools/by-slug/${plane._id}`)).json()._id).toBe(plane._id);
    expect((await admin.get('/api/handTools/by-slug/no-such-tool')).statusCode).toBe(404);
  });
});
