import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, newsletterSubscribers, orders, reviews, tools, user } from './db/schema';
import { addTool, type TestShop } from './test/harness';
import { Client } from './test/http';
import { multipartFile } from './test/multipart';
import { jpegPhoto, ownerBuyerAndVisitor } from './test/shopping';

/**
 * Hostile or broken input gets a 4xx with a reason, never a 5xx, and nothing is written: text
 * PostgreSQL cannot store, broken uploads, JSON nested to exhaust the stack, a price that rounds
 * to nothing, a body over the limit (answered, not reset). And the spec's own add-product call,
 * which sends no `kind`, adds a tool.
 */
let shop: TestShop;
let admin: Client;
let customer: Client;
let anon: Client;
let photo: Buffer;

beforeAll(async () => {
  ({ shop, admin, customer, anon } = await ownerBuyerAndVisitor('10.18.0'));
  photo = await jpegPhoto(800, 600, '#806040');
});
afterAll(() => shop?.close());

const db = () => shop.database.db;
const count = (table: Parameters<ReturnType<typeof db>['$count']>[0]) => db().$count(table);
const errorBody = (statusCode: number, message: string) =>
  expect.objectContaining({ statusCode, message, error: expect.any(String) });

async function uploadedImage() {
  const { payload, contentType } = multipartFile('image', 'tool.jpg', 'image/jpeg', photo);
  const res = await admin.request({
    method: 'POST',
    url: '/api/media',
    payload,
    headers: { 'content-type': contentType },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.url as string;
}

describe('the NUL character, which PostgreSQL cannot store in text', () => {
  it('is refused in a review (400, nothing written)', async () => {
    const before = await count(reviews);
    const res = await customer.post('/api/review', { rating: 5, description: 'Sharp\u0000 plane' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(400, messages.nulCharacter));
    expect(await count(reviews)).toBe(before);
  });

  it('is refused in a profile field (400, profile unchanged)', async () => {
    const res = await customer.put('/api/users/customer@kanna.example', {
      displayName: 'Customer',
      phone: '0123 456 789',
      district: 'Chuo',
      city: 'Osaka',
      facebook: 'https://facebook.com/kanna\u0000tools',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(400, messages.nulCharacter));
    const [row] = await db().select().from(user).where(eq(user.email, 'customer@kanna.example'));
    expect(row?.facebook ?? null).toBeNull();
    expect(row?.city ?? null).toBeNull();
  });

  it("is refused on Better Auth's endpoints too (sign-up, update-user)", async () => {
    const stranger = new Client(shop.app, shop.config.publicUrl, '10.18.0.4');
    const signUp = await stranger.post('/api/auth/sign-up/email', {
      name: 'Nul',
      email: 'nul@kanna.example',
      password: 'secret\u0000123',
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().message).toBe(messages.nulCharacter);
    expect(await db().$count(user, eq(user.email, 'nul@kanna.example'))).toBe(0);

    const update = await customer.post('/api/auth/update-user', { name: 'Cust\u0000omer', phone: '1\u0000' });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(messages.nulCharacter);
    const [row] = await db().select().from(user).where(eq(user.email, 'customer@kanna.example'));
    expect(row?.name).toBe('Customer');
  });

  it('is refused in a key and in a query string', async () => {
    const key = await customer.post('/api/review', { rating: 5, description: 'Fine', 'x\u0000': 1 });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe(messages.nulCharacter);
    const search = await anon.get('/api/handTools?search=%00');
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe(messages.nulCharacter);
  });
});

describe('text that is not well-formed Unicode (a lone surrogate), which jsonb and UTF-8 text refuse', () => {
  // JSON.stringify escapes a lone surrogate as \ud800, exactly as a hostile client would send it.
  const lone = '\ud800';

  it("is refused in an order's address (400, no order, stock untouched)", async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 1000 });
    const before = await count(orders);
    const res = await customer.post('/api/order', {
      lines: [{ toolId: tool._id, quantity: 1 }],
      phone: '0312345678',
      address: `1-2-3 Chuo ${lone} Osaka`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(400, messages.malformedText));
    expect(await count(orders)).toBe(before);
    const [row] = await db().select().from(tools).where(eq(tools.id, tool._id));
    expect(row?.available).toBe(10);
  });

  it("is refused in a review, a key, and on Better Auth's sign-up", async () => {
    const before = await count(reviews);
    const review = await customer.post('/api/review', { rating: 4, description: `Fine ${lone}` });
    expect(review.statusCode).toBe(400);
    expect(review.json()).toEqual(errorBody(400, messages.malformedText));
    const key = await customer.post('/api/review', { rating: 4, description: 'Fine', [`x${lone}`]: 1 });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe(messages.malformedText);
    expect(await count(reviews)).toBe(before);

    const stranger = new Client(shop.app, shop.config.publicUrl, '10.18.0.5');
    const signUp = await stranger.post('/api/auth/sign-up/email', {
      name: `Sur${lone}rogate`,
      email: 'surrogate@kanna.example',
      password: 'secret-123456',
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().message).toBe(messages.malformedText);
    expect(await db().$count(user, eq(user.email, 'surrogate@kanna.example'))).toBe(0);
  });

  it('still takes a well-formed pair (an emoji) and Japanese text', async () => {
    const res = await customer.post('/api/review', { rating: 5, description: 'よく切れます 🪚' });
    expect(res.statusCode).toBe(201);
  });
});

describe('deeply nested JSON', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

  it('is refused on /api/auth/* before Better Auth walks it (400, not 500)', async () => {
    const res = await anon.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: `{"email":"owner@kanna.example","password":"secret123","x":${nested(5000)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(400, messages.nestedTooDeeply));
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is refused on our own routes, and a body a few levels deep is fine', async () => {
    const deep = await customer.request({
      method: 'POST',
      url: '/api/review',
      payload: `{"rating":5,"description":"ok","x":${nested(100)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(messages.nestedTooDeeply);
    const shallow = await anon.post('/api/newsletter', {
      email: 'deep@kanna.example',
      x: JSON.parse(nested(8)),
    });
    expect(shallow.statusCode).toBeLessThan(300);
  });
});

describe('broken multipart uploads', () => {
  const post = (contentType: string, payload: string | Buffer) =>
    admin.request({ method: 'POST', url: '/api/media', payload, headers: { 'content-type': contentType } });

  it('answers 400 without a boundary, cut short, or with a malformed part; nothing stored', async () => {
    const before = await count(media);
    const whole = multipartFile('image', 'tool.jpg', 'image/jpeg', photo);
    const boundary = whole.contentType.split('boundary=')[1] ?? '';
    const answers = [
      await post('multipart/form-data', whole.payload),
      await post(whole.contentType, whole.payload.subarray(0, whole.payload.length - 200)),
      await post(whole.contentType, whole.payload.subarray(0, 60)),
      await post(whole.contentType, `--${boundary}\r\nContent-Disposition: form-da\r\n\r\n--${boundary}--`),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody(400, expect.stringMatching(/could not be read|Choose a picture/)));
    }
    expect(answers[0]?.json().message).toBe(messages.uploadUnreadable);
    expect(answers[1]?.json().message).toBe(messages.uploadUnreadable);
    expect(await count(media)).toBe(before);
  });
});

describe('a price that rounds to nothing', () => {
  it('refuses perPrice 1e-9 (and other sub-cent prices) with 400, nothing added', async () => {
    const img = await uploadedImage();
    const before = await count(tools);
    for (const perPrice of [1e-9, 0.001, 1.005, 0.1 + 0.2]) {
      const res = await admin.post('/api/handTools', {
        productName: 'Dust',
        description: 'Costs nothing.',
        kind: 'saw',
        minQuantity: 1,
        maxQuantity: 5,
        perPrice,
        img,
      });
      expect(res.statusCode, String(perPrice)).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'perPrice', key: 'priceDecimals', params: [], message: 'Price can have at most 2 decimals' },
      ]);
    }
    expect(await count(tools)).toBe(before);
    const fine = await admin.post('/api/handTools', {
      productName: 'Penny nails',
      description: 'One cent each.',
      kind: 'driver',
      minQuantity: 1,
      maxQuantity: 5,
      perPrice: 0.01,
      img,
    });
    expect(fine.statusCode).toBe(201);
    const cheap = await admin.request({
      method: 'PATCH',
      url: `/api/handTools/${fine.json().insertedId}`,
      payload: { perPrice: 1e-9 },
    });
    expect(cheap.statusCode).toBe(400);
  });
});

describe("the spec's add-product call (no kind)", () => {
  it('adds a tool from exactly the spec §7 fields; it is listed as "other" and keeps its kind when edited', async () => {
    const img = await uploadedImage();
    const res = await admin.post('/api/handTools', {
      email: 'owner@kanna.example',
      productName: 'Marking gauge',
      description: 'A kebiki with two cutters.',
      minQuantity: 2,
      maxQuantity: 40,
      perPrice: 18.5,
      img,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().insertedId as string;

    const listed = (await anon.get('/api/handTools')).json() as { _id: string; kind: string }[];
    expect(listed.find((t) => t._id === id)).toMatchObject({ productName: 'Marking gauge', kind: 'other' });
    const others = (await anon.get('/api/handTools?kind=other')).json() as { _id: string }[];
    expect(others.map((t) => t._id)).toContain(id);
    const planes = (await anon.get('/api/handTools?kind=plane')).json() as { _id: string }[];
    expect(planes.map((t) => t._id)).not.toContain(id);

    const renamed = await admin.request({
      method: 'PATCH',
      url: `/api/handTools/${id}`,
      payload: { productName: 'Marking gauge (kebiki)' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ kind: 'other', productName: 'Marking gauge (kebiki)' });
    const sorted = await admin.request({
      method: 'PATCH',
      url: `/api/handTools/${id}`,
      payload: { kind: 'saw' },
    });
    expect(sorted.json().kind).toBe('saw');
  });

  it('still refuses a kind it does not know', async () => {
    const img = await uploadedImage();
    const res = await admin.post('/api/handTools', {
      productName: 'Mystery',
      description: 'What is it?',
      kind: 'spoon',
      minQuantity: 1,
      maxQuantity: 1,
      perPrice: 1,
      img,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('kind');
  });
});

/**
 * A body over the limit, sent to a real listening server the way a client on a network sends
 * it: the client writes the whole body in 16 KiB pieces and then reads the answer. The server
 * must read (and throw away) the rest of the body before it answers and closes; answering at
 * once and closing made the client's next write fail (EPIPE, or a reset that lost the answer).
 */
describe('a 1 MB JSON body', () => {
  type Outcome = { status?: number; body?: string; error?: string; bodyEndedBeforeAnswer?: boolean };

  async function sendLarge(port: number, path: string, chunked: boolean): Promise<Outcome> {
    const body = Buffer.from(JSON.stringify({ email: 'big@kanna.example', password: 'x'.repeat(1_000_000) }));
    // What the server saw: whether the request body had ended when its answer was complete.
    let bodyEndedBeforeAnswer: boolean | undefined;
    const watch = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.url !== path) return;
      let ended = false;
      req.once('end', () => {
        ended = true;
      });
      res.once('finish', () => {
        bodyEndedBeforeAnswer = ended;
      });
    };
    shop.app.server.prependListener('request', watch);
    try {
      return await new Promise<Outcome>((resolve) => {
        let outcome: Outcome = {};
        let pending = 2; // the answer read to its end, and the body written to its end (or failed)
        const settle = (part: Outcome) => {
          outcome = { ...outcome, ...part };
          if (--pending === 0 || part.error) resolve({ ...outcome, bodyEndedBeforeAnswer });
        };
        const req = http.request(
          {
            port,
            host: '127.0.0.1',
            path,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: shop.config.publicUrl,
              ...(chunked ? {} : { 'content-length': String(body.length) }),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c) => {
              text += c;
            });
            res.on('end', () => settle({ status: res.statusCode, body: text }));
            res.on('error', (e) => settle({ error: String(e) }));
          },
        );
        req.on('error', (e) => settle({ error: String(e) }));
        let offset = 0;
        const next = () => {
          if (offset >= body.length) {
            req.end(() => settle({}));
            return;
          }
          const piece = body.subarray(offset, offset + 16_384);
          offset += piece.length;
          if (req.write(piece)) setImmediate(next);
          else req.once('drain', next);
        };
        next();
      });
    } finally {
      shop.app.server.removeListener('request', watch);
    }
  }

  let port: number;
  beforeAll(async () => {
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as AddressInfo).port;
  });

  it.each([
    ['a route of ours, with Content-Length', '/api/newsletter', false],
    ['a route of ours, chunked', '/api/newsletter', true],
    ['Better Auth (/api/auth/*), with Content-Length', '/api/auth/sign-in/email', false],
    ['Better Auth (/api/auth/*), chunked', '/api/auth/sign-in/email', true],
  ])('gets a 413 the client can read: %s', async (_label, path, chunked) => {
    const before = await count(newsletterSubscribers);
    const outcome = await sendLarge(port, path, chunked);
    expect(outcome).toMatchObject({ status: 413, bodyEndedBeforeAnswer: true });
    expect(outcome.error).toBeUndefined();
    expect(JSON.parse(outcome.body ?? '')).toEqual(errorBody(413, messages.bodyTooLarge(64)));
    expect(await count(newsletterSubscribers)).toBe(before);
  });
});

describe('every refusal names its message by key', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  type Keyed = { key: unknown; params: unknown; message: unknown };
  const keyed = (body: Keyed) => {
    expect(body.key).toEqual(expect.stringMatching(/^[a-zA-Z][\w.-]*$/));
    expect(Array.isArray(body.params)).toBe(true);
    expect(body.message).toEqual(expect.any(String));
  };

  it('answers each refusal with code, key and params, and each refused field with its key and params', async () => {
    const japanese = { 'accept-language': 'ja' };
    const refusals = await Promise.all([
      anon.post('/api/order', { toolId: id, quantity: 1 }),
      customer.get('/api/users'),
      customer.get(`/api/handTools/${id}`),
      customer.get('/api/handTools/not-an-id'),
      anon.get('/api/nothing-at-all'),
      customer.post('/api/review', { rating: 9, description: '' }),
      customer.post('/api/review', { rating: 5, description: 'Sharp\u0000 plane' }, japanese),
      customer.post(
        '/api/order',
        { toolId: id, quantity: 1, phone: '0312345678', address: 'Tokyo' },
        japanese,
      ),
      customer.post('/api/order', { lines: [], phone: 'x', address: '' }),
      customer.request({
        method: 'POST',
        url: '/api/review',
        payload: '{"rating": 5,',
        headers: { 'content-type': 'application/json' },
      }),
      customer.request({
        method: 'POST',
        url: '/api/review',
        payload: 'rating=5',
        headers: { 'content-type': 'text/plain' },
      }),
      admin.post('/api/handTools', {
        productName: 'Plane',
        description: 'A plane',
        img: '/media/x.webp',
        perPrice: 1e-9,
        minQuantity: 1,
        maxQuantity: 5,
      }),
      // Better Auth's own refusals, and the shop's rules on its endpoints, are keyed at the edge.
      anon.post('/api/auth/sign-in/email', { email: 'nobody@kanna.example', password: 'wrong-pass' }),
      anon.post(
        '/api/auth/sign-in/email',
        { email: 'nobody@kanna.example', password: 'wrong-pass' },
        japanese,
      ),
      customer.post('/api/auth/update-user', { name: 'Two\nlines' }, japanese),
    ]);
    const [signIn, signInJa, badName] = refusals.slice(-3);
    expect(signIn?.json()).toMatchObject({ key: 'auth.INVALID_EMAIL_OR_PASSWORD', params: [] });
    expect(signInJa?.json()).toMatchObject({
      key: 'auth.INVALID_EMAIL_OR_PASSWORD',
      message: 'メールアドレスまたはパスワードが正しくありません。',
    });
    expect(badName?.json()).toMatchObject({ key: 'nameInvalid', params: [] });
    const statuses = new Set(refusals.map((r) => r.statusCode));
    expect([...statuses].sort()).toEqual(expect.arrayContaining([400, 401, 403, 404]));
    for (const res of refusals.slice(-3)) keyed(res.json());
    for (const res of refusals.slice(0, -3)) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json() as Keyed & { code: unknown; errors?: (Keyed & { path: unknown })[] };
      expect(body.code).toEqual(expect.stringMatching(/^[a-z_]+$/));
      keyed(body);
      for (const field of body.errors ?? []) {
        expect(field.path).toEqual(expect.any(String));
        keyed(field);
      }
    }
  });
});
