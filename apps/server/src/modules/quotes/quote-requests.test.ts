import type { QuoteRequest } from '@kanna/shared/quotes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, captureMailer, mailTo, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { signedIn, startShopFor } from '../../test/shopping';

/** Requests for a quote: asked by a buyer for their cart's lines, listed for the shop and for the buyer. */
let shop: TestShop;
const mailer = captureMailer();
let admin: Client;
let buyer: Client;
let other: Client;
let anon: Client;
let kanna: Awaited<ReturnType<typeof addTool>>;
let chisel: Awaited<ReturnType<typeof addTool>>;
let gone: Awaited<ReturnType<typeof addTool>>;

const inJapanese = { 'accept-language': 'ja' };

beforeAll(async () => {
  shop = await startShopFor('quotes-admin@kanna.example', {}, mailer);
  admin = await signedIn(shop, '10.43.0.1', 'Quote Admin', 'quotes-admin@kanna.example');
  buyer = await signedIn(shop, '10.43.0.2', 'Tanaka Ken', 'ken@kanna.example');
  other = await signedIn(shop, '10.43.0.3', 'Other Buyer', 'other@kanna.example');
  anon = new Client(shop.app, shop.config.publicUrl, '10.43.0.4');
  kanna = await addTool(shop, {
    minQuantity: 1,
    available: 5,
    priceCents: 12_345,
    productName: 'Quote kanna',
    productNameJa: '見積かんな',
  });
  chisel = await addTool(shop, {
    minQuantity: 1,
    available: 50,
    priceCents: 800,
    productName: 'Quote chisel',
  });
  gone = await addTool(shop, { minQuantity: 1, available: 3, priceCents: 900, productName: 'Gone saw' });
  await shop.services.catalog.archive(gone._id);
});
afterAll(() => shop?.close());

const ask = (c: Client, body: object, headers: Record<string, string> = {}) =>
  c.post('/api/quote-requests', body, headers);

