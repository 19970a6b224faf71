import { messages } from '@kanna/shared';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPaymentIntents } from '../../db/schema';
import { addTool, startTestShop, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { confirmCard, signedIn } from '../../test/shopping';

/**
 * What an order charges besides its goods (docs/rules.md, "Paying like a business"): the
 * server prices shipping by the destination's zone and tax on domestic deliveries from the shop
 * settings, whatever the browser sends; the order, its lists and its payment carry the amount due.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
const ADMIN = 'charges-admin@kanna.example';

beforeAll(async () => {
  shop = await startTestShop({
    env: { ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000', MAX_UNPAID_ORDERS: '100' },
  });
  admin = await signedIn(shop, '10.32.0.1', 'Chika Charges', ADMIN);
  buyer = await signedIn(shop, '10.32.0.2', 'Ben Buyer', 'charges-buyer@kanna.example');
});
afterAll(() => shop?.close());

const settings = (over: Record<string, unknown> = {}) => ({
  legalName: 'Kanna Tools K.K.',
  address: '1-2-3 Kuramae, Tokyo',
  tax: { enabled: true, ratePercent: 10, country: 'JP' },
  shippingZones: [
    { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500 },
    { name: 'Asia', countries: ['KR', 'TW'], rate: 40, freeFrom: 2000 },
  ],
  ...over,
});
const save = async (body: object) =>
  expect((await admin.put('/api/shop-settings', body)).statusCode).toBe(200);

/** Orders `cents` of goods (one line of a $0.01… tool at the quantity that makes it) to `country`. */
async function order(toolId: string, quantity: number, extra: Record<string, unknown> = {}) {
  return buyer.post('/api/order', {
    phone: '0312345678',
    address: '2-3 Kanda, Tokyo',
    lines: [{ toolId, quantity }],
    ...extra,
  });
}
const placed = async (res: { statusCode: number; json(): { insertedId: string } }) => {
  expect(res.statusCode).toBe(201);
  return (await buyer.get(`/api/orders/${res.json().insertedId}`)).json();
};

describe('with no settings', () => {
  it('charges the goods only, as the spec shop did', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 12_345 });
    const o = await placed(await order(tool._id, 1, { country: 'US' }));
    expect(o).toMatchObject({
      totalPrice: 123.45,
      shippingPrice: 0,
      taxPrice: 0,
      taxTreatment: 'none',
      amountDue: 123.45,
      country: 'US',
      paymentMethod: 'card',
    });
  });
});

