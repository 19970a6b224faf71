// @vitest-environment node
// As on the server: no document while rendering (happy-dom only reads the result).
import type { Tool } from '@kanna/shared/catalog';
import type { Review } from '@kanna/shared/reviews';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { renderHome } from './entry-server';

/** The home page as the server renders it (apps/server/src/plugins/home-page.ts loads this module). */

const tool = (n: number, over: Partial<Tool> = {}): Tool => ({
  _id: `9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d${String(n).padStart(2, '0')}`,
  productName: `Oire Nomi Bench Chisel ${n} mm`,
  description: 'A bench chisel.',
  kind: 'chisel',
  img: `/media/chisel-${n}/640.webp`,
  srcset: `/media/chisel-${n}/320.webp 320w`,
  minQuantity: 20,
  maxQuantity: 2000,
  perPrice: 38.5,
  packSize: 1,
  volumePrices: [],
  createdAt: '2024-05-01T00:00:00.000Z',
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

async function renderPage(payments: 'test' | 'stripe' = 'test') {
  const html = await renderHome({ path: '/', data: { tools, reviews }, payments });
  const { document: page } = new Window();
  page.body.innerHTML = html;
  return { html, page };
}

describe('renderHome', () => {
  it('draws the banner, the eight newest tools and the four newest reviews into the HTML', async () => {
    const { page } = await renderPage();
    const root = page.getElementById('root');
    expect(root?.querySelector('h1')?.textContent).toBe('wooden Hand Tools');
    const tools = page.querySelector('section[aria-labelledby="tools-heading"]');
    expect(tools?.querySelectorAll('article')).toHaveLength(8);
    expect(tools?.querySelector('article h3')?.textContent).toBe(hostile);
    const reviewCards = page
      .querySelector('section[aria-labelledby="reviews-heading"]')
      ?.querySelectorAll('article');
    expect(reviewCards).toHaveLength(4);
    expect(page.querySelector('footer')?.textContent).toContain(String(new Date().getFullYear()));
  });

  it('keeps the newsletter form from being sent natively before the page has hydrated', async () => {
    const { page } = await renderPage();
    const form = page.querySelector('section[aria-labelledby="newsletter-heading"] form');
    const subscribe = form?.querySelector('button[type="submit"]');
    expect(subscribe?.textContent).toBe('Subscribe');
    expect(subscribe?.hasAttribute('disabled')).toBe(true);
  });

  it('says test mode in the first paint when the shop is in test mode, and not otherwise', async () => {
    expect((await renderPage('test')).page.querySelector('[role="note"]')?.textContent).toMatch(/Test mode/);
    expect((await renderPage('stripe')).page.querySelector('[role="note"]')).toBeNull();
  });

  it('has no script but its data block, which gives back exactly what it was given', async () => {
    const { html, page } = await renderPage();
    // Anything else (React revealing a suspended part) would be blocked by the Content-Security-Policy.
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="application/json" id="home-data">']);
    expect(html).not.toContain('<!--$?-->');
    // A customer's `</script>` cannot end the block early.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const block = page.getElementById('home-data');
    expect(JSON.parse(block?.textContent ?? '')).toEqual({ tools, reviews });
  });
});
