import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { addTool, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { pdfText } from '../../test/pdf';
import {
  approvedBuyer,
  ownerSignedIn,
  planeWithBreaks,
  signedIn,
  startShopWithOwner,
} from '../../test/shopping';

/**
 * Price lists (掛率, decision 0060): kept by administrators, given to buyers; a buyer with a list
 * reads, carts and orders at its prices everywhere the server prices, privately, while visitors
 * and other buyers keep the list price and the public cache.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
let other: Client;
let visitor: Client;
/** A plane at $12.35, $11.00 from 10 pieces and $10.00 from 50; at 85 %: $10.50, $9.35, $8.50. */
let plane: string;
/** A saw at $40.00 with no breaks: the list gives it a fixed price in one test. */
let saw: string;
const BUYER = 'rate-buyer@kanna.example';

const delivery = { phone: '0312345678', address: '1-1 Ginza, Chuo-ku, Tokyo' };
const eightyFive = (fixedPrices: object[] = []) => ({ name: 'Trade 85', percent: 85, fixedPrices });

beforeAll(async () => {
  shop = await startShopWithOwner();
  admin = await ownerSignedIn(shop, '10.60.0.1');
  buyer = await approvedBuyer(shop, admin, '10.60.0.2', 'Rate Buyer', BUYER);
  other = await signedIn(shop, '10.60.0.3', 'Other Buyer', 'list-price@kanna.example');
  visitor = new Client(shop.app, shop.config.publicUrl, '10.60.0.4');
  plane = await planeWithBreaks(shop, { productName: 'Rate Plane', sku: 'RATE-PLANE' });
  saw = (await addTool(shop, { productName: 'Rate Saw', minQuantity: 1, available: 100, priceCents: 4000 }))
    ._id;
});
afterAll(() => shop?.close());

const toolIn = (res: { json(): unknown }, id: string) =>
  (res.json() as { _id: string; perPrice: number; volumePrices: unknown[] }[]).find((t) => t._id === id);

async function createList(body: object) {
  const res = await admin.post('/api/price-lists', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

const assign = (email: string, priceListId: string | null) =>
  admin.put(`/api/users/${email}/price-list`, { priceListId });

describe('price lists: who may keep them, and what is refused', () => {
  it('answers 401 signed out and 403 to a buyer, and keeps nothing', async () => {
    expect((await visitor.get('/api/price-lists')).statusCode).toBe(401);
    expect((await visitor.post('/api/price-lists', eightyFive())).statusCode).toBe(401);
    const forbidden = await buyer.post('/api/price-lists', eightyFive());
    expect(forbidden.statusCode).toBe(403);
    expect((await buyer.get('/api/price-lists')).statusCode).toBe(403);
    expect((await buyer.put(`/api/users/${BUYER}/price-list`, { priceListId: null })).statusCode).toBe(403);
    expect((await admin.get('/api/price-lists')).json()).toEqual([]);
  });

  it('refuses a bad rate, name or price with 400 naming the field, in the reader’s language', async () => {
    for (const percent of [0, 0.5, 201, 85.555, '85']) {
      const res = await admin.post('/api/price-lists', { name: 'Bad', percent });
      expect(res.statusCode, String(percent)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'percent' });
    }
    const ja = await admin.post(
      '/api/price-lists',
      { name: 'Bad', percent: 300 },
      { 'accept-language': 'ja' },
    );
    expect(ja.statusCode).toBe(400);
    expect(ja.json().errors[0].message).toBe('掛率は1〜200%の範囲で、小数点以下2桁までで入力してください。');
    const en = await admin.post('/api/price-lists', { name: ' ', percent: 85 });
    expect(en.json().errors[0]).toMatchObject({ path: 'name', message: 'Give the price list a name.' });
    const longName = await admin.post('/api/price-lists', { name: 'x'.repeat(81), percent: 85 });
    expect(longName.json().errors[0].path).toBe('name');
    const badPrice = await admin.post(
      '/api/price-lists',
      eightyFive([{ toolId: saw, currency: 'USD', price: 3.999 }]),
    );
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().errors[0].path).toBe('fixedPrices.0.price');
    const twice = await admin.post(
      '/api/price-lists',
      eightyFive([
        { toolId: saw, currency: 'USD', price: 30 },
        { toolId: saw, currency: 'USD', price: 31 },
      ]),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0]).toMatchObject({ path: 'fixedPrices.1.toolId' });
    const breaks = await admin.post(
      '/api/price-lists',
      eightyFive([
        { toolId: plane, currency: 'USD', price: 10, volumePrices: [{ minQuantity: 20, perPrice: 11 }] },
      ]),
    );
    expect(breaks.statusCode).toBe(400);
    expect(breaks.json().errors[0].path).toBe('fixedPrices.0.volumePrices.0.perPrice');
    expect((await admin.get('/api/price-lists')).json()).toEqual([]);
  });

  it('refuses a name another list has (whatever its case) with 409, and unknown ids with 404', async () => {
    const first = await createList({ name: 'Wholesale', percent: 90 });
    const again = await admin.post('/api/price-lists', { name: 'WHOLESALE', percent: 80 });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ path: 'name' });
    const second = await createList({ name: 'Retail', percent: 100 });
    const renamed = await admin.put(`/api/price-lists/${second.id}`, { name: 'wholesale', percent: 100 });
    expect(renamed.statusCode).toBe(409);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.put(`/api/price-lists/${unknown}`, { name: 'X', percent: 90 })).statusCode).toBe(404);
    expect((await admin.delete(`/api/price-lists/${unknown}`)).statusCode).toBe(404);
    expect((await assign(BUYER, unknown)).statusCode).toBe(404);
    expect((await assign('nobody@kanna.example', first.id)).statusCode).toBe(404);

    expect((await admin.delete(`/api/price-lists/${first.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/price-lists/${second.id}`)).statusCode).toBe(200);
    expect((await admin.get('/api/price-lists')).json()).toEqual([]);
  });
});

