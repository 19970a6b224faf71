import { messages } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { addTool, addToolByPiece, signUpVerified, type TestShop, verifyEmail } from '../../test/harness';
import { Client } from '../../test/http';
import { startShopFor } from '../../test/shopping';

/**
 * Who may order and whose orders a list shows: ordering needs a confirmed e-mail address, an
 * account holds at most MAX_UNPAID_ORDERS (10) unpaid orders, and an account's orders are the
 * ones it placed — not the ones that carry its address.
 */
let shop: TestShop;
let n = 0;

beforeAll(async () => {
  shop = await startShopFor('chief@kanna.example');
});
afterAll(() => shop?.close());

const client = () => new Client(shop.app, shop.config.publicUrl, `10.9.${Math.floor(++n / 250)}.${n % 250}`);
async function buyer(verified = true) {
  const c = client();
  const email = `buyer.${n}@kanna.example`;
  const name = `Buyer ${n}`;
  if (verified) await signUpVerified(shop, c, name, email);
  else await c.signUp(name, email);
  return Object.assign(c, { email, name });
}
let chief: Client | null = null;
async function admin() {
  if (chief) return chief;
  chief = client();
  await signUpVerified(shop, chief, 'Chief', 'chief@kanna.example');
  return chief;
}
const place = (c: Client, toolId: string, quantity = 1) =>
  c.post('/api/order', { toolId, quantity, phone: '0312345678', address: '1-1 Ginza, Tokyo' });
const stockOf = async (id: string) =>
  (await shop.app.inject(`/api/handTools/${id}`)).json().maxQuantity as number;
const ordersOf = async (email: string) =>
  shop.database.db.select().from(orders).where(eq(orders.email, email));

describe('ordering needs a confirmed e-mail address', () => {
  it('refuses an unverified account with 403 and the message, reserving nothing', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 15, priceCents: 30_000 });
    const c = await buyer(false);
    const res = await place(c, tool._id, 15);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.verifyEmailToOrder);
    expect(await stockOf(tool._id)).toBe(15);
    expect(await ordersOf(c.email)).toHaveLength(0);
  });

  it('lets the buyer order at once after opening the link (read from the database, not the session)', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 100 });
    const c = await buyer(false);
    // The refused call has just looked the session up: the next one must still see the change.
    expect((await place(c, tool._id)).statusCode).toBe(403);
    await verifyEmail(shop, c, c.email);
    const res = await place(c, tool._id, 2);
    expect(res.statusCode).toBe(201);
    expect(await stockOf(tool._id)).toBe(8);
  });
});

describe('at most MAX_UNPAID_ORDERS unpaid orders per account', () => {
  it('refuses the 11th unpaid order with 409 and the message, and takes one again after a cancel', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 100 });
    const c = await buyer();
    const placed: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await place(c, tool._id);
      expect(res.statusCode).toBe(201);
      placed.push(res.json().insertedId);
    }
    const over = await place(c, tool._id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(messages.tooManyUnpaidOrders(10));
    expect(await stockOf(tool._id)).toBe(90);
    expect(await ordersOf(c.email)).toHaveLength(10);
    // Other accounts are not affected.
    expect((await place(await buyer(), tool._id)).statusCode).toBe(201);

    expect((await c.delete(`/api/order/${placed[0]}`)).json().deletedCount).toBe(1);
    expect((await place(c, tool._id)).statusCode).toBe(201);
    expect((await place(c, tool._id)).statusCode).toBe(409);
  });

  it('is exact under concurrency: 20 orders at once from one account → 10 accepted, no stock moved for the rest', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 1000, priceCents: 100 });
    const c = await buyer();
    const results = await Promise.all(Array.from({ length: 20 }, () => place(c, tool._id, 3)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(10).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(messages.tooManyUnpaidOrders(10));
    }
    expect(await stockOf(tool._id)).toBe(1000 - 10 * 3);
    expect(await ordersOf(c.email)).toHaveLength(10);
  });
});

