import { messages } from '@kanna/shared';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettings } from '../../db/schema';
import { addTool, startTestShop, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { buyerSeries, saveSettings, signedIn } from '../../test/shopping';

/**
 * Shipping and the minimum order set in yen (docs/rules.md, "Yen and dollars"): a maker in Japan
 * sets its domestic rate, free-from amount and minimum in whole yen; a yen order is charged those
 * exactly, whatever the yen rate, while a dollar order keeps the dollar amounts.
 */
let shop: TestShop;
let admin: Client;
const ADMIN = 'yen-shipping-admin@kanna.example';
const buyer = buyerSeries(() => shop, '10.71.0', 'Yen Shipper', 'yen.shipper');

/** ¥1,200 to Japan, free from ¥30,000, minimum ¥5,000; $40 elsewhere and a $50 minimum (¥7,500 if derived). */
const settings = (over: Record<string, unknown> = {}) => ({
  legalName: 'Kanna Tools K.K.',
  shippingZones: [
    { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500, rateYen: 1_200, freeFromYen: 30_000 },
    { name: 'World', countries: 'rest-of-world', rate: 40, freeFrom: null },
  ],
  minimumOrder: 50,
  minimumOrderYen: 5_000,
  yenPerDollar: 150,
  yenCountries: ['JP'],
  ...over,
});
const save = (body: object) => saveSettings(admin, body);

const TOKYO = { phone: '0312345678', address: '2-3 Kanda, Chiyoda-ku, Tokyo' };
const SEATTLE = { phone: '+12065550100', address: '100 Pine St, Seattle WA', country: 'US' };

let thousand: string; // $10, ¥1,000
let oneLess: string; // $9.99, ¥999
const lines = (thousands: number, oneLessToo = false) => [
  { toolId: thousand, quantity: thousands },
  ...(oneLessToo ? [{ toolId: oneLess, quantity: 1 }] : []),
];

async function placed(c: Client, body: Record<string, unknown>) {
  const res = await c.post('/api/order', body);
  expect(res.statusCode, res.body).toBe(201);
  return (await c.get(`/api/orders/${res.json().insertedId}`)).json();
}

beforeAll(async () => {
  shop = await startTestShop({
    env: {
      ADMIN_EMAILS: ADMIN,
      AUTH_RATE_LIMIT: '1000',
      MAX_UNPAID_ORDERS: '100',
      MAX_UNPAID_VALUE: '100000',
    },
  });
  admin = await signedIn(shop, '10.71.1.1', 'Yumi Yen', ADMIN);
  await save(settings());
  thousand = (await addTool(shop, { minQuantity: 1, available: 100_000, priceCents: 1_000, priceYen: 1_000 }))
    ._id;
  oneLess = (await addTool(shop, { minQuantity: 1, available: 100_000, priceCents: 999, priceYen: 999 }))._id;
});
afterAll(() => shop?.close());

describe('the owner', () => {
  it('sets the yen amounts through the settings and reads them back; every visitor is told them', async () => {
    const got = (await admin.get('/api/shop-settings')).json().settings;
    expect(got).toMatchObject({
      shippingZones: [
        { name: 'Japan', rate: 15, freeFrom: 500, rateYen: 1_200, freeFromYen: 30_000 },
        { name: 'World', rate: 40, freeFrom: null, rateYen: null, freeFromYen: null },
      ],
      minimumOrder: 50,
      minimumOrderYen: 5_000,
    });
    const pub = (await shop.app.inject('/api/settings')).json();
    expect(pub.minimumOrderYen).toBe(5_000);
    expect(pub.charges.shippingZones).toEqual([
      { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500, rateYen: 1_200, freeFromYen: 30_000 },
      {
        name: 'World',
        countries: 'rest-of-world',
        rate: 40,
        freeFrom: null,
        rateYen: null,
        freeFromYen: null,
      },
    ]);
  });

  it('is refused a yen amount that is not whole yen from 0 to ¥99,999,999, named at its field', async () => {
    const res = await admin.put(
      '/api/shop-settings',
      settings({
        shippingZones: [
          { name: 'Japan', countries: ['JP'], rate: 15, rateYen: 12.5, freeFromYen: 100_000_000 },
        ],
        minimumOrderYen: -1,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'shippingZones.0.rateYen',
          message: messages.yenAmountInvalid('shipping rate in yen'),
        }),
        expect.objectContaining({
          path: 'shippingZones.0.freeFromYen',
          message: messages.yenAmountInvalid('free-from amount in yen'),
        }),
        expect.objectContaining({
          path: 'minimumOrderYen',
          message: messages.yenAmountInvalid('minimum order in yen'),
        }),
      ]),
    );
  });
});

