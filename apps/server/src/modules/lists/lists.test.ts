import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedLists } from '../../db/schema';
import { addTool, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { ownerSignedIn, signedIn, startShopWithOwner } from '../../test/shopping';

/**
 * Saved lists (定番リスト, docs/rules.md, "Saved lists"): seen and changed by their owner only,
 * 50 per account and 500 lines each, shown at today's prices, added to the cart in one step.
 */
let shop: TestShop;
let owner: Client;
let other: Client;
let saw: string;
let nomi: string;

beforeAll(async () => {
  shop = await startShopWithOwner();
  owner = await signedIn(shop, '10.46.0.1', 'List Owner', 'lists@kanna.example');
  other = await signedIn(shop, '10.46.0.2', 'Other Buyer', 'other-lists@kanna.example');
  saw = (
    await addTool(shop, {
      productName: 'List Saw',
      productNameJa: 'リストのこぎり',
      minQuantity: 2,
      available: 50,
      priceCents: 3000,
      packSize: 2,
      volumePrices: [{ minQuantity: 10, priceCents: 2500 }],
    })
  )._id;
  nomi = (await addTool(shop, { productName: 'List Nomi', minQuantity: 1, available: 5, priceCents: 1000 }))
    ._id;
});
afterAll(() => shop?.close());

const create = (c: Client, body: object, headers: Record<string, string> = {}) =>
  c.post('/api/lists', body, headers);

describe('saved lists', () => {
  it('saves a list and shows it to its owner at today’s prices with each line’s problem, in the reader’s language', async () => {
    const res = await create(owner, {
      name: '  Monthly restock ',
      lines: [
        { toolId: saw, quantity: 10 },
        { toolId: nomi, quantity: 8 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const list = res.json();
    expect(list).toMatchObject({ name: 'Monthly restock', lineCount: 2, totalPrice: 250 });
    expect(list.lines).toEqual([
      { toolId: saw, quantity: 10, productName: 'List Saw', perPrice: 25, totalPrice: 250, problem: null },
      {
        toolId: nomi,
        quantity: 8,
        productName: 'List Nomi',
        perPrice: 10,
        totalPrice: 80,
        problem: 'only 5 left',
      },
    ]);
    const summaries = (await owner.get('/api/lists')).json();
    expect(summaries).toEqual([
      expect.objectContaining({ _id: list._id, name: 'Monthly restock', lineCount: 2 }),
    ]);
    const ja = (await owner.get(`/api/lists/${list._id}`, { 'accept-language': 'ja' })).json();
    expect(ja.lines[0].productName).toBe('リストのこぎり');
    expect(ja.lines[1].problem).not.toBe('only 5 left');

    // Prices are today's: a cheaper price shows at once.
    await shop.services.catalog.update(saw, { volumePrices: [{ minQuantity: 10, perPrice: 20 }] }, 'Owner');
    const again = (await owner.get(`/api/lists/${list._id}`)).json();
    expect(again.lines[0]).toMatchObject({ perPrice: 20, totalPrice: 200 });
  });

  it('answers 404 to another buyer for reading, changing, deleting or ordering a list, and changes nothing', async () => {
    const mine = (await create(owner, { name: 'Private', lines: [{ toolId: nomi, quantity: 1 }] })).json();
    expect((await other.get(`/api/lists/${mine._id}`)).statusCode).toBe(404);
    expect((await other.put(`/api/lists/${mine._id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await other.delete(`/api/lists/${mine._id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/lists/${mine._id}/to-cart`)).statusCode).toBe(404);
    expect((await other.get('/api/lists')).json()).toEqual([]);
    expect((await other.get('/api/cart')).json().lines).toEqual([]);
    const [row] = await shop.database.db.select().from(savedLists).where(eq(savedLists.id, mine._id));
    expect(row?.name).toBe('Private');
    const missing = await owner.get(`/api/lists/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This list was not found.');
  });

  it('renames, replaces lines and deletes; refuses unknown tools, duplicates and more than 500 lines', async () => {
    const list = (await create(owner, { name: 'Edit me', lines: [] })).json();
    const renamed = await owner.put(`/api/lists/${list._id}`, {
      name: 'Edited',
      lines: [{ toolId: saw, quantity: 4 }],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Edited',
      lineCount: 1,
      lines: [{ toolId: saw, quantity: 4 }],
    });

    const unknown = await owner.put(`/api/lists/${list._id}`, {
      lines: [{ toolId: randomUUID(), quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('lines.0.toolId');
    const twice = await owner.put(`/api/lists/${list._id}`, {
      lines: [
        { toolId: saw, quantity: 2 },
        { toolId: saw, quantity: 4 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const long = Array.from({ length: 501 }, () => ({ toolId: randomUUID(), quantity: 1 }));
    const tooLong = await create(owner, { name: 'Long', lines: long }, { 'accept-language': 'ja' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('1つのリストに入れられるのは500行までです。');
    const noName = await create(owner, { name: '  ', lines: [] });
    expect(noName.json().message).toBe('Give the list a name.');

    expect((await owner.delete(`/api/lists/${list._id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/lists/${list._id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/lists/${list._id}`)).statusCode).toBe(404);
  });

  it('adds a list to the cart, quantities adding up to what is there, with today’s prices and problems', async () => {
    const buyer = await signedIn(shop, '10.46.0.3', 'Cart Buyer', 'cart-lists@kanna.example');
    expect((await buyer.put('/api/cart', { lines: [{ toolId: saw, quantity: 2 }] })).statusCode).toBe(200);
    const list = (
      await create(buyer, {
        name: 'Weekly',
        lines: [
          { toolId: saw, quantity: 8 },
          { toolId: nomi, quantity: 6 },
        ],
      })
    ).json();
    const res = await buyer.post(`/api/lists/${list._id}/to-cart`);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toEqual([
      expect.objectContaining({ toolId: saw, quantity: 10, perPrice: 20, problem: null }),
      expect.objectContaining({ toolId: nomi, quantity: 6, problem: 'only 5 left' }),
    ]);
    const cart = (await buyer.get('/api/cart')).json();
    expect(cart.lines.map((l: { quantity: number }) => l.quantity)).toEqual([10, 6]);
  });

  it('refuses a list that would take the cart past 50 tools, and a 51st list (409, in the reader’s language)', async () => {
    const buyer = await signedIn(shop, '10.46.0.4', 'Busy Buyer', 'busy-lists@kanna.example');
    const many = [];
    for (let i = 0; i < 51; i++)
      many.push((await addTool(shop, { minQuantity: 1, available: 5, priceCents: 100 }))._id);
    const big = (
      await create(buyer, { name: 'Big', lines: many.map((toolId) => ({ toolId, quantity: 1 })) })
    ).json();
    const full = await buyer.post(`/api/lists/${big._id}/to-cart`);
    expect(full.statusCode).toBe(409);
    expect(full.json().key).toBe('cartWouldBeFull');
    expect((await buyer.get('/api/cart')).json().lines).toEqual([]);

    for (let i = 1; i < 50; i++)
      expect((await create(buyer, { name: `List ${i}`, lines: [] })).statusCode).toBe(201);
    const fiftyFirst = await create(buyer, { name: 'One more', lines: [] }, { 'accept-language': 'ja' });
    expect(fiftyFirst.statusCode).toBe(409);
    expect(fiftyFirst.json().message).toBe(
      '1つのアカウントで保存できるリストは50件までです。使わなくなったリストを削除してください。',
    );
    expect((await buyer.get('/api/lists')).json()).toHaveLength(50);
    // Another account's limit is its own.
    expect((await create(owner, { name: 'Still fine', lines: [] })).statusCode).toBe(201);
  });
});

describe('a saved list made from an order', () => {
  const placeOrder = async (c: Client, lines: { toolId: string; quantity: number }[]) => {
    const res = await c.post('/api/order', { lines, phone: '0312345678', address: '1-2-3 Kanda, Tokyo' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };

  it('keeps each tool of the buyer’s own order with the quantity ordered, at today’s prices', async () => {
    const buyer = await signedIn(shop, '10.46.0.6', 'Order Lister', 'order-lists@kanna.example');
    const order = await placeOrder(buyer, [
      { toolId: saw, quantity: 4 },
      { toolId: nomi, quantity: 1 },
    ]);
    const res = await buyer.post(`/api/lists/from-order/${order}`, { name: ' Like last month ' });
    expect(res.statusCode, res.body).toBe(201);
    const list = res.json();
    expect(list).toMatchObject({ name: 'Like last month', lineCount: 2, totalPrice: 130 });
    expect(list.lines).toEqual([
      { toolId: saw, quantity: 4, productName: 'List Saw', perPrice: 30, totalPrice: 120, problem: null },
      { toolId: nomi, quantity: 1, productName: 'List Nomi', perPrice: 10, totalPrice: 10, problem: null },
    ]);
    // It is a list like any other: listed, read in the reader's language, into the cart in one step.
    expect((await buyer.get('/api/lists')).json()).toEqual([
      expect.objectContaining({ _id: list._id, name: 'Like last month', lineCount: 2 }),
    ]);
    const ja = (await buyer.get(`/api/lists/${list._id}`, { 'accept-language': 'ja' })).json();
    expect(ja.lines[0].productName).toBe('リストのこぎり');
    const cart = (await buyer.post(`/api/lists/${list._id}/to-cart`)).json();
    expect(cart.lines.map((l: { toolId: string; quantity: number }) => [l.toolId, l.quantity])).toEqual([
      [saw, 4],
      [nomi, 1],
    ]);
  });

  it('answers 404 for another buyer’s order (an admin’s too) and a missing one, and saves nothing', async () => {
    const buyer = await signedIn(shop, '10.46.0.7', 'Order Owner', 'order-owner-lists@kanna.example');
    const admin = await ownerSignedIn(shop, '10.46.0.8');
    const order = await placeOrder(buyer, [{ toolId: nomi, quantity: 1 }]);
    for (const [client, id] of [
      [other, order],
      [admin, order],
      [buyer, randomUUID()],
    ] as const) {
      const res = await client.post(`/api/lists/from-order/${id}`, { name: 'Not mine' });
      expect(res.statusCode).toBe(404);
      expect(res.json().key).toBe('notFound');
    }
    const en = await other.post(`/api/lists/from-order/${order}`, { name: 'Not mine' });
    expect(en.json().message).toBe('This order was not found.');
    const ja = await other.post(
      `/api/lists/from-order/${order}`,
      { name: 'Not mine' },
      { 'accept-language': 'ja' },
    );
    expect(ja.statusCode).toBe(404);
    expect(ja.json().message).toBe('このご注文は見つかりませんでした。');
    const names = async (c: Client) =>
      ((await c.get('/api/lists')).json() as { name: string }[]).map((l) => l.name);
    for (const c of [other, admin, buyer]) expect(await names(c)).not.toContain('Not mine');
    // Signed out: 401 before anything is read.
    expect(
      (
        await new Client(shop.app, shop.config.publicUrl, '10.46.0.9').post(
          `/api/lists/from-order/${order}`,
          { name: 'x' },
        )
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a list without a name (400, in the reader’s language) and a 51st list (409)', async () => {
    const buyer = await signedIn(shop, '10.46.0.10', 'Full Lister', 'full-order-lists@kanna.example');
    const order = await placeOrder(buyer, [{ toolId: nomi, quantity: 1 }]);
    const unnamed = await buyer.post(
      `/api/lists/from-order/${order}`,
      { name: '   ' },
      { 'accept-language': 'ja' },
    );
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors[0]).toMatchObject({ path: 'name', message: 'リスト名を入力してください。' });
    const unnamedEn = await buyer.post(`/api/lists/from-order/${order}`, { name: '' });
    expect(unnamedEn.json().errors[0]).toMatchObject({ path: 'name', message: 'Give the list a name.' });
    const { id: userId } = (await buyer.get('/api/auth/get-session')).json().user;
    await shop.database.db
      .insert(savedLists)
      .values(
        Array.from({ length: 50 }, (_, i) => ({ id: randomUUID(), userId, name: `Kept ${i}`, lines: [] })),
      );
    const fiftyFirst = await buyer.post(`/api/lists/from-order/${order}`, { name: 'One more' });
    expect(fiftyFirst.statusCode).toBe(409);
    expect(fiftyFirst.json().key).toBe('listsTooMany');
    expect((await buyer.get('/api/lists')).json()).toHaveLength(50);
  });
});
