import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@kanna/shared';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, startTestShop, type TestShop, webBuildFromSource } from '../../test/harness';
import type { Client } from '../../test/http';
import { payByCard, placeOrder, signedIn } from '../../test/shopping';

/**
 * Reviews of a tool (decision 0058): a buyer reviews a tool an order of theirs that has shipped
 * holds, once; the tool's page (rendered on the server by the web app's own components, as a
 * crawler gets it) shows that tool's reviews, and its Product JSON-LD is rated with them alone —
 * an admin's removal takes a review out of the rating too.
 */
const root = path.join(tmpdir(), `kanna-tool-reviews-${process.pid}-${Date.now()}`);
const ORIGIN = 'https://shop.example';
const ADMIN = 'owner@kanna.example';

let shop: TestShop;
let admin: Client;
let plane: Awaited<ReturnType<typeof addTool>>;
let saw: Awaited<ReturnType<typeof addTool>>;
let n = 0;

beforeAll(async () => {
  shop = await startTestShop({
    env: {
      WEB_DIST: webBuildFromSource(root),
      PUBLIC_URL: ORIGIN,
      ADMIN_EMAILS: ADMIN,
      AUTH_RATE_LIMIT: '1000',
    },
  });
  admin = await signedIn(shop, '10.58.0.1', 'Owner', ADMIN);
  plane = await addTool(shop, {
    productName: 'Reviewed Hira Kanna',
    productNameJa: '評価される平鉋',
    minQuantity: 1,
    available: 500,
    priceCents: 5450,
  });
  saw = await addTool(shop, {
    productName: 'Unreviewed Dozuki',
    minQuantity: 1,
    available: 500,
    priceCents: 2999,
  });
});
afterAll(async () => {
  await shop?.close();
  rmSync(root, { recursive: true, force: true });
});

const buyer = () => {
  n++;
  return signedIn(shop, `10.58.1.${n}`, `Tool Buyer ${n}`, `tool.buyer.${n}@kanna.example`);
};

/** An order of `toolId` by `c`, paid by card; shipped by the shop unless `ship` is false. */
async function order(c: Client, toolId: string, ship = true) {
  const id = await placeOrder(c, toolId, 2);
  await payByCard(c, id);
  if (ship) {
    const shipped = await admin.request({ method: 'PATCH', url: `/api/order/${id}/ship` });
    expect(shipped.json()).toMatchObject({ status: 'shipped' });
  }
  return id;
}

const review = (c: Client, toolId: string, rating: number, description: string, headers = {}) =>
  c.post(`/api/handTools/${toolId}/reviews`, { rating, description }, headers);

/** What paints before any JavaScript. */
const beforeScripts = (html: string) =>
  html.slice(0, html.search(/<script(?! type="application\/ld\+json")/));
const productOf = async (address: string) => {
  const html = (await shop.app.inject(address)).body;
  const [, json] = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html) ?? [];
  return { html, product: JSON.parse(json ?? 'null') };
};

describe('POST /api/handTools/{id}/reviews', () => {
  it('refuses a buyer who never ordered the tool, and one whose order has not shipped, with 403 and says why in their language', async () => {
    const stranger = await buyer();
    const never = await review(stranger, plane._id, 5, 'Never bought it.');
    expect(never.statusCode).toBe(403);
    expect(never.json()).toMatchObject({ key: 'toolNotReceived', message: messages.toolNotReceived });

    const waiting = await buyer();
    await order(waiting, plane._id, false);
    const early = await review(waiting, plane._id, 5, 'Not here yet.', { 'accept-language': 'ja' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ key: 'toolNotReceived', message: messagesJa.toolNotReceived });
    // Their shipped order of another tool does not open this one.
    await order(waiting, saw._id);
    expect((await review(waiting, plane._id, 5, 'Still not here.')).statusCode).toBe(403);
    expect((await productOf(`/tools/${plane.slug}`)).product).not.toHaveProperty('aggregateRating');
  });

  it('refuses an anonymous caller with 401 and a rating out of range with 400', async () => {
    const anonymous = await shop.app.inject({
      method: 'POST',
      url: `/api/handTools/${plane._id}/reviews`,
      headers: { origin: ORIGIN },
      payload: { rating: 5, description: 'Hi' },
    });
    expect(anonymous.statusCode).toBe(401);
    const c = await buyer();
    await order(c, plane._id);
    const bad = await review(c, plane._id, 6, 'Six stars.');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.ratingInvalid);
  });

  it('takes one review per buyer per tool: the second is 409 and says why', async () => {
    const c = await buyer();
    await order(c, saw._id);
    expect((await review(c, saw._id, 4, 'Cuts clean.')).statusCode).toBe(201);
    const again = await review(c, saw._id, 5, 'Even better now.');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ key: 'toolReviewedAlready', message: messages.toolReviewedAlready });
    // A second shipped order of it changes nothing.
    await order(c, saw._id);
    expect((await review(c, saw._id, 5, 'Third time.')).statusCode).toBe(409);
    const listed = (await shop.app.inject(`/api/handTools/by-slug/${saw.slug}/reviews`)).json();
    expect(listed).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(listed.items.map((r: { description: string }) => r.description)).toEqual(['Cuts clean.']);
  });
});

