// @vitest-environment node
// As on the server: no document while rendering (happy-dom only reads the result).
import type { Tool } from '@kanna/shared/catalog';
import type { Review } from '@kanna/shared/reviews';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { pages, type RenderedPage, renderPage } from './entry-server';
import { chisel } from './test/fixtures';

/** The pages as the server renders them (apps/server/src/plugins/server-pages.ts loads this module). */

const ORIGIN = 'https://shop.example';

const tool = (n: number, over: Partial<Tool> = {}): Tool =>
  chisel({
    _id: `9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d${String(n).padStart(2, '0')}`,
    productName: `Oire Nomi Bench Chisel ${n} mm`,
    img: `/media/chisel-${n}/640.webp`,
    srcset: `/media/chisel-${n}/320.webp 320w`,
    ...over,
  });
const review = (n: number, over: Partial<Review> = {}): Review => ({
  _id: `0b7e4f52-8d1a-4b0c-a3c6-5e9f2d7b1a${String(n).padStart(2, '0')}`,
  name: `Buyer ${n}`,
  description: 'The chisels hold their edge through a week of mortises.',
  rating: 4,
  img: null,
  verified: false,
  createdAt: '2024-05-01T00:00:00.000Z',
  ...over,
});

const hostile = '</script><script>alert(1)</script> <!-- $&';
const tools = [tool(1, { productName: hostile }), ...[2, 3, 4, 5, 6, 7, 8].map((n) => tool(n))];
const reviews = [review(1, { description: hostile }), review(2), review(3), review(4)];
const homeData = { tools: { items: tools, next: 'c2' }, reviews: { items: reviews, next: null } };

async function render(
  path: string,
  data: Record<string, { items: unknown[]; next: string | null }>,
  payments: 'test' | 'stripe' = 'test',
) {
  const rendered = await renderPage({ path, lang: 'en', data, payments, origin: ORIGIN });
  const { document: page } = new Window();
  page.head.innerHTML = rendered.head;
  page.body.innerHTML = rendered.root;
  return { ...rendered, page };
}

/** Every `<script …>` the rendered page adds, head and body. */
const scriptsOf = ({ head, root }: RenderedPage) => `${head}${root}`.match(/<script\b[^>]*>/g);

describe('renderPage: the home page', () => {
  it('draws the banner, the eight newest tools and the four newest reviews into the HTML', async () => {
    const { page } = await render('/', homeData);
    const root = page.getElementById('root');
    expect(root?.querySelector('h1')?.textContent).toBe('wooden Hand Tools');
    const toolCards = page.querySelector('section[aria-labelledby="tools-heading"]');
    expect(toolCards?.querySelectorAll('article')).toHaveLength(8);
    expect(toolCards?.querySelector('article h3')?.textContent).toBe(hostile);
    const reviewCards = page
      .querySelector('section[aria-labelledby="reviews-heading"]')
      ?.querySelectorAll('article');
    expect(reviewCards).toHaveLength(4);
    expect(page.querySelector('footer')?.textContent).toContain(String(new Date().getFullYear()));
  });

  it('has its title and description, and names / as its address at / and /home', async () => {
    for (const path of ['/', '/home']) {
      const { page } = await render(path, homeData);
      expect(page.title).toBe('Kanna — Japanese wooden hand tools, factory direct in bulk');
      expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Kanna sells/);
      expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/`);
    }
  });

  it('keeps the newsletter form from being sent natively before the page has hydrated', async () => {
    const { page } = await render('/', homeData);
    const form = page.querySelector('section[aria-labelledby="newsletter-heading"] form');
    const subscribe = form?.querySelector('button[type="submit"]');
    expect(subscribe?.textContent).toBe('Subscribe');
    expect(subscribe?.hasAttribute('disabled')).toBe(true);
  });

  it('says test mode in the first paint when the shop is in test mode, and not otherwise', async () => {
    expect((await render('/', homeData, 'test')).page.querySelector('[role="note"]')?.textContent).toMatch(
      /Test mode/,
    );
    expect((await render('/', homeData, 'stripe')).page.querySelector('[role="note"]')).toBeNull();
  });

  it('has no script but its data block, which gives back exactly what it was given', async () => {
    const rendered = await render('/', homeData);
    // Anything else (React revealing a suspended part) would be blocked by the Content-Security-Policy.
    expect(scriptsOf(rendered)).toEqual(['<script type="application/json" id="page-data">']);
    expect(rendered.root).not.toContain('<!--$?-->');
    // A customer's `</script>` cannot end the block early.
    expect(rendered.root.match(/<\/script>/g)).toHaveLength(1);
    const block = rendered.page.getElementById('page-data');
    expect(JSON.parse(block?.textContent ?? '')).toEqual({ page: 'home', lang: 'en', data: homeData });
  });
});

describe('renderPage: the catalogue', () => {
  const soldOut = tool(3, {
    productName: 'Kanna plane, last few',
    minQuantity: 50,
    maxQuantity: 10,
    perPrice: 120,
  });
  const catalogue = [
    tool(1, { productName: hostile, description: hostile, perPrice: 38.5, slug: 'oire-nomi-1' }),
    tool(2, { perPrice: 7.25 }),
    soldOut,
  ];
  const data = { tools: { items: catalogue, next: 'next-cursor' } };

  it('draws the first page of tools with a real link to the next page', async () => {
    const { page } = await render('/allProduct', data);
    expect(page.querySelector('h1')?.textContent).toBe('All wooden tools');
    const names = [...page.querySelectorAll('main article h2')].map((h) => h.textContent);
    expect(names).toEqual([hostile, 'Oire Nomi Bench Chisel 2 mm', 'Kanna plane, last few']);
    expect(page.querySelector('[role="status"]')?.textContent).toBe('3 tools; more below');
    expect(page.querySelector('a[href="/allProduct?cursor=next-cursor"]')?.textContent).toBe('More tools');
    // The first card's picture is asked for first: it is the likely largest paint.
    expect(page.querySelector('main article img')?.getAttribute('fetchpriority')).toBe('high');
  });

  it('has its title, description and canonical address', async () => {
    const { page } = await render('/allProduct', data);
    expect(page.title).toBe('All wooden tools | Kanna');
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Every Japanese/,
    );
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/allProduct`);
  });

  it('describes the tools as an ItemList of Products in JSON-LD that no name can break out of', async () => {
    const rendered = await render('/allProduct', data);
    expect(scriptsOf(rendered)).toEqual([
      '<script type="application/ld+json">',
      '<script type="application/json" id="page-data">',
    ]);
    expect(rendered.head.match(/<\/script>/g)).toHaveLength(1);
    const ld = JSON.parse(
      rendered.page.querySelector('script[type="application/ld+json"]')?.textContent ?? '',
    );
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList', numberOfItems: 3 });
    expect(ld.itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      item: {
        '@type': 'Product',
        name: hostile,
        description: hostile,
        image: `${ORIGIN}/media/chisel-1/640.webp`,
        url: `${ORIGIN}/tools/oire-nomi-1`,
        offers: {
          '@type': 'Offer',
          url: `${ORIGIN}/tools/oire-nomi-1`,
          price: 38.5,
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 20 },
        },
      },
    });
    const offers = ld.itemListElement.map((entry: { item: { offers: object } }) => entry.item.offers);
    expect(offers.map((o: { price: number }) => o.price)).toEqual([38.5, 7.25, 120]);
    expect(offers[2].availability).toBe('https://schema.org/OutOfStock');
  });
});