describe('asking for a quote', () => {
  it('stores the lines at their list prices, lists them for the admin and for the buyer alone, and mails the buyer', async () => {
    const res = await ask(buyer, {
      lines: [
        { toolId: kanna._id, quantity: 300 },
        { toolId: chisel._id, quantity: 12 },
      ],
      note: '  Delivery to Osaka in March, please.  ',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json()._id as string;

    const inbox = (await admin.get('/api/quote-requests')).json() as QuoteRequest[];
    expect(inbox[0]).toEqual({
      _id: id,
      buyerName: 'Tanaka Ken',
      buyerEmail: 'ken@kanna.example',
      createdAt: expect.any(String),
      note: 'Delivery to Osaka in March, please.',
      status: 'open',
      quote: null,
      // A shop with no yen rate charges everyone in dollars, and has no yen list prices.
      orderCurrency: 'USD',
      lines: [
        {
          toolId: kanna._id,
          productName: 'Quote kanna',
          productNameJa: '見積かんな',
          quantity: 300,
          listPrice: 12_345,
          currency: 'USD',
          listPriceYen: null,
        },
        {
          toolId: chisel._id,
          productName: 'Quote chisel',
          productNameJa: null,
          quantity: 12,
          listPrice: 800,
          currency: 'USD',
          listPriceYen: null,
        },
      ],
    });

    const mine = (await buyer.get('/api/quote-requests/mine')).json() as QuoteRequest[];
    expect(mine.map((q) => q._id)).toContain(id);
    const theirs = (await other.get('/api/quote-requests/mine')).json() as QuoteRequest[];
    expect(theirs.map((q) => q._id)).not.toContain(id);

    const mail = await mailTo(mailer, 'ken@kanna.example', 'Delivery to Osaka');
    expect(mail.subject).toBe('We received your request for a quote');
    expect(mail.text).toContain('300 × Quote kanna (list price $123.45 each)');
    expect(mail.text).toContain('12 × Quote chisel');
  });

  it('acknowledges in Japanese a request asked in Japanese, with the Japanese names', async () => {
    const res = await ask(other, { lines: [{ toolId: kanna._id, quantity: 2 }] }, inJapanese);
    expect(res.statusCode).toBe(201);
    const mail = await mailTo(mailer, 'other@kanna.example', '見積かんな');
    expect(mail.subject).toBe('見積依頼を受け付けました');
    expect(mail.text).toContain('見積かんな × 2');
  });

  it('answers 401 signed out and 403 to the wrong role on each endpoint', async () => {
    expect((await ask(anon, { lines: [{ toolId: kanna._id, quantity: 1 }] })).statusCode).toBe(401);
    expect((await anon.get('/api/quote-requests')).statusCode).toBe(401);
    expect((await anon.get('/api/quote-requests/mine')).statusCode).toBe(401);
    expect((await buyer.get('/api/quote-requests')).statusCode).toBe(403);
    const byAdmin = await ask(admin, { lines: [{ toolId: kanna._id, quantity: 1 }] });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().key).toBe('quoteNotForAdmins');
  });

  it('refuses an account whose address is not confirmed', async () => {
    const unconfirmed = new Client(shop.app, shop.config.publicUrl, '10.43.0.9');
    await unconfirmed.signUp('New Buyer', 'new-buyer@kanna.example');
    const res = await ask(unconfirmed, { lines: [{ toolId: kanna._id, quantity: 1 }] });
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe('verifyEmailToQuote');
  });
});

describe('a request that cannot be taken', () => {
  const line = (quantity: unknown, toolId: string = kanna._id) => ({ toolId, quantity });
  const many = (n: number) => Array.from({ length: n }, () => crypto.randomUUID()).map((id) => line(1, id));
  const cases: [string, () => object, string, string][] = [
    ['no lines', () => ({ lines: [] }), 'lines', 'quoteLinesRequired'],
    ['51 lines', () => ({ lines: many(51) }), 'lines', 'quoteLinesTooMany'],
    [
      'a tool twice',
      () => ({ lines: [line(1), line(2, chisel._id), line(3)] }),
      'lines.2.toolId',
      'duplicateLine',
    ],
    [
      'an unknown tool',
      () => ({ lines: [line(1), line(1, crypto.randomUUID())] }),
      'lines.1.toolId',
      'notFound',
    ],
    ['an archived tool', () => ({ lines: [line(1, gone._id)] }), 'lines.0.toolId', 'toolNotForSale'],
    ['quantity 0', () => ({ lines: [line(0)] }), 'lines.0.quantity', 'quantityWhole'],
    ['quantity 1.5', () => ({ lines: [line(1.5)] }), 'lines.0.quantity', 'quantityWhole'],
    ['too many pieces', () => ({ lines: [line(1_000_001)] }), 'lines.0.quantity', 'quoteQuantityTooLarge'],
    ['a long note', () => ({ lines: [line(1)], note: 'x'.repeat(2001) }), 'note', 'quoteNoteTooLong'],
  ];

  for (const [what, body, path, key] of cases) {
    it(`refuses ${what} at ${path}, in English and in Japanese`, async () => {
      const en = await ask(buyer, body());
      const ja = await ask(buyer, body(), inJapanese);
      for (const res of [en, ja]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0]).toMatchObject({ path, key });
      }
      expect(en.json().key).toBe(ja.json().key);
      expect(en.json().errors[0].message).not.toBe(ja.json().errors[0].message);
      expect(ja.json().errors[0].message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    });
  }

  it('refuses a NUL character in the note, saying so in either language', async () => {
    const en = await ask(buyer, { lines: [line(1)], note: 'a\u0000b' });
    const ja = await ask(buyer, { lines: [line(1)], note: 'a\u0000b' }, inJapanese);
    expect(en.statusCode).toBe(400);
    expect(ja.statusCode).toBe(400);
    expect(en.json().key).toBe('nulCharacter');
    expect(ja.json().key).toBe('nulCharacter');
    expect(ja.json().message).not.toBe(en.json().message);
  });
});

describe('open requests and paging', () => {
  it('takes 20 open requests from a buyer (two at once for the last place: one) and refuses the 21st with 409; pages the lists', async () => {
    const busy = await signedIn(shop, '10.43.0.5', 'Busy Buyer', 'busy@kanna.example');
    for (let i = 0; i < 19; i++) {
      expect((await ask(busy, { lines: [{ toolId: chisel._id, quantity: i + 1 }] })).statusCode).toBe(201);
    }
    // Two at once for the 20th place: counted in turn, one is taken.
    const both = await Promise.all(
      [1, 2].map(() => ask(busy, { lines: [{ toolId: chisel._id, quantity: 20 }] })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = await ask(busy, { lines: [{ toolId: chisel._id, quantity: 99 }] }, inJapanese);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', key: 'quoteRequestsTooMany', params: [20] });
    expect(refused.json().message).toContain('20');

    // Newest first, one page at a time through the Link header, none twice.
    const seen: number[] = [];
    let url: string | null = '/api/quote-requests/mine?limit=7';
    while (url) {
      const res = await busy.get(url);
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json() as QuoteRequest[]).map((q) => q.lines[0]?.quantity ?? 0));
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));

    const first = await admin.get('/api/quote-requests?limit=2');
    expect((first.json() as QuoteRequest[]).map((q) => q.lines[0]?.quantity)).toEqual([20, 19]);
    expect(String(first.headers.link)).toContain('cursor=');
  });
});
