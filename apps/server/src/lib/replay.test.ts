import { type IncomingHttpHeaders, type OutgoingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, startTestShop, type TestShop } from '../test/harness';
import { signedIn } from '../test/shopping';

/**
 * The hot public reads replayed before Fastify (lib/replay.ts), on a real listening server: a
 * client gets the same status, headers and bytes whichever path answers, and never an answer a
 * write has made out of date.
 */

type Answer = { status: number; headers: IncomingHttpHeaders | OutgoingHttpHeaders; body: Buffer };

/** What node:http writes itself on every answer, whoever answers. */
const perConnection = ['date', 'connection', 'keep-alive'];
const withoutPerConnection = (headers: Answer['headers']) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !perConnection.includes(name)));

describe('hot reads replayed before the framework', () => {
  let shop: TestShop;
  let port = 0;
  /** Requests that reached Fastify (its first hook), and those it has finished (its last). */
  let reachedFastify = 0;
  let finishedInFastify = 0;
  const list = '/api/handTools?limit=8';

  beforeAll(async () => {
    shop = await startTestShop({
      beforeReady: (app) => {
        app.addHook('onRequest', (_request, _reply, done) => {
          reachedFastify++;
          done();
        });
        // Added after the app's own hooks: when it runs, the answer has been recorded.
        app.addHook('onResponse', (_request, _reply, done) => {
          finishedInFastify++;
          done();
        });
      },
    });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as AddressInfo).port;
    // Enough tools for the list to be sent compressed (from 1 KB).
    for (const priceCents of [1200, 3400, 5600])
      await addTool(shop, { minQuantity: 1, available: 50, priceCents });
    await quiet();
  });
  afterAll(() => shop?.close());

  function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  /**
   * Asks twice; resolves to both answers and how many of the two reached Fastify. A client can
   * have the whole answer before Fastify's `onResponse` (where the replay is recorded) has run,
   * so the second request waits for it.
   */
  async function twice(url: string, headers: Record<string, string> = {}) {
    const before = reachedFastify;
    const first = await get(url, headers);
    while (finishedInFastify < reachedFastify) await new Promise((resolve) => setImmediate(resolve));
    const second = await get(url, headers);
    return { first, second, reached: reachedFastify - before };
  }

  /** Fastify's own answer to the same request (`inject` does not pass through the server). */
  async function fromFastify(url: string, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await shop.app.inject({ url, headers });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
  }

  function expectSame(replayed: Answer, fastify: Answer) {
    expect(replayed.status).toBe(fastify.status);
    expect(withoutPerConnection(replayed.headers)).toEqual(withoutPerConnection(fastify.headers));
    expect(replayed.body.equals(fastify.body)).toBe(true);
  }

  /**
   * Waits until the notices of the last write have come back (PostgreSQL also delivers a
   * NOTIFY to the instance that sent it, which drops the topic once more a few ms later) and
   * the list is replayed.
   */
  async function quiet() {
    const deadline = Date.now() + 5_000;
    do await new Promise((resolve) => setTimeout(resolve, 50));
    while ((await twice(list)).reached > 0 && Date.now() < deadline);
  }

  it('answers a repeated catalogue read itself, with the status, headers and bytes Fastify sends', async () => {
    const { second, reached } = await twice(list);
    expect(reached).toBe(0);
    expect(second.status).toBe(200);
    expectSame(second, await fromFastify(list));
    // The security headers and the cache validator are among them.
    expect(second.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers.etag).toMatch(/^W\//);
    expect(JSON.parse(second.body.toString('utf8'))).toHaveLength(3);
  });

  it('keeps each form apart: Brotli, gzip, plain, and 304 for a matching ETag', async () => {
    const plain = await get(list);
    const forms: Record<string, string>[] = [
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip' },
      { 'if-none-match': String(plain.headers.etag) },
    ];
    for (const headers of forms) {
      const { second, reached } = await twice(list, headers);
      // The first of each form is Fastify's; the second is replayed.
      expect(reached).toBe(1);
      expectSame(second, await fromFastify(list, headers));
    }
    const br = await get(list, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await get(list, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    const notModified = await get(list, { 'if-none-match': String(plain.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toHaveLength(0);
    // A client that asked for nothing in particular still gets the plain body.
    expect((await get(list)).body.equals(plain.body)).toBe(true);
  });

  it('shows a write on the next read, and a stale ETag then gets the new answer', async () => {
    const before = await twice(list);
    const [tool] = JSON.parse(before.second.body.toString('utf8')) as { _id: string }[];
    await shop.services.catalog.update(
      String(tool?._id),
      { productName: 'Renamed smoothing plane' },
      'Admin',
    );

    const after = await get(list, { 'if-none-match': String(before.second.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.second.headers.etag);
    expect(after.body.toString('utf8')).toContain('Renamed smoothing plane');
    expect((await get(list)).body.toString('utf8')).toContain('Renamed smoothing plane');
  });

  it('shows a write made by another instance on the same database', async () => {
    await twice(list);
    const other = await startTestShop({ sharedDatabase: shop.database });
    try {
      const [tool] = JSON.parse((await get(list)).body.toString('utf8')) as { _id: string }[];
      await other.services.catalog.update(
        String(tool?._id),
        { productName: 'Plane renamed elsewhere' },
        'Admin',
      );
      // The other instance's notice arrives within milliseconds.
      const deadline = Date.now() + 5_000;
      let body = '';
      while (Date.now() < deadline && !body.includes('Plane renamed elsewhere')) {
        body = (await get(list)).body.toString('utf8');
        if (!body.includes('Plane renamed elsewhere')) await new Promise((r) => setTimeout(r, 20));
      }
      expect(body).toContain('Plane renamed elsewhere');
    } finally {
      await other.close();
    }
  });

  it('leaves a signed-in caller’s read to Fastify: a buyer with a price list gets their prices where visitors get the replay', async () => {
    await quiet();
    const everyone = (await twice(list)).second;
    const buyer = await signedIn(shop, '10.61.0.1', 'Replay Buyer', 'replay-buyer@kanna.example');
    const cookie = [...buyer.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const actor = { id: 'replay-admin', name: 'Admin', email: 'admin@kanna.example' };
    const half = await shop.services.priceLists.create({ name: 'Half', percent: 50, fixedPrices: [] }, actor);
    await shop.services.priceLists.assign('replay-buyer@kanna.example', half.id, actor);

    const before = reachedFastify;
    const theirs = await get(list, { cookie });
    expect(reachedFastify - before).toBe(1);
    expect(theirs.headers['cache-control']).toBe('private, no-store');
    const prices = (answer: Answer) =>
      (JSON.parse(answer.body.toString('utf8')) as { perPrice: number }[]).map((t) => t.perPrice);
    expect(prices(theirs)).toEqual(prices(everyone).map((p) => p / 2));
    // Visitors keep the replayed answer at list prices.
    const after = await twice(list);
    expect(after.reached).toBe(0);
    expect(after.second.body.equals(everyone.body)).toBe(true);
  });

  it('leaves other methods, other addresses and refused reads to Fastify', async () => {
    await quiet();
    let before = reachedFastify;
    const head = await get(list, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(reachedFastify - before).toBe(1);

    // Another spelling of the same read is another address: Fastify answers it the first time.
    const { first, reached } = await twice('/api/handTools?limit=8&');
    expect(first.status).toBe(200);
    expect(reached).toBe(1);

    // A read Fastify refused is never kept.
    before = reachedFastify;
    const refused = await twice('/api/handTools?limit=0');
    expect(refused.first.status).toBe(400);
    expect(refused.second.status).toBe(400);
    expect(reachedFastify - before).toBe(2);
  });
});
