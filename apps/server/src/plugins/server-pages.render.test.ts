import type { Tool } from '@kanna/shared/catalog';
import type { Review } from '@kanna/shared/reviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, type TestShop } from '../test/harness';
import { Client } from '../test/http';
import { SOURCE_ORIGIN, startShopRenderingSourceWithOwner } from '../test/web-source';

/**
 * The catalogue and the reviews as the shop serves them, rendered on the server by the web app's
 * own components: its server entry (apps/web/src/entry-server.tsx) is loaded from source where the
 * build would be (dist-ssr/entry-server.js), into the web app's page (index.html). What a crawler
 * or a browser without JavaScript gets: the first tools and reviews, each page's head, and the
 * catalogue's structured data — renewed when an admin edits a tool.
 */
const ORIGIN = SOURCE_ORIGIN;
const ADMIN = 'owner@kanna.example';

let shop: TestShop;
let admin: Client;
let visitor: Client;
beforeAll(async () => {
  ({ shop, admin } = await startShopRenderingSourceWithOwner(ADMIN, '10.61.0.1'));
  visitor = new Client(shop.app, ORIGIN, '10.61.0.2');
});
afterAll(() => shop?.close());

const hostile = '</script><script>alert(1)</script> <!-- $&';

/** The page's parts as a crawler reads them. */
function parts(html: string) {
  const inRoot = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => m[1] ?? '',
  );
  return {
    root: inRoot,
    title: /<title>(.*?)<\/title>/s.exec(html)?.[1],
    titles: html.match(/<title>/g)?.length ?? 0,
    descriptions: html.match(/<meta name="description"/g) ?? [],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    ld: ld.map((text) => JSON.parse(text)),
    ldText: ld,
  };
}

type Offer = { price: number; priceCurrency: string; availability: string };
type Listed = { position: number; item: { name: string; url: string; image: string; offers: Offer } };

const apiTools = async () => (await visitor.get('/api/handTools')).json() as Tool[];
const apiReviews = async () => (await visitor.get('/api/review')).json() as Review[];