describe('renderPage: the reviews', () => {
  it('draws the newest reviews, with its title, description and canonical address and no structured data', async () => {
    const rendered = await render('/allReview', { reviews: { items: reviews, next: null } });
    const { page } = rendered;
    expect(page.querySelector('h1')?.textContent).toBe('CLIENT REVIEW');
    expect([...page.querySelectorAll('main article h2')].map((h) => h.textContent)).toEqual(
      reviews.map((r) => r.name),
    );
    expect(page.querySelector('main article')?.textContent).toContain(hostile);
    // The last page: no link to more.
    expect(page.querySelector('a[href^="/allReview?cursor="]')).toBeNull();
    expect(page.title).toBe('Client reviews | Kanna');
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/allReview`);
    expect(scriptsOf(rendered)).toEqual(['<script type="application/json" id="page-data">']);
  });
});

describe('pages', () => {
  it('renders only the view the browser draws without a query: other filters and later pages are left to it', () => {
    const catalogue = pages['/allProduct'];
    for (const search of [
      '',
      'utm_source=newsletter',
      'search=&sort=newest&kind=',
      'cursor=not%20a%20cursor',
    ]) {
      expect(catalogue?.serves(search), search).toBe(true);
    }
    for (const search of ['search=saw', 'sort=price-asc', 'kind=chisel', 'cursor=AbC_12-x']) {
      expect(catalogue?.serves(search), search).toBe(false);
    }
    expect(pages['/allReview']?.serves('')).toBe(true);
    expect(pages['/allReview']?.serves('cursor=AbC_12-x')).toBe(false);
    expect(pages['/']?.serves('anything=1')).toBe(true);
    expect(Object.keys(pages).sort()).toEqual(['/', '/allProduct', '/allReview', '/home']);
  });

  it('reads each page from the public lists the page itself asks for', () => {
    expect(pages['/']?.reads).toEqual({
      tools: { from: 'tools', query: { limit: 8 } },
      reviews: { from: 'reviews', query: { limit: 4 } },
    });
    expect(pages['/allProduct']?.reads).toEqual({ tools: { from: 'tools', query: {} } });
    expect(pages['/allReview']?.reads).toEqual({ reviews: { from: 'reviews', query: {} } });
  });
});