describe('a buyer with an 85 % list', () => {
  let list: { id: string };

  beforeAll(async () => {
    list = await createList(eightyFive());
    expect((await assign(BUYER, list.id)).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
  });

  it('is listed with its buyers for the admin, and every change is in the audit log', async () => {
    const lists = (await admin.get('/api/price-lists')).json();
    expect(lists).toEqual([
      expect.objectContaining({
        id: list.id,
        name: 'Trade 85',
        percent: 85,
        fixedPrices: [],
        buyers: [BUYER],
      }),
    ]);
    const kinds = (await shop.database.db.select().from(auditLog).where(eq(auditLog.targetId, list.id))).map(
      (e) => e.kind,
    );
    expect(kinds).toContain('priceList.create');
    const given = await shop.database.db.select().from(auditLog).where(eq(auditLog.kind, 'user.priceList'));
    expect(given.at(-1)).toMatchObject({ targetLabel: BUYER, after: { priceList: 'Trade 85' } });
  });

  it('sees 85 % prices in the catalogue list and a tool, privately; a visitor and another buyer see list prices', async () => {
    // The visitor first, so the public answers are kept before the buyer asks.
    const before = await visitor.get('/api/handTools?limit=50');
    expect(toolIn(before, plane)?.perPrice).toBe(12.35);

    const mine = await buyer.get('/api/handTools?limit=50');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(toolIn(mine, plane)).toMatchObject({
      perPrice: 10.5,
      volumePrices: [
        { minQuantity: 10, perPrice: 9.35 },
        { minQuantity: 50, perPrice: 8.5 },
      ],
    });
    const one = await buyer.get(`/api/handTools/${plane}`);
    expect(one.headers['cache-control']).toBe('private, no-store');
    expect(one.json()).toMatchObject({ perPrice: 10.5 });
    const page = await buyer.get('/api/handTools/by-slug/rate-plane');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.json()).toMatchObject({ _id: plane, perPrice: 10.5 });

    for (const reader of [visitor, other]) {
      const list = await reader.get('/api/handTools?limit=50');
      expect(list.headers['cache-control']).toBe('no-cache');
      expect(toolIn(list, plane)?.perPrice).toBe(12.35);
      const tool = await reader.get(`/api/handTools/${plane}`);
      expect(tool.json()).toMatchObject({
        perPrice: 12.35,
        volumePrices: [{ perPrice: 11 }, { perPrice: 10 }],
      });
    }
  });

  it('has the cart, quick order and an order priced at 85 % at each volume break', async () => {
    for (const [quantity, unit] of [
      [9, 10.5],
      [10, 9.35],
      [50, 8.5],
    ] as const) {
      const cart = await buyer.put('/api/cart', { lines: [{ toolId: plane, quantity }] });
      expect(cart.json().lines[0]).toMatchObject({ perPrice: unit });
      expect(cart.json().totalPrice).toBeCloseTo(unit * quantity, 2);

      const placed = await buyer.post('/api/order', { lines: [{ toolId: plane, quantity }], ...delivery });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = (await buyer.get(`/api/orders/order/${placed.json().insertedId}`)).json();
      expect(order.lines[0]).toMatchObject({ perPrice: unit });
      expect(order.lines[0].totalPrice).toBeCloseTo(unit * quantity, 2);
      // Its pro-forma, as issued, charges the buyer's price too.
      const proforma = await buyer.get(`/api/orders/${order._id}/documents/proforma.pdf`);
      expect(proforma.statusCode).toBe(200);
      const { text } = await pdfText(proforma.rawPayload);
      expect(text).toContain(`$${unit.toFixed(2)}`);
      expect(text).not.toContain(`$${(unit / 0.85).toFixed(2)}`);
    }
    const quick = await buyer.post('/api/quick-order/resolve', {
      rows: [{ code: 'RATE-PLANE', quantity: 10 }],
    });
    expect(quick.json()[0]).toMatchObject({ unitPrice: 9.35, totalPrice: 93.5 });
    const saved = await buyer.post('/api/lists', {
      name: 'Restock',
      lines: [{ toolId: plane, quantity: 50 }],
    });
    expect(saved.json()).toMatchObject({ lines: [{ perPrice: 8.5, totalPrice: 425 }], totalPrice: 425 });
    // Another buyer's cart stays at the list price.
    const theirs = await other.put('/api/cart', { lines: [{ toolId: plane, quantity: 10 }] });
    expect(theirs.json().lines[0]).toMatchObject({ perPrice: 11 });
  });

  it('refuses an order whose client sends the list price (409), and takes the buyer’s price', async () => {
    const listPrice = await buyer.post('/api/order', {
      toolId: plane,
      quantity: 1,
      perPrice: 12.35,
      ...delivery,
    });
    expect(listPrice.statusCode).toBe(409);
    const total = await buyer.post('/api/order', {
      lines: [{ toolId: plane, quantity: 10 }],
      totalPrice: 110,
      ...delivery,
    });
    expect(total.statusCode).toBe(409);
    const theirs = await buyer.post('/api/order', {
      toolId: plane,
      quantity: 1,
      perPrice: 10.5,
      totalPrice: 10.5,
      ...delivery,
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
  });

  it('gives a fixed price before the rate, in the catalogue and the cart', async () => {
    const updated = await admin.put(
      `/api/price-lists/${list.id}`,
      eightyFive([{ toolId: saw, currency: 'USD', price: 30 }]),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().fixedPrices).toEqual([
      { toolId: saw, productName: 'Rate Saw', onSale: true, currency: 'USD', price: 30, volumePrices: null },
    ]);
    const mine = await buyer.get('/api/handTools?limit=50');
    expect(toolIn(mine, saw)?.perPrice).toBe(30);
    expect(toolIn(mine, plane)?.perPrice).toBe(10.5);
    const cart = await buyer.put('/api/cart', { lines: [{ toolId: saw, quantity: 2 }] });
    expect(cart.json()).toMatchObject({ lines: [{ perPrice: 30, totalPrice: 60 }], totalPrice: 60 });
    expect(toolIn(await visitor.get('/api/handTools?limit=50'), saw)?.perPrice).toBe(40);
  });

  it('returns the buyer to list prices when the list is deleted', async () => {
    const gone = await admin.delete(`/api/price-lists/${list.id}`);
    expect(gone.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const read = await buyer.get('/api/handTools?limit=50');
    expect(read.headers['cache-control']).toBe('no-cache');
    expect(toolIn(read, plane)?.perPrice).toBe(12.35);
    const cart = await buyer.put('/api/cart', { lines: [{ toolId: plane, quantity: 10 }] });
    expect(cart.json().lines[0]).toMatchObject({ perPrice: 11 });
    expect((await admin.get('/api/price-lists')).json()).toEqual([]);
  });
});
