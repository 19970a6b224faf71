import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import type { TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import {
  approvedBuyer,
  ownerSignedIn,
  planeWithBreaks,
  saveSettings,
  startShopWithOwner,
  yenInJapan,
} from '../../test/shopping';

/**
 * A fixed price's own volume breaks on a price list (decision 0060, docs/rules.md "Price lists"):
 * kept as sent and answered back; refused at the break's field, in the reader's language, when
 * not at increasing quantities, not cheaper, more than a tool may have, not in whole cents or
 * whole yen; and the price a buyer on the list pays at each of them — in the catalogue, the
 * cart and an order, and in yen where Japan pays in yen.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
/** A plane at $12.35, $11.00 from 10 pieces and $10.00 from 50. */
let plane: string;
const BUYER = 'break-buyer@kanna.example';
/** Delivered in Seattle, an order is in dollars; in Tokyo, in yen (Japan pays in yen here). */
const SEATTLE = { phone: '+12065550100', address: '100 Pine St, Seattle WA', country: 'US' };
const TOKYO = { phone: '0312345678', address: '1-1 Ginza, Chuo-ku, Tokyo' };

beforeAll(async () => {
  shop = await startShopWithOwner();
  admin = await ownerSignedIn(shop, '10.61.0.1');
  buyer = await approvedBuyer(shop, admin, '10.61.0.2', 'Break Buyer', BUYER);
  plane = await planeWithBreaks(shop, { productName: 'Break Plane' });
  await saveSettings(admin, yenInJapan());
});
afterAll(() => shop?.close());

const withBreaks = (currency: 'USD' | 'JPY', price: number, volumePrices: object[] | null) => ({
  name: `Breaks ${Math.random().toString(36).slice(2, 8)}`,
  percent: 90,
  fixedPrices: [{ toolId: plane, currency, price, volumePrices }],
});

describe('a fixed price with its own volume breaks', () => {
  it('is refused at the break’s field, in English and in Japanese, and nothing is kept', async () => {
    const cases: [string, object, string, string, string][] = [
      [
        'breaks not at increasing quantities',
        withBreaks('USD', 10, [
          { minQuantity: 50, perPrice: 9 },
          { minQuantity: 20, perPrice: 8 },
        ]),
        'fixedPrices.0.volumePrices.1.minQuantity',
        'Price breaks must start at increasing quantities',
        '数量割引は数量の小さい順に設定してください',
      ],
      [
        'a break dearer than the one before',
        withBreaks('USD', 10, [
          { minQuantity: 20, perPrice: 9 },
          { minQuantity: 40, perPrice: 9.5 },
        ]),
        'fixedPrices.0.volumePrices.1.perPrice',
        'Each price break must be cheaper than the one before (and than the base price)',
        '数量割引の単価は、ひとつ前の段階（と基本価格）より安くしてください',
      ],
      [
        'more breaks than a tool may have',
        withBreaks(
          'USD',
          10,
          [2, 3, 4, 5, 6, 7].map((minQuantity) => ({ minQuantity, perPrice: 10 - minQuantity / 10 })),
        ),
        'fixedPrices.0.volumePrices',
        'At most 5 price breaks',
        '数量割引は5段階までです',
      ],
      [
        'a dollar break in fractions of a cent',
        withBreaks('USD', 10, [{ minQuantity: 20, perPrice: 9.005 }]),
        'fixedPrices.0.volumePrices.0.perPrice',
        'Price can have at most 2 decimals',
        '価格の小数点以下は2桁までです',
      ],
      [
        'a break at no price',
        withBreaks('USD', 10, [{ minQuantity: 20, perPrice: 0 }]),
        'fixedPrices.0.volumePrices.0.perPrice',
        'Price must be more than 0',
        '価格は0より大きくしてください',
      ],
      [
        'a yen break with decimals',
        withBreaks('JPY', 1500, [{ minQuantity: 20, perPrice: 1400.5 }]),
        'fixedPrices.0.volumePrices.0.perPrice',
        'A price in yen is a whole number of yen, with no decimals.',
        '円の価格は小数のない整数（円）で入力してください。',
      ],
    ];
    for (const [what, body, path, english, japanese] of cases) {
      const en = await admin.post('/api/price-lists', body);
      expect(en.statusCode, what).toBe(400);
      expect(en.json().errors, what).toContainEqual(expect.objectContaining({ path, message: english }));
      const ja = await admin.post('/api/price-lists', body, { 'accept-language': 'ja' });
      expect(ja.statusCode, what).toBe(400);
      expect(ja.json().errors, what).toContainEqual(expect.objectContaining({ path, message: japanese }));
    }
    expect((await admin.get('/api/price-lists')).json()).toEqual([]);
  });

  it('is kept as sent, in the audit log too, and the buyer pays it at each of its breaks (the list’s breaks no longer apply)', async () => {
    const created = await admin.post(
      '/api/price-lists',
      withBreaks('USD', 10, [
        { minQuantity: 20, perPrice: 9 },
        { minQuantity: 100, perPrice: 8 },
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json();
    expect(list.fixedPrices).toEqual([
      {
        toolId: plane,
        productName: 'Break Plane',
        onSale: true,
        currency: 'USD',
        price: 10,
        volumePrices: [
          { minQuantity: 20, perPrice: 9 },
          { minQuantity: 100, perPrice: 8 },
        ],
      },
    ]);
    expect((await admin.put(`/api/users/${BUYER}/price-list`, { priceListId: list.id })).statusCode).toBe(
      200,
    );

    const mine = (await buyer.get(`/api/handTools/${plane}`)).json();
    expect(mine).toMatchObject({
      perPrice: 10,
      volumePrices: [
        { minQuantity: 20, perPrice: 9 },
        { minQuantity: 100, perPrice: 8 },
      ],
    });
    for (const [quantity, unit] of [
      [1, 10],
      // The list's own break at 10 ($11) is not the buyer's: their price stays $10 until 20.
      [10, 10],
      [20, 9],
      [100, 8],
    ] as const) {
      const cart = await buyer.put('/api/cart', { lines: [{ toolId: plane, quantity }] });
      expect(cart.json().lines[0], String(quantity)).toMatchObject({ perPrice: unit });
      const placed = await buyer.post('/api/order', { lines: [{ toolId: plane, quantity }], ...SEATTLE });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = (await buyer.get(`/api/orders/order/${placed.json().insertedId}`)).json();
      expect(order.lines[0], String(quantity)).toMatchObject({ perPrice: unit });
    }

    // Changing only the breaks is an edit the audit log records, before and after.
    const edited = await admin.put(`/api/price-lists/${list.id}`, {
      name: list.name,
      percent: 90,
      fixedPrices: [
        { toolId: plane, currency: 'USD', price: 10, volumePrices: [{ minQuantity: 30, perPrice: 8.5 }] },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const entries = await shop.database.db.select().from(auditLog).where(eq(auditLog.targetId, list.id));
    const update = entries.find((e) => e.kind === 'priceList.update');
    expect(JSON.stringify(update?.after)).toContain('"minQuantity":30');
    expect(JSON.stringify(update?.before)).toContain('"minQuantity":100');
    // Back to the list's breaks scaled (null): $10 × 11.00 / 12.35 = $8.91 from 10.
    const scaled = await admin.put(`/api/price-lists/${list.id}`, {
      name: list.name,
      percent: 90,
      fixedPrices: [{ toolId: plane, currency: 'USD', price: 10, volumePrices: null }],
    });
    expect(scaled.json().fixedPrices[0].volumePrices).toBeNull();
    const cart = await buyer.put('/api/cart', { lines: [{ toolId: plane, quantity: 10 }] });
    expect(cart.json().lines[0]).toMatchObject({ perPrice: 8.91 });
    await admin.delete(`/api/price-lists/${list.id}`);
  });

  it('in yen, gives a buyer in Japan the fixed yen price and breaks in whole yen, with the tax beside', async () => {
    const created = await admin.post('/api/price-lists', {
      ...withBreaks('JPY', 1500, [
        { minQuantity: 30, perPrice: 1400 },
        { minQuantity: 60, perPrice: 1300 },
      ]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json();
    expect(list.fixedPrices[0]).toMatchObject({ currency: 'JPY', price: 1500 });
    await admin.put(`/api/users/${BUYER}/price-list`, { priceListId: list.id });
    const mine = (await buyer.get(`/api/handTools/${plane}`)).json();
    expect(mine.yen).toEqual({
      perPrice: 1500,
      volumePrices: [
        { minQuantity: 30, perPrice: 1400 },
        { minQuantity: 60, perPrice: 1300 },
      ],
      taxRatePercent: 10,
    });
    // The dollar price is the rate's (90 %), the list's breaks scaled by it.
    expect(mine.perPrice).toBe(11.12);
    // An order delivered in Japan is in yen, at the fixed yen break for its quantity.
    for (const [quantity, unit] of [
      [29, 1500],
      [30, 1400],
      [60, 1300],
    ] as const) {
      const placed = await buyer.post('/api/order', { lines: [{ toolId: plane, quantity }], ...TOKYO });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = (await buyer.get(`/api/orders/order/${placed.json().insertedId}`)).json();
      expect(order.currency).toBe('JPY');
      expect(order.lines[0], String(quantity)).toMatchObject({ perPrice: unit });
    }
    await admin.put(`/api/users/${BUYER}/price-list`, { priceListId: null });
    await admin.delete(`/api/price-lists/${list.id}`);
  });
});