describe('GET /allProduct', () => {
  it('has the first tools in its HTML, and an ItemList of their Products, prices and availability as JSON-LD', async () => {
    await addTool(shop, { productName: 'Hira Kanna 48 mm', minQuantity: 5, available: 60, priceCents: 5450 });
    await addTool(shop, {
      productName: 'Kugihiki flush saw',
      minQuantity: 10,
      available: 4,
      priceCents: 1999,
    });
    await addTool(shop, { productName: hostile, minQuantity: 1, available: 100, priceCents: 725 });
    const tools = await apiTools();
    expect(tools).toHaveLength(3);

    const res = await visitor.get('/allProduct');
    expect(res.statusCode).toBe(200);
    const page = parts(res.body);
    expect(page.root).toContain('<h1 class="text-3xl font-bold sm:text-4xl">All wooden tools</h1>');
    for (const name of ['Hira Kanna 48 mm', 'Kugihiki flush saw'])
      expect(page.root).toContain(`>${name}</h2>`);
    expect(page.root).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- $&amp;</h2>');

    expect(page.ld).toHaveLength(1);
    const [list] = page.ld;
    expect(list['@type']).toBe('ItemList');
    const listed = list.itemListElement as Listed[];
    expect(listed.map((entry) => entry.item.name)).toEqual(tools.map((t) => t.productName));
    expect(listed.map((entry) => entry.item.offers.price)).toEqual(tools.map((t) => t.perPrice));
    expect(listed.map((entry) => entry.item.offers.price)).toEqual([7.25, 19.99, 54.5]);
    for (const [i, entry] of listed.entries()) {
      const tool = tools[i] as Tool;
      expect(entry.position).toBe(i + 1);
      // The tool's public page, the address search engines index (decision 0053), not the purchase page.
      expect(entry.item.url).toBe(`${ORIGIN}/tools/${tool.slug}`);
      expect(entry.item.image).toBe(`${ORIGIN}${tool.img}`);
      expect(entry.item.offers.priceCurrency).toBe('USD');
    }
    // 4 left of a minimum order of 10: sold out.
    expect(listed.map((entry) => entry.item.offers.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/OutOfStock',
      'https://schema.org/InStock',
    ]);
    // A tool's name cannot end the element: its `<` is written as \u003c.
    expect(page.ldText[0]).not.toContain('<');
    expect(page.ldText[0]).toContain('\\u003c/script>');
  });

  it('has its own title, one description and its canonical address in the head', async () => {
    const page = parts((await visitor.get('/allProduct')).body);
    expect(page.title).toBe('All wooden tools | Kanna');
    expect(page.titles).toBe(1);
    expect(page.descriptions).toHaveLength(1);
    expect((await visitor.get('/allProduct')).body).toContain(
      '<meta name="description" content="Every Japanese',
    );
    expect(page.canonical).toBe(`${ORIGIN}/allProduct`);
  });

  it('serves the HTML and structured data of the edited tool once an admin edits it', async () => {
    const before = await visitor.get('/allProduct');
    const tool = (await apiTools()).find((t) => t.productName === 'Hira Kanna 48 mm') as Tool;
    const edited = await admin.request({
      method: 'PATCH',
      url: `/api/handTools/${tool._id}`,
      payload: { productName: 'Hira Kanna 48 mm, white oak', perPrice: 49.99 },
    });
    expect(edited.statusCode).toBe(200);

    const after = await visitor.get('/allProduct', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const page = parts(after.body);
    expect(page.root).toContain('>Hira Kanna 48 mm, white oak</h2>');
    expect(page.root).not.toContain('>Hira Kanna 48 mm</h2>');
    const listed = page.ld[0].itemListElement as Listed[];
    const entry = listed.find((e) => e.item.url === `${ORIGIN}/tools/${tool.slug}`);
    expect(entry?.item).toMatchObject({ name: 'Hira Kanna 48 mm, white oak', offers: { price: 49.99 } });
    // The home page shows it too.
    expect((await visitor.get('/')).body).toContain('>Hira Kanna 48 mm, white oak</h3>');
  });

  it('leaves a search, a sort, a kind or a later page to the browser, and draws the first page for anything else', async () => {
    const plain = parts((await visitor.get('/login')).body);
    for (const url of [
      '/allProduct?search=saw',
      '/allProduct?sort=price-asc',
      '/allProduct?kind=saw',
      '/allProduct?cursor=AbC123',
    ]) {
      const res = await visitor.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(parts(res.body).title, url).toBe(plain.title);
    }
    const first = await visitor.get('/allProduct');
    for (const url of ['/allProduct?utm_source=newsletter', '/allProduct?search=&sort=newest&kind=']) {
      expect((await visitor.get(url)).headers.etag, url).toBe(first.headers.etag);
    }
  });
});

describe('GET /allReview', () => {
  it('has the newest reviews in its HTML, its own head and no structured data; a new review appears', async () => {
    await shop.services.reviews.create({
      name: 'Aiko Mori',
      description: 'Holds an edge all week.',
      rating: 5,
    });
    await shop.services.reviews.create({ name: 'Ken Ito', description: hostile, rating: 4 });
    const reviews = await apiReviews();
    const res = await visitor.get('/allReview');
    expect(res.statusCode).toBe(200);
    const page = parts(res.body);
    expect(page.root).toContain('>CLIENT REVIEW</h1>');
    for (const review of reviews) expect(page.root).toContain(`>${review.name}</h2>`);
    expect(page.root).toContain('Holds an edge all week.');
    expect(page.root).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.title).toBe('Client reviews | Kanna');
    expect(page.canonical).toBe(`${ORIGIN}/allReview`);
    expect(page.ld).toEqual([]);

    await shop.services.reviews.create({ name: 'Mei Sato', description: 'Arrived in a day.', rating: 5 });
    const renewed = parts((await visitor.get('/allReview')).body);
    expect(renewed.root).toContain('>Mei Sato</h2>');
    expect(renewed.root).toContain('Arrived in a day.');
  });
});
