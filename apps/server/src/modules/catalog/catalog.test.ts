import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { toolKinds } from '@kanna/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drawTool, palettes } from '../../seed/illustrations';
import { seedSampleData } from '../../seed/sample-data';
import { startTestShop, type TestShop } from '../../test/harness';

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  await seedSampleData(shop.services);
});
afterAll(() => shop?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers });

describe('GET /api/handTools', () => {
  it('lists every tool on sale, newest first, with the spec field names and prices in dollars', async () => {
    const res = await get('/api/handTools');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const list = res.json();
    expect(list.length).toBeGreaterThanOrEqual(12);
    const times = list.map((t: { createdAt: string }) => Date.parse(t.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = list[0];
    expect(first).toMatchObject({
      _id: expect.any(String),
      productName: 'Genno Double-Faced Hammer 375 g',
      minQuantity: 20,
      maxQuantity: 1000,
      perPrice: 42,
      img: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\/640\.webp$/),
    });
    expect(first.srcset).toMatch(/320\.webp 320w, .*640\.webp 640w, .*960\.webp 960w$/);
    expect(first).not.toHaveProperty('email');
    // Every kind but 'other' (what a tool added without a kind is) has sample tools.
    expect(new Set(list.map((t: { kind: string }) => t.kind))).toEqual(
      new Set(toolKinds.filter((k) => k !== 'other')),
    );
  });

  it('answers ?limit=8 with the 8 newest', async () => {
    const all = (await get('/api/handTools')).json();
    const res = await get('/api/handTools?limit=8');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(all.slice(0, 8));
  });

  it.each(['0', '201', 'abc', '1.5', '-3'])('refuses limit=%s with a 400 and a message', async (limit) => {
    const res = await get(`/api/handTools?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'limit must be a whole number from 1 to 200.',
    });
  });

  it('lets a client revalidate with the ETag (304, no body)', async () => {
    const first = await get('/api/handTools?limit=8');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/api/handTools?limit=8', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'compresses for a client that accepts %s, with the same content and ETag',
    async (encoding, decode) => {
      const plain = await get('/api/handTools?limit=8');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      const packed = await get('/api/handTools?limit=8', {
        'accept-encoding': `${encoding}, identity;q=0.5`,
      });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decode(packed.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(packed.headers.etag).toBe(plain.headers.etag);
      const again = await get('/api/handTools?limit=8', {
        'accept-encoding': encoding,
        'if-none-match': packed.headers.etag as string,
      });
      expect(again.statusCode).toBe(304);
    },
  );

  it('shows a new tool first at once, and hides an archived one (the cache follows writes)', async () => {
    await get('/api/handTools?limit=8'); // warm the cache
    const imageId = await shop.services.media.storeImage(drawTool('plane', palettes.oak));
    const created = await shop.services.catalog.create({
      productName: 'Test Block Plane 50 mm',
      description: 'A test plane.',
      kind: 'plane',
      imageId,
      minQuantity: 5,
      available: 50,
      priceCents: 1999,
      addedBy: 'admin@example.com',
    });
    const after = (await get('/api/handTools?limit=8')).json();
    expect(after[0]).toMatchObject({
      _id: created._id,
      productName: 'Test Block Plane 50 mm',
      perPrice: 19.99,
    });
    expect((await get(`/api/handTools/${created._id}`)).statusCode).toBe(200);

    expect(await shop.services.catalog.archive(created._id)).toBe(1);
    expect(await shop.services.catalog.archive(created._id)).toBe(0);
    const hidden = (await get('/api/handTools?limit=8')).json();
    expect(hidden.map((t: { _id: string }) => t._id)).not.toContain(created._id);
    expect((await get(`/api/handTools/${created._id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/handTools/{id}', () => {
  it('answers one tool', async () => {
    const [first] = (await get('/api/handTools?limit=1')).json();
    const res = await get(`/api/handTools/${first._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(first);
  });

  it('answers 404 with a message for an unknown id', async () => {
    const res = await get('/api/handTools/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'not_found',
      key: 'notFound',
      params: ['This tool'],
      message: 'This tool was not found.',
    });
  });

  it.each(['abc', '123', "1' or '1'='1", '00000000-0000-4000-8000-00000000000Z'])(
    'answers 400 for the malformed id %s',
    async (id) => {
      const res = await get(`/api/handTools/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The id is not a valid id.');
    },
  );
});

describe('several server instances on one database', () => {
  it('drops a cached list on every instance when one of them writes', async () => {
    const other = await startTestShop(
      shop.databaseUrl ? { databaseUrl: shop.databaseUrl } : { sharedDatabase: shop.database },
    );
    try {
      const before = (await other.app.inject('/api/handTools?limit=8')).json();
      expect(before.length).toBe(8);
      const imageId = await shop.services.media.storeImage(drawTool('saw', palettes.cherry));
      const created = await shop.services.catalog.create({
        productName: 'Cross-instance Saw',
        description: 'Written through the first instance.',
        kind: 'saw',
        imageId,
        minQuantity: 1,
        available: 10,
        priceCents: 500,
        addedBy: 'admin@example.com',
      });
      await vi.waitFor(
        async () => {
          const list = (await other.app.inject('/api/handTools?limit=8')).json();
          expect(list[0]._id).toBe(created._id);
        },
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await other.close();
    }
  });
});

describe('GET /media/{id}/{width}.webp', () => {
  it('serves every width as WebP with immutable caching and nosniff', async () => {
    const [first] = (await get('/api/handTools?limit=1')).json();
    for (const width of [320, 640, 960]) {
      const res = await get(first.img.replace('640.webp', `${width}.webp`));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
    }
  });

  it('answers 404 for an unknown image or width and 400 for a malformed one', async () => {
    const [first] = (await get('/api/handTools?limit=1')).json();
    expect((await get(first.img.replace('640.webp', '500.webp'))).statusCode).toBe(404);
    expect((await get('/media/00000000-0000-4000-8000-000000000000/640.webp')).statusCode).toBe(404);
    expect((await get('/media/nope/640.webp')).statusCode).toBe(400);
    expect((await get(first.img.replace('640.webp', '640.png'))).statusCode).toBe(400);
  });
});

describe('sample data', () => {
  it('is only added to an empty database', async () => {
    const before = (await get('/api/handTools')).json().length;
    expect(await seedSampleData(shop.services)).toEqual({ tools: 0, reviews: 0, accounts: 0 });
    expect((await get('/api/handTools')).json().length).toBe(before);
  });

  it('includes a sold-out tool (less available than the minimum order)', async () => {
    const list = (await get('/api/handTools')).json();
    expect(
      list.some((t: { minQuantity: number; maxQuantity: number }) => t.maxQuantity < t.minQuantity),
    ).toBe(true);
  });

  it('draws each kind of tool as a real picture', async () => {
    const meta = await sharp(drawTool('hammer', palettes.hinoki)).metadata();
    expect(meta).toMatchObject({ format: 'svg', width: 800, height: 600 });
  });
});