describe("a customer's orders are the ones their account placed", () => {
  it('an address deleted and registered again sees none of the old account’s orders', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 100 });
    const email = 'returning@kanna.example';
    const first = client();
    await signUpVerified(shop, first, 'First Owner', email);
    expect((await place(first, tool._id)).statusCode).toBe(201);
    expect((await first.get(`/api/order/${email}`)).json()).toHaveLength(1);

    const a = await admin();
    expect((await a.delete(`/api/users/${email}`)).json().deletedCount).toBe(1);
    const second = client();
    await signUpVerified(shop, second, 'Second Owner', email);
    const mine = await second.get(`/api/order/${email}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([]);
    // An admin asking for the address gets the orders of the account that has it now.
    expect((await a.get(`/api/order/${email}`)).json()).toEqual([]);

    const placed = (await place(second, tool._id, 2)).json().insertedId;
    const now = (await second.get(`/api/order/${email}`)).json() as { _id: string; quantity: number }[];
    expect(now.map((o) => o._id)).toEqual([placed]);
    expect((await a.get(`/api/order/${email}`)).json().map((o: { _id: string }) => o._id)).toEqual([placed]);
    // The old order is kept for the shop's records.
    expect(await ordersOf(email)).toHaveLength(2);
  });

  it('an admin asking for an address nobody has gets an empty list', async () => {
    const a = await admin();
    const res = await a.get('/api/order/nobody.here@kanna.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('orders sent at the same moment (written together, decision 0022)', () => {
  it('answers each for its own buyer: refused buyers, stock running out and placed orders in one burst', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 5, priceCents: 700 });
    const spare = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 100 });
    const unverified = await buyer(false);
    const atCap = await buyer();
    for (let i = 0; i < 10; i++) expect((await place(atCap, spare._id)).statusCode).toBe(201);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => buyer()));

    const [fromUnverified, fromAtCap, ...fromBuyers] = await Promise.all([
      place(unverified, tool._id),
      place(atCap, tool._id),
      ...buyers.map((b) => place(b, tool._id, 2)),
    ]);
    expect(fromUnverified?.statusCode).toBe(403);
    expect(fromUnverified?.json().message).toBe(messages.verifyEmailToOrder);
    expect(fromAtCap?.statusCode).toBe(409);
    expect(fromAtCap?.json().message).toBe(messages.tooManyUnpaidOrders(10));
    // Five pieces: two buyers get two each; the other three are told only one is left.
    const placed = fromBuyers.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(2);
    for (const r of fromBuyers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(messages.aboveAvailable);
    }
    expect(await stockOf(tool._id)).toBe(1);
    // Each order carries the buyer who placed it, and only the placed ones exist.
    for (const [i, b] of buyers.entries()) {
      const theirs = await ordersOf(b.email);
      if (fromBuyers[i]?.statusCode === 201) {
        expect(theirs.map((o) => [o.id, o.name, o.quantity])).toEqual([
          [fromBuyers[i]?.json().insertedId, b.name, 2],
        ]);
      } else expect(theirs).toEqual([]);
    }
    expect(await ordersOf(unverified.email)).toHaveLength(0);
    expect(await ordersOf(atCap.email)).toHaveLength(10);
  });
});

describe('what one account may hold unpaid: MAX_UNPAID_VALUE ($50,000) and half of any tool’s stock', () => {
  const lineOrder = (c: Client, lines: { toolId: string; quantity: number }[]) =>
    c.post('/api/order', { lines, phone: '0312345678', address: '1-1 Ginza, Tokyo' });

  it('refuses an order that takes the unpaid total past the cap (409, saying what to do), and takes it once one is paid', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 20, priceCents: 3_000_000 });
    const c = await buyer();
    const first = await place(c, tool._id);
    expect(first.statusCode).toBe(201);
    const over = await place(c, tool._id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(messages.unpaidValueTooHigh(50_000, 30_000));
    expect(await stockOf(tool._id)).toBe(19);
    expect(await ordersOf(c.email)).toHaveLength(1);

    // Paid orders do not count.
    const orderId = first.json().insertedId;
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
    const card = { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
    const { transactionId } = (await c.post('/api/test-payments/confirm', card)).json();
    const paid = await c.request({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      payload: { transactionId },
    });
    expect(paid.json()).toMatchObject({ paid: true });
    expect((await place(c, tool._id)).statusCode).toBe(201);
  });

  it('is exact under concurrency: five $20,000 orders at once from one account → two placed', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 2_000_000 });
    const c = await buyer();
    const results = await Promise.all(Array.from({ length: 5 }, () => place(c, tool._id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(messages.unpaidValueTooHigh(50_000, 40_000));
    }
    expect(await stockOf(tool._id)).toBe(98);
  });

  it('lets no unpaid order hold more than half of a tool’s stock: 51 of 100 refused, 50 taken, and 50 more by another buyer', async () => {
    const tool = await addToolByPiece(shop, 'Half plane', { available: 100, priceCents: 100 });
    const spare = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 100 });
    const c = await buyer();
    const over = await lineOrder(c, [
      { toolId: spare._id, quantity: 1 },
      { toolId: tool._id, quantity: 51 },
    ]);
    expect(over.statusCode).toBe(409);
    expect(over.json().errors).toEqual([
      {
        path: 'lines.1.quantity',
        key: 'overHalfOfStock',
        params: ['Half plane', 50],
        message: messages.overHalfOfStock('Half plane', 50),
      },
    ]);
    expect(await stockOf(tool._id)).toBe(100);
    expect(await stockOf(spare._id)).toBe(100);

    expect((await place(c, tool._id, 50)).statusCode).toBe(201);
    // 50 available and 50 held: the stock is still 100, so another 50 may be held.
    const other = await buyer();
    expect((await place(other, tool._id, 50)).statusCode).toBe(201);
    expect(await stockOf(tool._id)).toBe(0);
  });

  it('exempts a buyer an admin approved, and only an admin may approve', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 200, priceCents: 40_000 });
    const c = await buyer();
    expect((await place(c, tool._id, 101)).json().message).toBe(
      messages.overHalfOfStock(tool.productName, 100),
    );
    expect((await c.put(`/api/users/${c.email}/approval`, { approved: true })).statusCode).toBe(403);

    const a = await admin();
    const approve = await a.put(`/api/users/${c.email}/approval`, { approved: true });
    expect(approve.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await a.get(`/api/users/${c.email}`)).json().approved).toBe(true);
    // 120 pieces at $400 (over half of the stock), then 60 more: $72,000 unpaid in all.
    expect((await place(c, tool._id, 120)).statusCode).toBe(201);
    expect((await place(c, tool._id, 60)).statusCode).toBe(201);
    expect(await stockOf(tool._id)).toBe(20);

    await a.put(`/api/users/${c.email}/approval`, { approved: false });
    const again = await place(c, tool._id, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.unpaidValueTooHigh(50_000, 72_000));
    expect((await a.put(`/api/users/${c.email}/approval`, { approved: 'yes' })).statusCode).toBe(400);
  });
});