describe('a yen order to Japan', () => {
  it('is charged the yen rate exactly (¥1,200, not $15 at the rate), and ships free from ¥30,000', async () => {
    const c = await buyer();
    const below = await placed(c, { ...TOKYO, lines: lines(29, true) });
    expect(below).toMatchObject({
      currency: 'JPY',
      totalPrice: 29_999,
      shippingPrice: 1_200,
      amountDue: 31_199,
    });
    const at = await placed(c, { ...TOKYO, lines: lines(30) });
    expect(at).toMatchObject({ currency: 'JPY', totalPrice: 30_000, shippingPrice: 0, amountDue: 30_000 });
  });

  it('is refused one yen under the yen minimum, the amount said in yen in English and Japanese; taken at it', async () => {
    const c = await buyer();
    const short = await c.post('/api/order', { ...TOKYO, lines: lines(4, true) });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.belowMinimumOrderYen(5_000, 1));
    expect(short.json().message).toContain('¥5,000');
    const ja = await c.request({
      method: 'POST',
      url: '/api/order',
      payload: { ...TOKYO, lines: lines(4, true) },
      headers: { 'accept-language': 'ja' },
    });
    expect(ja.statusCode).toBe(400);
    expect(ja.json().message).toBe(messagesJa.belowMinimumOrderYen(5_000, 1));
    expect(await placed(c, { ...TOKYO, lines: lines(5) })).toMatchObject({
      totalPrice: 5_000,
      shippingPrice: 1_200,
    });
  });

  it('keeps its yen shipping and minimum when the owner changes the yen rate', async () => {
    await save(settings({ yenPerDollar: 200 }));
    try {
      const c = await buyer();
      expect(await placed(c, { ...TOKYO, lines: lines(29, true) })).toMatchObject({ shippingPrice: 1_200 });
      expect(await placed(c, { ...TOKYO, lines: lines(30) })).toMatchObject({ shippingPrice: 0 });
      const short = await c.post('/api/order', { ...TOKYO, lines: lines(4, true) });
      expect(short.json().message).toBe(messages.belowMinimumOrderYen(5_000, 1));
    } finally {
      await save(settings());
    }
  });

  it('falls back on the dollar amounts at the yen rate where no yen amount is set', async () => {
    await save(
      settings({
        shippingZones: [{ name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500 }],
        minimumOrderYen: null,
      }),
    );
    try {
      const c = await buyer();
      // $15 → ¥2,250; $50 → ¥7,500.
      expect(await placed(c, { ...TOKYO, lines: lines(8) })).toMatchObject({ shippingPrice: 2_250 });
      const short = await c.post('/api/order', { ...TOKYO, lines: lines(7) });
      expect(short.json().message).toBe(messages.belowMinimumOrderYen(7_500, 500));
    } finally {
      await save(settings());
    }
  });
});

describe('a dollar order to another zone', () => {
  it('is charged as before: the dollar rate and the dollar minimum, never a yen amount', async () => {
    const c = await buyer();
    expect(await placed(c, { ...SEATTLE, lines: lines(5) })).toMatchObject({
      currency: 'USD',
      totalPrice: 50,
      shippingPrice: 40,
      amountDue: 90,
    });
    const short = await c.post('/api/order', { ...SEATTLE, lines: lines(4) });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.belowMinimumOrder(50, 10));
  });
});

describe('settings saved before yen amounts could be set', () => {
  it('are read as they were: every yen amount derived from the dollar one at the rate', async () => {
    const old = await startTestShop({ env: { ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000' } });
    try {
      // The row as an earlier release stored it: no rateYen, freeFromYen or minimumOrderYen.
      await old.database.db.insert(shopSettings).values({
        id: 1,
        value: {
          legalName: 'Kanna Tools K.K.',
          shippingZones: [{ name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500 }],
          minimumOrder: 50,
          yenPerDollar: 150,
          yenCountries: ['JP'],
        },
        updatedBy: ADMIN,
      });
      const owner = await signedIn(old, '10.71.2.1', 'Yumi Yen', ADMIN);
      expect((await owner.get('/api/shop-settings')).json().settings).toMatchObject({
        shippingZones: [{ name: 'Japan', rate: 15, freeFrom: 500, rateYen: null, freeFromYen: null }],
        minimumOrder: 50,
        minimumOrderYen: null,
      });
      const tool = (
        await addTool(old, { minQuantity: 1, available: 100, priceCents: 1_000, priceYen: 1_000 })
      )._id;
      const c = await signedIn(old, '10.71.2.2', 'Old Shipper', 'old.shipper@kanna.example');
      // $15 → ¥2,250; $50 → ¥7,500.
      const short = await c.post('/api/order', { ...TOKYO, lines: [{ toolId: tool, quantity: 7 }] });
      expect(short.json().message).toBe(messages.belowMinimumOrderYen(7_500, 500));
      expect(await placed(c, { ...TOKYO, lines: [{ toolId: tool, quantity: 8 }] })).toMatchObject({
        shippingPrice: 2_250,
      });
    } finally {
      await old.close();
    }
  });
});
