import { messages } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, tools } from '../../db/schema';
import { addTool, addToolByPiece, captureMailer, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import {
  confirmCard,
  jpegPhoto,
  signedIn,
  startShopFor,
  tieredChisel,
  uploadImage,
} from '../../test/shopping';

/** Trade orders: volume prices, pack sizes, several tools per order (the cart: cart/cart.test.ts). */
let shop: TestShop;
let admin: Client;
const mailer = captureMailer();
let n = 0;

beforeAll(async () => {
  shop = await startShopFor('trade-admin@kanna.example', { MAX_UNPAID_ORDERS: '50' }, mailer);
  admin = await signedIn(shop, '10.9.0.1', 'Trade Admin', 'trade-admin@kanna.example');
});
afterAll(() => shop?.close());

async function buyer() {
  n++;
  const c = await signedIn(
    shop,
    `10.9.${1 + Math.floor(n / 250)}.${n % 250}`,
    `Trader ${n}`,
    `trader.${n}@kanna.example`,
  );
  return c;
}
const address = { phone: '0312345678', address: '2-3 Kanda, Tokyo' };
const stockOf = async (id: string) =>
  (await shop.app.inject(`/api/handTools/${id}`)).json().maxQuantity as number;

/** A chisel at $10, $9 from 100, $8 from 500 pieces; minimum 20. */
const tiered = () => tieredChisel(shop);

describe('volume prices', () => {
  it('prices each quantity at the largest break it reaches: at, below and above every break', async () => {
    const tool = await tiered();
    const c = await buyer();
    const cases: [number, number][] = [
      [20, 10],
      [99, 10],
      [100, 9],
      [101, 9],
      [499, 9],
      [500, 8],
      [501, 8],
    ];
    for (const [quantity, unit] of cases) {
      const cart = await c.put('/api/cart', { lines: [{ toolId: tool._id, quantity }] });
      expect(cart.statusCode).toBe(200);
      expect(cart.json().lines[0]).toMatchObject({ quantity, perPrice: unit, problem: null });
      expect(cart.json().totalPrice).toBeCloseTo(unit * quantity, 2);
    }
    // The order is charged the same tier price, and says so.
    const res = await c.post('/api/order', { ...address, lines: [{ toolId: tool._id, quantity: 500 }] });
    expect(res.statusCode).toBe(201);
    const order = (await c.get(`/api/orders/order/${res.json().insertedId}`)).json();
    expect(order).toMatchObject({ perPrice: 8, quantity: 500, totalPrice: 4000 });
    expect(order.lines).toEqual([
      { toolId: tool._id, productName: tool.productName, quantity: 500, perPrice: 8, totalPrice: 4000 },
    ]);
  });

  it("shows a tool's breaks and pack size in its JSON, [] and 1 when it has none", async () => {
    const plain = await addTool(shop, { minQuantity: 1, available: 5, priceCents: 500 });
    const json = (await shop.app.inject(`/api/handTools/${plain._id}`)).json();
    expect(json).toMatchObject({ packSize: 1, volumePrices: [] });
    const tool = await tiered();
    expect((await shop.app.inject(`/api/handTools/${tool._id}`)).json().volumePrices).toEqual([
      { minQuantity: 100, perPrice: 9 },
      { minQuantity: 500, perPrice: 8 },
    ]);
  });

  it('lets the spec one-tool body send the tier price it saw, and refuses the base price above a break', async () => {
    const tool = await tiered();
    const c = await buyer();
    const wrong = await c.post('/api/order', { ...address, toolId: tool._id, quantity: 100, perPrice: 10 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(messages.priceChanged);
    const right = await c.post('/api/order', {
      ...address,
      toolId: tool._id,
      quantity: 100,
      perPrice: 9,
      totalPrice: 900,
    });
    expect(right.statusCode).toBe(201);
  });
});

describe('pack sizes', () => {
  it('refuses quantities off the pack size with 400, in the one-tool body and in lines, reserving nothing', async () => {
    const tool = await addTool(shop, { minQuantity: 12, available: 600, priceCents: 700, packSize: 6 });
    const c = await buyer();
    const one = await c.post('/api/order', { ...address, toolId: tool._id, quantity: 13 });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe(messages.packSize(6));
    const lines = await c.post('/api/order', { ...address, lines: [{ toolId: tool._id, quantity: 20 }] });
    expect(lines.statusCode).toBe(400);
    expect(lines.json().errors).toEqual([
      { path: 'lines.0.quantity', key: 'packSize', params: [6], message: messages.packSize(6) },
    ]);
    expect(await stockOf(tool._id)).toBe(600);
    expect((await c.post('/api/order', { ...address, toolId: tool._id, quantity: 18 })).statusCode).toBe(201);
    expect(await stockOf(tool._id)).toBe(582);
  });
});

describe('trade terms an admin sets', () => {
  let img: string;
  beforeAll(async () => {
    const res = await uploadImage(admin, 'saw.jpg', await jpegPhoto(800, 600, '#806040'));
    img = res.json().data.url;
  });
  const product = (over: object) => ({
    productName: 'Ryoba 240',
    description: 'A double-edged saw.',
    minQuantity: 12,
    maxQuantity: 600,
    perPrice: 30,
    img,
    ...over,
  });

  it('adds a tool with a pack size and breaks, which the catalogue then shows', async () => {
    const res = await admin.post(
      '/api/handTools',
      product({
        packSize: 6,
        volumePrices: [
          { minQuantity: 120, perPrice: 27.5 },
          { minQuantity: 600, perPrice: 25 },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const tool = (await shop.app.inject(`/api/handTools/${res.json().insertedId}`)).json();
    expect(tool).toMatchObject({
      packSize: 6,
      volumePrices: [
        { minQuantity: 120, perPrice: 27.5 },
        { minQuantity: 600, perPrice: 25 },
      ],
    });
  });

  it.each([
    [
      'breaks not increasing',
      {
        volumePrices: [
          { minQuantity: 120, perPrice: 28 },
          { minQuantity: 60, perPrice: 27 },
        ],
      },
      'volumePrices.1.minQuantity',
      messages.breaksNotIncreasing,
    ],
    [
      'prices not decreasing',
      {
        volumePrices: [
          { minQuantity: 60, perPrice: 28 },
          { minQuantity: 120, perPrice: 29 },
        ],
      },
      'volumePrices.1.perPrice',
      messages.breakNotCheaper,
    ],
    [
      'a break above the base price',
      { volumePrices: [{ minQuantity: 60, perPrice: 31 }] },
      'volumePrices.0.perPrice',
      messages.breakNotCheaper,
    ],
    [
      'a break at the minimum',
      { volumePrices: [{ minQuantity: 12, perPrice: 29 }] },
      'volumePrices.0.minQuantity',
      messages.breakNotAboveMinimum,
    ],
    ['a minimum off the pack size', { packSize: 5 }, 'minQuantity', messages.minimumNotOnPack(5)],
    [
      'a break off the pack size',
      { packSize: 6, volumePrices: [{ minQuantity: 100, perPrice: 29 }] },
      'volumePrices.0.minQuantity',
      messages.breakNotOnPack(6),
    ],
    [
      'six breaks',
      { volumePrices: [60, 120, 180, 240, 300, 360].map((q, i) => ({ minQuantity: q, perPrice: 29 - i })) },
      'volumePrices',
      messages.breaksTooMany(5),
    ],
    ['a pack size of 0', { packSize: 0 }, 'packSize', messages.packSizeInvalid],
  ])('refuses %s with 400 and says which field', async (_, over, path, message) => {
    const res = await admin.post('/api/handTools', product(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path,
      key: expect.any(String),
      params: expect.any(Array),
      message,
    });
  });

  it('refuses an edit whose pack size no longer divides the minimum or a break, changing nothing', async () => {
    const created = await admin.post(
      '/api/handTools',
      product({ packSize: 6, volumePrices: [{ minQuantity: 120, perPrice: 27 }] }),
    );
    const id = created.json().insertedId;
    const patch = (body: object) =>
      admin.request({ method: 'PATCH', url: `/api/handTools/${id}`, payload: body });
    const res = await patch({ packSize: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: 'minQuantity',
      key: 'minimumNotOnPack',
      params: [5],
      message: messages.minimumNotOnPack(5),
    });
    expect((await patch({ perPrice: 26 })).statusCode).toBe(400);
    expect((await shop.app.inject(`/api/handTools/${id}`)).json()).toMatchObject({
      packSize: 6,
      perPrice: 30,
    });
    const ok = await patch({
      packSize: 4,
      minQuantity: 12,
      volumePrices: [{ minQuantity: 48, perPrice: 28 }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ packSize: 4, volumePrices: [{ minQuantity: 48, perPrice: 28 }] });
  });
});

describe('an order of several tools', () => {
  it('reserves every line, totals them, and keeps the spec fields for the first line', async () => {
    const a = await addToolByPiece(shop, 'Oire nomi 12', { available: 50, priceCents: 1250 });
    const b = await tiered();
    const c = await buyer();
    const res = await c.post('/api/order', {
      ...address,
      lines: [
        { toolId: a._id, quantity: 4 },
        { toolId: b._id, quantity: 100 },
      ],
      totalPrice: 950,
    });
    expect(res.statusCode).toBe(201);
    const order = (await c.get(`/api/orders/order/${res.json().insertedId}`)).json();
    expect(order).toMatchObject({
      toolId: a._id,
      productName: 'Oire nomi 12',
      quantity: 4,
      perPrice: 12.5,
      totalPrice: 950,
      paid: false,
    });
    expect(
      order.lines.map((l: { quantity: number; totalPrice: number }) => [l.quantity, l.totalPrice]),
    ).toEqual([
      [4, 50],
      [100, 900],
    ]);
    expect(await stockOf(a._id)).toBe(46);
    expect(await stockOf(b._id)).toBe(1900);
    const mail = mailer.sent.at(-1);
    expect(mail?.text).toContain('4 × Oire nomi 12');
    expect(mail?.text).toContain('$950.00');
  });

  it('refuses the whole order with 409 naming the short line, and moves no stock on any tool', async () => {
    const a = await addTool(shop, { minQuantity: 1, available: 50, priceCents: 500 });
    const b = await addTool(shop, { minQuantity: 1, available: 3, priceCents: 500 });
    const c = await buyer();
    const before = (await shop.database.db.select().from(orders)).length;
    const res = await c.post('/api/order', {
      ...address,
      lines: [
        { toolId: a._id, quantity: 10 },
        { toolId: b._id, quantity: 5 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      { path: 'lines.1.quantity', key: 'onlyLeft', params: [3], message: messages.onlyLeft(3) },
    ]);
    expect(await stockOf(a._id)).toBe(50);
    expect(await stockOf(b._id)).toBe(3);
    expect((await shop.database.db.select().from(orders)).length).toBe(before);
  });

  it('refuses a total that disagrees with the server (409), duplicates and empty lists (400)', async () => {
    const a = await addTool(shop, { minQuantity: 1, available: 50, priceCents: 500 });
    const c = await buyer();
    const total = await c.post('/api/order', {
      ...address,
      lines: [{ toolId: a._id, quantity: 2 }],
      totalPrice: 9,
    });
    expect(total.statusCode).toBe(409);
    expect(total.json().message).toBe(messages.totalChanged);
    const dup = await c.post('/api/order', {
      ...address,
      lines: [
        { toolId: a._id, quantity: 2 },
        { toolId: a._id, quantity: 3 },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toContainEqual({
      path: 'lines.1.toolId',
      key: 'duplicateLine',
      params: [],
      message: messages.duplicateLine,
    });
    expect((await c.post('/api/order', { ...address, lines: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 51 }, () => ({ toolId: a._id, quantity: 1 }));
    expect((await c.post('/api/order', { ...address, lines: tooMany })).statusCode).toBe(400);
    expect(await stockOf(a._id)).toBe(50);
  });

  it('gives back every line when cancelled, and when its hold expires', async () => {
    const a = await addTool(shop, { minQuantity: 1, available: 40, priceCents: 300 });
    const b = await addTool(shop, { minQuantity: 2, available: 40, priceCents: 400 });
    const c = await buyer();
    const lines = [
      { toolId: a._id, quantity: 5 },
      { toolId: b._id, quantity: 6 },
    ];
    const first = (await c.post('/api/order', { ...address, lines })).json().insertedId;
    expect(await stockOf(a._id)).toBe(35);
    expect((await c.delete(`/api/order/${first}`)).json().deletedCount).toBe(1);
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([40, 40]);

    const second = (await c.post('/api/order', { ...address, lines })).json().insertedId;
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([35, 34]);
    await shop.database.db.update(orders).set({ holdUntil: new Date(Date.now() - 1000) });
    expect(await shop.services.orders.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([40, 40]);
    expect((await c.get(`/api/orders/order/${second}`)).json().status).toBe('cancelled');
  });

  it("asks one payment for the order's whole total, and pays every line with it", async () => {
    const a = await addTool(shop, { minQuantity: 1, available: 40, priceCents: 350 });
    const b = await tiered();
    const c = await buyer();
    const id = (
      await c.post('/api/order', {
        ...address,
        lines: [
          { toolId: a._id, quantity: 3 },
          { toolId: b._id, quantity: 120 },
        ],
      })
    ).json().insertedId;
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId: id })).json();
    const intent = await shop.services.payments.retrieveIntent(clientSecret.split('_secret_')[0]);
    expect(intent?.amountCents).toBe(350 * 3 + 900 * 120);
    const paid = await confirmCard(c, clientSecret, { cardNumber: '4242424242424242' });
    expect(paid.statusCode).toBe(200);
    const done = await c.request({
      method: 'PATCH',
      url: `/api/order/${id}`,
      payload: { transactionId: paid.json().transactionId },
    });
    expect(done.json()).toMatchObject({ paid: true, totalPrice: 1090.5 });
    expect(done.json().lines).toHaveLength(2);
  });

  it('keeps the lines in the order they were sent, in the database too', async () => {
    const tools = await Promise.all(
      [1, 2, 3].map(() => addTool(shop, { minQuantity: 1, available: 9, priceCents: 100 })),
    );
    const c = await buyer();
    const sent = [tools[2], tools[0], tools[1]].map((t) => ({ toolId: t?._id as string, quantity: 1 }));
    const id = (await c.post('/api/order', { ...address, lines: sent })).json().insertedId;
    expect(
      (await c.get(`/api/orders/order/${id}`)).json().lines.map((l: { toolId: string }) => l.toolId),
    ).toEqual(sent.map((l) => l.toolId));
    const stored = await shop.database.db.select().from(orderLines);
    expect(
      stored
        .filter((l) => l.orderId === id)
        .sort((x, y) => x.position - y.position)
        .map((l) => l.toolId),
    ).toEqual(sent.map((l) => l.toolId));
  });
});

describe('tools changed behind this server (another instance, or the database itself)', () => {
  // An order is first judged on the tools as this server last read them (decision 0020); what
  // changed meanwhile must never make it refuse wrongly, price wrongly or oversell.
  const changeBehind = (id: string, set: Partial<typeof tools.$inferInsert>) =>
    shop.database.db.update(tools).set(set).where(eq(tools.id, id));
  /** A tool at $10 this server has read for an order (one is bought), and its buyer. */
  async function orderedOnce(available: number) {
    const tool = await addTool(shop, { minQuantity: 1, available, priceCents: 1000 });
    const c = await buyer();
    expect((await c.post('/api/order', { ...address, toolId: tool._id, quantity: 1 })).statusCode).toBe(201);
    return { tool, c };
  }

  it('takes an order that the stock added meanwhile allows', async () => {
    const { tool, c } = await orderedOnce(5);
    await changeBehind(tool._id, { available: 100 });
    const res = await c.post('/api/order', { ...address, toolId: tool._id, quantity: 50 });
    expect(res.statusCode).toBe(201);
    expect(await stockOf(tool._id)).toBe(50);
  });

  it('refuses, with what is left, an order that the stock taken meanwhile no longer allows', async () => {
    const { tool, c } = await orderedOnce(100);
    await changeBehind(tool._id, { available: 3 });
    const res = await c.post('/api/order', { ...address, lines: [{ toolId: tool._id, quantity: 50 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      { path: 'lines.0.quantity', key: 'onlyLeft', params: [3], message: messages.onlyLeft(3) },
    ]);
    expect(await stockOf(tool._id)).toBe(3);
  });

  it('charges the price as it is now, and refuses the one it was before', async () => {
    const { tool, c } = await orderedOnce(100);
    await changeBehind(tool._id, { priceCents: 1200 });
    const stale = await c.post('/api/order', { ...address, toolId: tool._id, quantity: 2, perPrice: 10 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(messages.priceChanged);
    const res = await c.post('/api/order', { ...address, lines: [{ toolId: tool._id, quantity: 2 }] });
    expect(res.statusCode).toBe(201);
    const order = (await c.get(`/api/orders/order/${res.json().insertedId}`)).json();
    expect(order).toMatchObject({ perPrice: 12, quantity: 2, totalPrice: 24 });
  });

  it('refuses a tool taken off sale meanwhile', async () => {
    const { tool, c } = await orderedOnce(100);
    await changeBehind(tool._id, { archived: true });
    const res = await c.post('/api/order', { ...address, lines: [{ toolId: tool._id, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      { path: 'lines.0.toolId', key: 'toolNotForSale', params: [], message: messages.toolNotForSale },
    ]);
    const [row] = await shop.database.db.select().from(tools).where(eq(tools.id, tool._id));
    expect(row?.available).toBe(99);
  });
});
