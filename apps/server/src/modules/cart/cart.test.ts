import { messages } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { signedIn, startShopFor, tieredChisel } from '../../test/shopping';

/** The cart: kept per account on the server, priced at today's prices, its lines checked. */
let shop: TestShop;
let n = 0;

beforeAll(async () => {
  shop = await startShopFor('cart-admin@kanna.example');
});
afterAll(() => shop?.close());

async function buyer() {
  n++;
  return signedIn(
    shop,
    `10.31.${1 + Math.floor(n / 250)}.${n % 250}`,
    `Carter ${n}`,
    `carter.${n}@kanna.example`,
  );
}

/** A chisel at $10, $9 from 100, $8 from 500 pieces; minimum 20. */
const tiered = () => tieredChisel(shop);

describe('the cart', () => {
  it("is kept per account at today's prices, and says what is wrong with a line", async () => {
    const scarce = await addTool(shop, { minQuantity: 20, available: 40, priceCents: 600 });
    const packed = await addTool(shop, { minQuantity: 6, available: 600, priceCents: 200, packSize: 6 });
    const c = await buyer();
    expect((await c.get('/api/cart')).json()).toEqual({ lines: [], totalPrice: 0 });
    const res = await c.put('/api/cart', {
      lines: [
        { toolId: scarce._id, quantity: 50 },
        { toolId: packed._id, quantity: 10 },
        { toolId: (await tiered())._id, quantity: 10 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [a, b, d] = res.json().lines;
    expect(a.problem).toBe(messages.onlyLeft(40));
    expect(b.problem).toBe(messages.packSize(6));
    expect(d.problem).toBe(messages.belowMinimumOf(20));
    expect(res.json().totalPrice).toBe(0);
    // Another device of the same account sees the same cart; another account its own.
    expect((await c.get('/api/cart')).json()).toEqual(res.json());
    expect((await (await buyer()).get('/api/cart')).json().lines).toEqual([]);
    // Read in Japanese, the same cart names the same problems in Japanese.
    c.cookies.set('lang', 'ja');
    const ja = (await c.get('/api/cart')).json();
    expect(ja.lines.map((l: { problem: string }) => l.problem)).toEqual([
      '在庫は残り40個です',
      '6個入りの販売です。6の倍数でご注文ください',
      '最小注文数量 20 を下回っています',
    ]);
  });

  it('an order from the cart takes its pieces out of the cart on the server, before it is answered', async () => {
    const a = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 300 });
    const b = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 400 });
    const kept = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 500 });
    const c = await buyer();
    const saved = await c.put('/api/cart', {
      lines: [
        { toolId: a._id, quantity: 10 },
        { toolId: b._id, quantity: 6 },
        { toolId: kept._id, quantity: 2 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    // All of the first tool and four of the second are ordered; the browser sends no new cart.
    const order = await c.post('/api/order', {
      phone: '0312345678',
      address: '1-1 Ginza, Tokyo',
      lines: [
        { toolId: a._id, quantity: 10 },
        { toolId: b._id, quantity: 4 },
      ],
    });
    expect(order.statusCode).toBe(201);
    expect(
      (await c.get('/api/cart'))
        .json()
        .lines.map((l: { toolId: string; quantity: number }) => [l.toolId, l.quantity]),
    ).toEqual([
      [b._id, 2],
      [kept._id, 2],
    ]);
    // A refused order takes nothing.
    const refused = await c.post('/api/order', {
      phone: '0312345678',
      address: '1-1 Ginza, Tokyo',
      lines: [{ toolId: kept._id, quantity: 1000 }],
    });
    expect(refused.statusCode).toBe(409);
    expect((await c.get('/api/cart')).json().lines).toHaveLength(2);
  });

  it('refuses unknown tools, duplicates and more than 50 lines with 400, and needs a session', async () => {
    const t = await addTool(shop, { minQuantity: 1, available: 5, priceCents: 100 });
    const c = await buyer();
    const unknown = await c.put('/api/cart', {
      lines: [{ toolId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { path: 'lines.0.toolId', key: 'notFound', params: ['This tool'], message: 'This tool was not found.' },
    ]);
    const dup = await c.put('/api/cart', {
      lines: [
        { toolId: t._id, quantity: 1 },
        { toolId: t._id, quantity: 2 },
      ],
    });
    expect(dup.statusCode).toBe(400);
    const many = Array.from({ length: 51 }, () => ({ toolId: t._id, quantity: 1 }));
    expect((await c.put('/api/cart', { lines: many })).statusCode).toBe(400);
    expect((await new Client(shop.app, shop.config.publicUrl).get('/api/cart')).statusCode).toBe(401);
  });

  it('a cart naming a tool that does not exist is refused at that line', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 5, priceCents: 900 });
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await (await buyer()).request({
      method: 'PUT',
      url: '/api/cart',
      payload: {
        lines: [
          { toolId: tool._id, quantity: 1 },
          { toolId: missing, quantity: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'lines.1.toolId',
        key: 'notFound',
        params: ['This tool'],
        message: messages.notFound('This tool'),
      },
    ]);
  });
});
