import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reviews } from '../../db/schema';
import { onPostgres, startTestShop, type TestShop, verifyEmail } from '../../test/harness';
import { Client } from '../../test/http';

/**
 * Reviews are moderated after the fact: an admin removes one with a reason, it is kept for the
 * record and never shown again — in the public list, its pages and the home page rendered on the
 * server (a stand-in for the web app's server build that writes the reviews it was given).
 */
const root = path.join(tmpdir(), `kanna-review-removal-${process.pid}-${Date.now()}`);
const renderer = `
export const pages = {
  '/': { reads: { reviews: { from: 'reviews', query: { limit: 4 } } }, serves: () => true },
};
export async function renderPage({ data }) {
  return {
    head: '<title>Kanna</title>',
    root: '<div id="root"><p>' + data.reviews.items.map((r) => r.description).join(' | ') + '</p></div>',
  };
}`;

let shop: TestShop;
let admin: Client;
let customer: Client;
const ADMIN = 'moderator@kanna.example';

beforeAll(async () => {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
  writeFileSync(
    path.join(root, 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><title>Kanna</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), renderer);
  shop = await startTestShop({
    env: { WEB_DIST: path.join(root, 'dist'), ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000' },
  });
  admin = new Client(shop.app, shop.config.publicUrl, '10.40.0.1');
  await admin.signUp('Mina Moderator', ADMIN);
  await verifyEmail(shop, admin, ADMIN);
  customer = new Client(shop.app, shop.config.publicUrl, '10.40.0.2');
  await customer.signUp('Ken Customer', 'ken@kanna.example');
});
afterAll(async () => {
  await shop?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Each review a minute newer than the last, so the newest-first order is the order added in. */
let at = Date.parse('2026-01-01T00:00:00Z');
const addReview = (description: string) => {
  at += 60_000;
  return shop.services.reviews.create({ name: 'Aiko Mori', description, rating: 4, createdAt: new Date(at) });
};

const remove = (c: Client, id: string, payload?: object) =>
  c.request({ method: 'DELETE', url: `/api/review/${id}`, ...(payload ? { payload } : {}) });

const listedIds = async (url = '/api/review') =>
  ((await shop.app.inject(url)).json() as { _id: string }[]).map((r) => r._id);

/** Every review id, page after page of `limit`, following the Link header. */
async function everyPage(limit: number): Promise<string[]> {
  const ids: string[] = [];
  let url: string | undefined = `/api/review?limit=${limit}`;
  while (url) {
    const page: LightMyRequestResponse = await shop.app.inject(url);
    expect(page.statusCode).toBe(200);
    ids.push(...(page.json() as { _id: string }[]).map((r) => r._id));
    url = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1];
  }
  return ids;
}

const homePage = async () => (await shop.app.inject('/')).body;

const recordOf = async (id: string) =>
  (await shop.database.db.select().from(reviews).where(eq(reviews.id, id)))[0];

describe('DELETE /api/review/{id}', () => {
  it('takes the review off the list, every page of ?limit=4 and the home page, at once', async () => {
    const added: string[] = [];
    for (let i = 1; i <= 6; i++) added.push((await addReview(`Review number ${i}.`))._id);
    const [first, second, third, fourth, target, sixth] = added; // the target is the second newest
    // Read first, so every answer is cached when the review is removed.
    expect(await listedIds()).toContain(target);
    expect(await listedIds('/api/review?limit=4')).toContain(target);
    expect(await everyPage(4)).toContain(target);
    expect(await homePage()).toContain('Review number 5.');

    const res = await remove(admin, String(target), { reason: 'Advertises another shop.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });

    expect(await listedIds()).not.toContain(target);
    expect(await listedIds('/api/review?limit=4')).toEqual([sixth, fourth, third, second]);
    const pages = await everyPage(4);
    expect(pages).not.toContain(target);
    for (const kept of [first, second, third, fourth, sixth]) expect(pages).toContain(kept);
    const home = await homePage();
    expect(home).not.toContain('Review number 5.');
    expect(home).toContain('Review number 6. | Review number 4.');
  });

  it('keeps the removed review for the record: when, by whom and why', async () => {
    const review = await addReview('Kept for the record.');
    const res = await remove(admin, review._id, { reason: '  Rude to another customer.\nSecond line.  ' });
    expect(res.statusCode).toBe(200);
    const row = await recordOf(review._id);
    expect(row).toMatchObject({
      description: 'Kept for the record.',
      removedBy: ADMIN,
      removalReason: 'Rude to another customer.\nSecond line.',
    });
    expect(row?.removedAt).toBeInstanceOf(Date);
  });

  it('answers deletedCount 0 when the review was removed already, and keeps the first reason', async () => {
    const review = await addReview('Removed twice.');
    expect((await remove(admin, review._id, { reason: 'Spam.' })).json().deletedCount).toBe(1);
    const again = await remove(admin, review._id, { reason: 'Spam, again.' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ acknowledged: true, deletedCount: 0 });
    expect((await recordOf(review._id))?.removalReason).toBe('Spam.');
    expect(await listedIds()).not.toContain(review._id);
  });

  it('refuses a customer with 403 and an anonymous caller with 401; the review stays listed', async () => {
    const review = await addReview('Stays up.');
    const asCustomer = await remove(customer, review._id, { reason: 'I do not like it.' });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().message).toBe(messages.adminOnly);
    const anonymous = new Client(shop.app, shop.config.publicUrl, '10.40.0.3');
    const asNobody = await remove(anonymous, review._id, { reason: 'Nobody likes it.' });
    expect(asNobody.statusCode).toBe(401);
    expect(asNobody.json().message).toBe(messages.noUserLoggedIn);
    expect(await listedIds()).toContain(review._id);
    expect((await recordOf(review._id))?.removedAt).toBeNull();
  });

  it('answers 404 for an unknown review and 400 for an id that is none', async () => {
    const unknown = await remove(admin, '0b7c6a1e-2f4d-4e8a-9c3b-5d6e7f8a9b0c', { reason: 'Gone.' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.notFound('This review'));
    const malformed = await remove(admin, 'not-an-id', { reason: 'Gone.' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The id is not a valid id.');
  });

  it('refuses a missing, blank, too long or control-character reason with 400 and says why', async () => {
    const review = await addReview('Needs a reason.');
    const cases: [object | undefined, string][] = [
      [undefined, messages.removalReasonRequired],
      [{}, messages.removalReasonRequired],
      [{ reason: '   ' }, messages.removalReasonRequired],
      [{ reason: 42 }, messages.removalReasonRequired],
      [{ reason: 'x'.repeat(501) }, messages.removalReasonTooLong(500)],
      [{ reason: 'Bell \u0007 rings' }, messages.removalReasonInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await remove(admin, review._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await listedIds()).toContain(review._id);
    const longest = await remove(admin, review._id, { reason: 'x'.repeat(500) });
    expect(longest.json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });
});

/** Two instances on one PostgreSQL database, as in production: only LISTEN/NOTIFY tells one of the other's writes. */
describe.skipIf(!onPostgres())('several server instances on one database', () => {
  it('drops the removed review from the list another instance has cached', async () => {
    // Added before the other instance starts: the notice of it has gone out before that one listens.
    const review = await addReview('Seen everywhere until removed.');
    const other = await startTestShop({ databaseUrl: shop.databaseUrl });
    try {
      const read = async () =>
        (await other.app.inject('/api/review?limit=4')).json() as { _id: string; rating: number }[];
      expect((await read()).map((r) => r._id)).toContain(review._id);
      // A change behind the caches' back does not show: the other instance answers from its cache.
      await shop.database.db.update(reviews).set({ rating: 1 }).where(eq(reviews.id, review._id));
      expect((await read()).find((r) => r._id === review._id)?.rating).toBe(4);

      const res = await remove(admin, review._id, { reason: 'Off topic.' });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      await vi.waitFor(async () => expect((await read()).map((r) => r._id)).not.toContain(review._id), {
        timeout: 5000,
        interval: 50,
      });
    } finally {
      await other.close();
    }
  });
});