describe("a tool's page and its Product JSON-LD", () => {
  const texts = ['Sharp out of the box.', 'Good, the sole needed truing.', 'The blade chipped.'];
  let ids: string[] = [];

  it('says the tool has no reviews yet and carries no rating before any', async () => {
    const { html, product } = await productOf(`/tools/${plane.slug}`);
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('review');
    expect(beforeScripts(html)).toMatch(/<h2[^>]*>Reviews of this tool<\/h2>/);
    expect(beforeScripts(html)).toContain('No reviews of this tool yet.');
  });

  it('rates the tool with the average of its reviews and lists them, on its page in both languages', async () => {
    ids = [];
    let lastName = '';
    for (const [i, rating] of [5, 4, 2].entries()) {
      const c = await buyer();
      lastName = `Tool Buyer ${n}`;
      await order(c, plane._id);
      const posted = await review(c, plane._id, rating, texts[i] as string);
      expect(posted.statusCode).toBe(201);
      ids.push(posted.json().insertedId);
    }
    // A review of the shop is no review of this tool.
    expect(
      (await admin.post('/api/review', { rating: 1, description: 'About the shop only.' })).statusCode,
    ).toBe(201);

    for (const address of [`/tools/${plane.slug}`, `/ja/tools/${plane.slug}`]) {
      const { html, product } = await productOf(address);
      expect(product.aggregateRating, address).toEqual({
        '@type': 'AggregateRating',
        ratingValue: 3.7,
        reviewCount: 3,
        bestRating: 5,
        worstRating: 1,
      });
      expect(product.review.map((r: { reviewBody: string }) => r.reviewBody)).toEqual([...texts].reverse());
      expect(product.review[0]).toMatchObject({
        '@type': 'Review',
        author: { '@type': 'Person', name: lastName },
        reviewRating: { '@type': 'Rating', ratingValue: 2, bestRating: 5 },
      });
      for (const text of texts) expect(beforeScripts(html)).toContain(text);
      expect(html).not.toContain('About the shop only.');
    }
    expect(beforeScripts((await shop.app.inject(`/ja/tools/${plane.slug}`)).body)).toMatch(
      /<h2[^>]*>この工具のレビュー<\/h2>/,
    );
    const api = (await shop.app.inject(`/api/handTools/by-slug/${plane._id}/reviews`)).json();
    expect(api).toMatchObject({ ratingValue: 3.7, reviewCount: 3 });
  });

  it('leaves a review an admin removed out of the average, the count and the page at once', async () => {
    const removed = await admin.request({
      method: 'DELETE',
      url: `/api/review/${ids[2]}`,
      payload: { reason: 'Off topic' },
    });
    expect(removed.json()).toMatchObject({ deletedCount: 1 });
    const { html, product } = await productOf(`/tools/${plane.slug}`);
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(product.review).toHaveLength(2);
    expect(html).not.toContain(texts[2]);
    // The removed review still counts as this buyer's one review of the tool.
    expect((await shop.app.inject(`/api/handTools/by-slug/${plane.slug}/reviews`)).json()).toMatchObject({
      ratingValue: 4.5,
      reviewCount: 2,
    });
  });
});
