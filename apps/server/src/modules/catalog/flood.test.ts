import { randomUUID } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { messages } from '@kanna/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNCACHED_READS_PER_MINUTE } from '../../lib/uncached-reads';
import { addTool, addToolByPiece, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';

/**
 * Anonymous reads of the catalogue and the reviews cannot be made into a flood of work: a cursor
 * must name a tool on sale, and an address gets a bounded number of reads a minute that the
 * cache cannot answer, while reads it can answer stay unlimited.
 */
let shop: TestShop;
const names = ['Flood Kanna 1', 'Flood Nomi 2', 'Flood Kanna 3', 'Flood Saw 4', 'Flood Kanna 5'];

beforeAll(async () => {
  shop = await startTestShop();
  for (const [i, productName] of names.entries())
    await addTool(shop, {
      productName,
      minQuantity: 1,
      available: 5,
      priceCents: 1000 + ((i * 7) % 5) * 100,
    });
  for (let i = 0; i < 3; i++)
    await shop.services.reviews.create({ name: `Reviewer ${i}`, description: 'Sharp.', rating: 5 });
});
afterAll(() => shop?.close());

const cursorOf = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
const nextOf = (res: { headers: Record<string, unknown> }) =>
  /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;

describe('catalogue cursors', () => {
  it('refuses a cursor that names no tool of the catalogue (400), though it is well formed', async () => {
    const visitor = new Client(shop.app, shop.config.publicUrl, '10.50.0.1');
    const nowhere = cursorOf([10, '2026-01-01T00:00:00.000Z', randomUUID()]);
    const res = await visitor.get(`/api/handTools?cursor=${nowhere}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: messages.cursorInvalid });
  });

  it('pages a search in every sort as the whole list has it, and goes on after a tool taken off sale', async () => {
    const visitor = new Client(shop.app, shop.config.publicUrl, '10.50.0.2');
    for (const sort of ['newest', 'price-asc', 'price-desc']) {
      const whole = (await visitor.get(`/api/handTools?search=flood&sort=${sort}&limit=200`)).json();
      expect(whole).toHaveLength(names.length);
      const walked: unknown[] = [];
      let next: string | null = `/api/handTools?search=flood&sort=${sort}&limit=2`;
      while (next) {
        const res = await visitor.get(next);
        expect(res.statusCode).toBe(200);
        walked.push(...res.json());
        next = nextOf(res);
      }
      expect(walked, sort).toEqual(whole);
    }
    const gone = await addToolByPiece(shop, 'Flood Gone', { available: 1, priceCents: 1 });
    const page = await visitor.get('/api/handTools?limit=1');
    expect(page.json()[0]._id).toBe(gone._id);
    await shop.services.catalog.archive(gone._id);
    const after = await visitor.get(String(nextOf(page)));
    expect(after.statusCode).toBe(200);
    // The page after it is the newest tool still on sale.
    expect(after.json()).toEqual((await visitor.get('/api/handTools?limit=1')).json());
  });
});

describe('reads the cache cannot answer, per address', () => {
  // The notices of the writes before, heard back late, would empty the cache these tests count on.
  beforeEach(() => shop.noticesHeard());

  it('answers 429 to a flood of different searches from one address; cached reads and other addresses go on', async () => {
    const flooder = new Client(shop.app, shop.config.publicUrl, '10.50.1.1');
    const neighbour = new Client(shop.app, shop.config.publicUrl, '10.50.1.2');
    expect((await neighbour.get('/api/handTools?limit=8')).statusCode).toBe(200);
    for (let i = 0; i < UNCACHED_READS_PER_MINUTE; i++) {
      expect((await flooder.get(`/api/handTools?search=nothing-${i}`)).statusCode).toBe(200);
    }
    const refused = await flooder.get('/api/handTools?search=one-more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, message: messages.tooManyUncachedReads });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Answers the cache holds are still given to the same address, as often as asked.
    for (let i = 0; i < 3; i++) {
      expect((await flooder.get('/api/handTools?limit=8')).statusCode).toBe(200);
      expect((await flooder.get('/api/handTools?search=nothing-7')).statusCode).toBe(200);
    }
    // Someone else's new search is made for them.
    expect((await neighbour.get('/api/handTools?search=one-more')).statusCode).toBe(200);
    // …and is then cached for the flooder too.
    expect((await flooder.get('/api/handTools?search=one-more')).statusCode).toBe(200);
  });

  it('counts the reviews pages and single tools the cache cannot answer in the same way', async () => {
    const flooder = new Client(shop.app, shop.config.publicUrl, '10.50.2.1');
    for (let limit = 1; limit <= UNCACHED_READS_PER_MINUTE; limit++) {
      expect((await flooder.get(`/api/review?limit=${limit}`)).statusCode).toBe(200);
    }
    expect((await flooder.get(`/api/review?limit=${UNCACHED_READS_PER_MINUTE + 1}`)).statusCode).toBe(429);
    expect((await flooder.get('/api/review?limit=1')).statusCode).toBe(200);

    const prober = new Client(shop.app, shop.config.publicUrl, '10.50.2.2');
    for (let i = 0; i < UNCACHED_READS_PER_MINUTE; i++) {
      expect((await prober.get(`/api/handTools/${randomUUID()}`)).statusCode).toBe(404);
    }
    expect((await prober.get(`/api/handTools/${randomUUID()}`)).statusCode).toBe(429);
  });
});

describe('what a read the cache cannot answer costs to send', () => {
  beforeEach(() => shop.noticesHeard());

  /** Brotli as the server's fastest setting makes it: quality 1, its window fitted to the body. */
  const fastestBrotli = (body: Buffer) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 1,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(10, Math.ceil(Math.log2(body.length + 1)))),
      },
    });

  it("compresses a visitor's new search for a browser at the fastest settings, Brotli 1 and gzip 1", async () => {
    // A browser's own header: zstd is offered too, and Brotli is what a browser gets.
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const url = '/api/handTools?search=flood&sort=price-desc&limit=5';
    const visitor = new Client(shop.app, shop.config.publicUrl, '10.50.3.1');
    const plain = await visitor.get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await new Client(shop.app, shop.config.publicUrl, '10.50.3.2').get(
      '/api/handTools?search=flood&sort=price-desc&limit=4',
      browser,
    );
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    // Byte for byte what Brotli 1 makes, so a few per cent larger than the costlier qualities:
    // a visitor can ask for a new page at will, and each one is compressed once, for them.
    const body = brotliDecompressSync(br.rawPayload);
    expect(JSON.parse(body.toString())).toHaveLength(4);
    expect(body.length).toBeGreaterThan(1024);
    expect(br.rawPayload.length).toBe(fastestBrotli(body).length);
    expect(br.rawPayload.equals(fastestBrotli(body))).toBe(true);

    const gzip = await new Client(shop.app, shop.config.publicUrl, '10.50.3.3').get(url, {
      'accept-encoding': 'gzip',
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipSync(plain.rawPayload, { level: 1 }))).toBe(true);
  });
});