describe('with tax and zones', () => {
  let cent: string;
  beforeAll(async () => {
    await save(settings());
    // One cent a piece: the goods total is the quantity, in cents.
    cent = (await addTool(shop, { minQuantity: 1, available: 10_000_000, priceCents: 1 }))._id;
  });

  it('charges a domestic order its shipping and tax on both, rounded down once', async () => {
    const o = await placed(await order(cent, 12_345)); // $123.45, to the shop's own country
    // ($123.45 + $15) × 10 % = $13.845 → $13.84
    expect(o).toMatchObject({
      country: 'JP',
      totalPrice: 123.45,
      shippingPrice: 15,
      taxPrice: 13.84,
      taxRatePercent: 10,
      taxTreatment: 'domestic',
      amountDue: 152.29,
    });
  });

  it('ships free from the zone amount: a cent below pays shipping, at and above it not', async () => {
    const at = async (cents: number) => placed(await order(cent, cents, { country: 'jp' }));
    // ($499.99 + $15) × 10 % = $51.499 → $51.49
    expect(await at(49_999)).toMatchObject({ shippingPrice: 15, taxPrice: 51.49, amountDue: 566.48 });
    expect(await at(50_000)).toMatchObject({ shippingPrice: 0, taxPrice: 50, amountDue: 550 });
    expect(await at(50_001)).toMatchObject({ shippingPrice: 0, taxPrice: 50, amountDue: 550.01 });
  });

  it('charges an export its zone rate and no tax', async () => {
    const o = await placed(await order(cent, 100_000, { country: 'KR' }));
    expect(o).toMatchObject({
      country: 'KR',
      shippingPrice: 40,
      taxPrice: 0,
      taxTreatment: 'export',
      amountDue: 1040,
    });
    const free = await placed(await order(cent, 200_000, { country: 'TW' }));
    expect(free).toMatchObject({ shippingPrice: 0, amountDue: 2000 });
  });

  it('refuses a country in no zone with 400, naming it, and holds nothing', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 5_000 });
    const res = await order(tool._id, 2, { country: 'DE' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.noShippingTo('DE'));
    expect(res.json().errors).toEqual([
      { path: 'country', key: 'noShippingTo', params: ['DE'], message: messages.noShippingTo('DE') },
    ]);
    expect((await shop.app.inject(`/api/handTools/${tool._id}`)).json().maxQuantity).toBe(10);
    // A code that names no country is refused by the contract.
    const bad = await order(tool._id, 2, { country: 'XX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('country');
  });

  it('refuses an address in Japan sent to another country (400 on the country, in English and Japanese), and holds nothing', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 5_000 });
    const tokyo = { address: '〒104-0061 東京都中央区銀座4-5-6', country: 'KR' };
    const res = await order(tool._id, 2, tokyo);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.addressInJapan);
    expect(res.json().errors).toEqual([
      { path: 'country', key: 'addressInJapan', params: [], message: messages.addressInJapan },
    ]);
    const inJapanese = await buyer.post(
      '/api/order',
      { phone: '0312345678', lines: [{ toolId: tool._id, quantity: 2 }], ...tokyo },
      { 'accept-language': 'ja-JP,ja;q=0.9' },
    );
    expect(inJapanese.statusCode).toBe(400);
    expect(inJapanese.json().errors).toEqual([
      { path: 'country', key: 'addressInJapan', params: [], message: messagesJa.addressInJapan },
    ]);
    // In Latin letters too.
    const latin = await order(tool._id, 2, {
      address: '4-5-6 Ginza, Chuo-ku, Tokyo 104-0061',
      country: 'TW',
    });
    expect(latin.statusCode).toBe(400);
    expect((await shop.app.inject(`/api/handTools/${tool._id}`)).json().maxQuantity).toBe(10);
    // Sent to Japan, it is a domestic order with its tax.
    const o = await placed(await order(tool._id, 2, { ...tokyo, country: 'JP' }));
    expect(o).toMatchObject({ country: 'JP', taxTreatment: 'domestic', shippingPrice: 15, taxPrice: 11.5 });
  });

  it('never believes amounts the browser sends', async () => {
    const res = await order(cent, 10_000, { shippingPrice: 0, taxPrice: 0, amountDue: 1 });
    expect(await placed(res)).toMatchObject({ shippingPrice: 15, taxPrice: 11.5, amountDue: 126.5 });
  });

  it('holds the minimum on the goods total, before shipping and tax', async () => {
    await save(settings({ minimumOrder: 100 }));
    const below = await order(cent, 9_999);
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(messages.belowMinimumOrder(100, 0.01));
    expect((await order(cent, 10_000)).statusCode).toBe(201);
    await save(settings());
  });

  it('charges the card the amount due, and lists show it', async () => {
    const id = (await order(cent, 20_000)).json().insertedId as string; // $200 + $15 + $21.50
    const intent = await buyer.post('/api/create-payment-intent', { orderId: id });
    expect(intent.statusCode).toBe(200);
    const [row] = await shop.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.orderId, id));
    expect(row?.amountCents).toBe(23_650);
    const card = await confirmCard(buyer, intent.json().clientSecret);
    const paid = await buyer.request({
      method: 'PATCH',
      url: `/api/order/${id}`,
      payload: { transactionId: card.json().transactionId },
    });
    expect(paid.json()).toMatchObject({ status: 'paid', amountDue: 236.5 });
    const mine = (await buyer.get('/api/order/charges-buyer@kanna.example?limit=100')).json() as {
      _id: string;
      amountDue: number;
    }[];
    expect(mine.find((o) => o._id === id)?.amountDue).toBe(236.5);
    const all = (await admin.get('/api/order?limit=100')).json() as { _id: string; amountDue: number }[];
    expect(all.find((o) => o._id === id)?.amountDue).toBe(236.5);
    const desk = (await admin.get(`/api/orders/${id}`)).json();
    expect(desk.payments).toMatchObject([{ method: 'card', amount: 236.5, status: 'succeeded' }]);
  });

  it("exports an order's shipping, tax rate, tax and amount due on its first line", async () => {
    // An address without a comma: each cell is then one field of the line.
    const res = await order(cent, 12_345, { country: 'JP', address: '2-3 Kanda Tokyo' });
    const id = res.json().insertedId as string;
    const csv = (await admin.get(`/api/order/export.csv?q=${id}`)).rawPayload.subarray(3).toString('utf8');
    const [header = '', row = ''] = csv.trimEnd().split('\n');
    const cells = Object.fromEntries(row.split(',').map((cell, i) => [header.split(',')[i], cell]));
    expect(cells).toMatchObject({
      order_total: '123.45',
      country: 'JP',
      shipping: '15.00',
      tax: '13.84',
      tax_rate: '10.00',
      amount_due: '152.29',
      payment_method: 'card',
    });
  });

  it('tells every visitor the charges, so the cart can show them before checkout', async () => {
    const pub = (await shop.app.inject('/api/settings')).json();
    expect(pub.charges).toEqual({
      tax: { enabled: true, ratePercent: 10, country: 'JP', rounding: 'down' },
      shippingZones: [
        { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500, rateYen: null, freeFromYen: null },
        { name: 'Asia', countries: ['KR', 'TW'], rate: 40, freeFrom: 2000, rateYen: null, freeFromYen: null },
      ],
      yenCountries: [],
      yenPerDollar: null,
    });
  });
});

describe('paying by bank transfer', () => {
  it('is refused while the shop has given no account to pay into', async () => {
    await admin.put('/api/shop-settings', settings());
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 5_000 });
    const res = await order(tool._id, 2, { paymentMethod: 'transfer' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.noBankTransfer);
  });

  it('is the only way past the card limit, and holds the stock for the transfer days', async () => {
    await save(
      settings({
        bank: { bankName: 'Mizuho Bank', accountNumber: '1234567', accountHolder: 'Kanna Tools K.K.' },
        transferHoldDays: 9,
      }),
    );
    // An approved trade buyer may hold more unpaid than the value cap.
    const approval = await admin.put('/api/users/charges-buyer@kanna.example/approval', { approved: true });
    expect(approval.statusCode).toBe(200);
    // $950,000 of goods: with shipping and tax more than a card carries.
    const big = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 95_000_000 });
    const card = await order(big._id, 1);
    expect(card.statusCode).toBe(400);
    expect(card.json().message).toBe(messages.cardLimitTransferOnly);
    const before = Date.now();
    const o = await placed(await order(big._id, 1, { paymentMethod: 'transfer' }));
    expect(o).toMatchObject({ paymentMethod: 'transfer', amountDue: 1_045_000 });
    const holdDays = (Date.parse(o.holdUntil) - before) / 86_400_000;
    expect(holdDays).toBeGreaterThan(8.99);
    expect(holdDays).toBeLessThan(9.01);
  });
});
