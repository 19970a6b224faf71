import type { Order } from '@kanna/shared/orders';
import type { Quote, QuoteRequest } from '@kanna/shared/quotes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools, user } from '../../db/schema';
import { addTool, captureMailer, mailTo, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { acceptQuote, documentSettings, signedIn, startShopFor } from '../../test/shopping';
import { availableOf, ledgerOf, ledgerSumOf } from '../../test/stock';

/**
 * Quotes in yen (docs/orders.md, "Quotes"): a request says the currency its buyer's orders are
 * charged in and each line's yen list price; a yen quote accepted by transfer becomes a yen order
 * at the quoted whole-yen prices, its tax rounded as the shop rounds a yen order's, its stock taken once.
 */
let shop: TestShop;
const mailer = captureMailer();
let admin: Client;
let buyer: Client;
let abroad: Client;
let plane: string;
let chisel: string;
const ADMIN = 'quotes-yen-admin@kanna.example';
const BUYER = 'yen.buyer@kanna.example';
const ABROAD = 'dollar.buyer@kanna.example';
const inJapanese = { 'accept-language': 'ja' };
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

beforeAll(async () => {
  shop = await startShopFor(ADMIN, {}, mailer);
  admin = await signedIn(shop, '10.49.0.1', 'Yen Desk', ADMIN);
  buyer = await signedIn(shop, '10.49.0.2', 'Sato Hanako', BUYER);
  abroad = await signedIn(shop, '10.49.0.3', 'Dollar Buyer', ABROAD);
  // Japan pays in yen; tax rounded up, so a fraction of a yen is seen to go up.
  const settings = documentSettings({
    yenCountries: ['JP'],
    tax: { enabled: true, ratePercent: 10, country: 'JP', rounding: 'up' },
  });
  expect((await admin.put('/api/shop-settings', settings)).statusCode).toBe(200);
  plane = (
    await addTool(shop, {
      productName: 'Yen plane',
      productNameJa: '円の鉋',
      minQuantity: 1,
      available: 30,
      priceCents: 10_000,
      priceYen: 14_800,
    })
  )._id;
  // No yen price of its own: $8.00 at ¥150 to the dollar.
  chisel = (
    await addTool(shop, { productName: 'Yen chisel', minQuantity: 1, available: 50, priceCents: 800 })
  )._id;
  await shop.database.db.update(user).set({ country: 'US' }).where(eq(user.email, ABROAD));
});
afterAll(() => shop?.close());

const available = (id: string) => availableOf(shop, id);
const ledger = (id: string) => ledgerOf(shop, id);
const ledgerSum = (id: string) => ledgerSumOf(shop, id);

/** The admin's inbox entry for request `id`. */
async function inInbox(id: string): Promise<QuoteRequest | undefined> {
  const res = await admin.get('/api/quote-requests');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as QuoteRequest[]).find((r) => r._id === id);
}

async function ask(
  c: Client,
  lines: { toolId: string; quantity: number }[],
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await c.post('/api/quote-requests', { lines }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

describe('a request, for a quote in yen', () => {
  it('says its buyer is charged in yen (no country on the profile: the shop’s, Japan), with each line’s yen list price', async () => {
    const id = await ask(buyer, [
      { toolId: plane, quantity: 2 },
      { toolId: chisel, quantity: 10 },
    ]);
    const request = await inInbox(id);
    expect(request).toMatchObject({ orderCurrency: 'JPY', status: 'open', quote: null });
    expect(request?.lines.map((l) => [l.listPrice, l.currency, l.listPriceYen])).toEqual([
      // The owner's yen price; the chisel's derived at the rate.
      [10_000, 'USD', 14_800],
      [800, 'USD', 1_200],
    ]);
  });

  it('keeps each line’s yen list price as asked when the tool’s yen price changes afterwards', async () => {
    const saw = (
      await addTool(shop, {
        productName: 'Repriced saw',
        minQuantity: 1,
        available: 10,
        priceCents: 5_000,
        priceYen: 7_000,
      })
    )._id;
    const before = await ask(buyer, [{ toolId: saw, quantity: 1 }]);
    await shop.database.db.update(tools).set({ priceYen: 9_000 }).where(eq(tools.id, saw));
    const after = await ask(buyer, [{ toolId: saw, quantity: 1 }]);
    expect((await inInbox(before))?.lines.map((l) => l.listPriceYen)).toEqual([7_000]);
    expect((await inInbox(after))?.lines.map((l) => l.listPriceYen)).toEqual([9_000]);
  });

  it('says a buyer whose country pays in dollars is charged in dollars', async () => {
    const id = await ask(abroad, [{ toolId: chisel, quantity: 3 }]);
    expect(await inInbox(id)).toMatchObject({ orderCurrency: 'USD' });
  });
});

describe('the acknowledgement mail of a request', () => {
  it('lists a yen buyer’s lines at their yen list prices, as the inbox does, in English', async () => {
    await ask(buyer, [
      { toolId: plane, quantity: 2 },
      { toolId: chisel, quantity: 7 },
    ]);
    const mail = await mailTo(mailer, BUYER, '7 × Yen chisel');
    expect(mail.subject).toBe('We received your request for a quote');
    expect(mail.text).toContain('- 2 × Yen plane (list price ¥14,800 each)');
    expect(mail.text).toContain('- 7 × Yen chisel (list price ¥1,200 each)');
    expect(mail.text).not.toContain('$');
  });

  it('lists them in yen in Japanese too, with the Japanese names', async () => {
    await ask(buyer, [{ toolId: plane, quantity: 4 }], inJapanese);
    const mail = await mailTo(mailer, BUYER, '円の鉋 × 4');
    expect(mail.subject).toBe('見積依頼を受け付けました');
    expect(mail.text).toContain('・円の鉋 × 4（定価 単価 ¥14,800）');
    expect(mail.text).not.toContain('$');
  });

  it('keeps a dollar buyer’s lines in dollars, in either language', async () => {
    await ask(abroad, [{ toolId: plane, quantity: 5 }]);
    const en = await mailTo(mailer, ABROAD, '5 × Yen plane');
    expect(en.text).toContain('- 5 × Yen plane (list price $100.00 each)');
    await ask(abroad, [{ toolId: plane, quantity: 6 }], inJapanese);
    const ja = await mailTo(mailer, ABROAD, '円の鉋 × 6');
    expect(ja.text).toContain('・円の鉋 × 6（定価 単価 $100.00）');
    expect(ja.text).not.toContain('¥');
  });
});

describe('a quote in yen', () => {
  it('refuses a unit price in yen with decimals (400), at its line', async () => {
    const body = {
      buyerEmail: BUYER,
      currency: 'JPY',
      lines: [{ toolId: plane, quantity: 3, unitPrice: 1_333.5 }],
      validUntil: inAnHour(),
      holdsStock: false,
    };
    const refused = await admin.post('/api/quotes', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual(expect.objectContaining({ path: 'lines.0.unitPrice' }));
  });

  it('accepted by transfer, becomes a yen order at the quoted whole-yen prices and shipping, tax rounded as the shop rounds yen, stock taken once', async () => {
    const requestId = await ask(buyer, [{ toolId: plane, quantity: 3 }]);
    const before = await available(plane);
    const made = await admin.post('/api/quotes', {
      requestId,
      buyerEmail: BUYER,
      currency: 'JPY',
      lines: [{ toolId: plane, quantity: 3, unitPrice: 1_333 }],
      shippingPrice: 505,
      validUntil: inAnHour(),
      holdsStock: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const quoteId = made.json()._id as string;
    expect(await available(plane)).toBe((before ?? 0) - 3);

    const quote = (await buyer.get(`/api/quotes/${quoteId}`)).json() as Quote;
    expect(quote).toMatchObject({ currency: 'JPY', goodsTotal: 3_999, shippingPrice: 505, state: 'open' });
    expect(quote.lines[0]).toMatchObject({ unitPrice: 1_333, listPrice: 14_800 });

    const res = await acceptQuote(buyer, quoteId);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order).toMatchObject({
      status: 'unpaid',
      paymentMethod: 'transfer',
      currency: 'JPY',
      quantity: 3,
      perPrice: 1_333,
      totalPrice: 3_999,
      shippingPrice: 505,
      // 10 % of ¥4,504 is ¥450.4: rounded up to whole yen, as the shop rounds a yen order's tax.
      taxPrice: 451,
      amountDue: 4_955,
    });
    // The quote's hold given back and the order's taken: three pieces off sale, once.
    expect(await available(plane)).toBe((before ?? 0) - 3);
    expect((await ledger(plane)).slice(-3)).toEqual(['quote -3', 'quote 3', 'order -3']);
    expect(await ledgerSum(plane)).toBe(await available(plane));
    expect(await inInbox(requestId)).toMatchObject({
      status: 'closed',
      quote: { _id: quoteId, state: 'accepted' },
    });
  });
});
