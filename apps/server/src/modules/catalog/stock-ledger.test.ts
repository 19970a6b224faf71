import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../../db/rows';
import { orderLines, orders, stockLedger } from '../../db/schema';
import {
  addTool,
  addToolByPiece,
  captureMailer,
  onPostgres,
  startTestShop,
  type TestShop,
} from '../../test/harness';
import type { Client } from '../../test/http';
import { approvedBuyer, signedIn } from '../../test/shopping';

/**
 * The stock history (docs/rules.md, "Stock history"): every change of a tool's available
 * quantity — added, ordered, cancelled, expired, edited — is a ledger row written with it, and
 * for every tool the rows add up to what is available, also when all of them happen at once.
 */
let shop: TestShop;
let admin: Client;
let n = 0;

beforeAll(async () => {
  shop = await startTestShop({
    mailer: captureMailer(),
    env: { ADMIN_EMAILS: 'ledger.keeper@kanna.example', AUTH_RATE_LIMIT: '10000', MAX_UNPAID_ORDERS: '50' },
  });
  admin = await signedIn(shop, '10.31.0.1', 'Ledger Keeper', 'ledger.keeper@kanna.example');
});
afterAll(() => shop?.close());

/** A buyer the admin approved, so a test may hold most of a tool's stock. */
async function buyer() {
  return approvedBuyer(
    shop,
    admin,
    `10.31.${1 + Math.floor(++n / 250)}.${n % 250}`,
    `Ledger Buyer ${n}`,
    `ledger.buyer.${n}@kanna.example`,
  );
}
const order = (c: Client, toolId: string, quantity: number) =>
  c.post('/api/order', { toolId, quantity, phone: '0312345678', address: 'Nagoya' });
const available = async (id: string) => (await shop.app.inject(`/api/handTools/${id}`)).json().maxQuantity;
const history = async (id: string, query = '') => admin.get(`/api/handTools/${id}/stock${query}`);

/** Every tool whose ledger does not add up to its available quantity (none, when all is well). */
async function toolsOutOfBalance() {
  return rowsOf(
    await shop.database.db.execute(sql`
      select t.id, t.available, coalesce(sum(l.delta), 0)::int as ledger
      from tools t left join stock_ledger l on l.tool_id = t.id
      group by t.id having t.available <> coalesce(sum(l.delta), 0)`),
    z.object({ id: z.string(), available: z.number(), ledger: z.number() }),
  );
}

describe('stock history', () => {
  it('records adding, ordering, cancelling, an expired hold and an edit, newest first with what was left after each', async () => {
    const tool = await addToolByPiece(shop, 'Ledger chisel', { available: 100, priceCents: 250 });
    const c = await buyer();
    const kept = (await order(c, tool._id, 10)).json().insertedId;
    const cancelled = (await order(c, tool._id, 5)).json().insertedId;
    const expired = (await order(c, tool._id, 7)).json().insertedId;
    expect((await c.delete(`/api/order/${cancelled}`)).json().deletedCount).toBe(1);
    await shop.database.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, expired));
    expect(await shop.services.orders.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    const edited = await admin.request({
      method: 'PATCH',
      url: `/api/handTools/${tool._id}`,
      payload: { maxQuantity: 120, loadedMaxQuantity: 90 },
    });
    expect(edited.statusCode).toBe(200);
    expect(await available(tool._id)).toBe(120);

    const res = await history(tool._id);
    expect(res.statusCode).toBe(200);
    const numberOf = async (id: string) => (await c.get(`/api/orders/order/${id}`)).json().number;
    expect(res.json()).toEqual([
      expect.objectContaining({
        delta: 30,
        balance: 120,
        reason: 'admin',
        by: 'Ledger Keeper',
        orderId: null,
      }),
      expect.objectContaining({
        delta: 7,
        balance: 90,
        reason: 'expiry',
        orderId: expired,
        orderNumber: await numberOf(expired),
      }),
      expect.objectContaining({ delta: 5, balance: 83, reason: 'cancel', orderId: cancelled }),
      expect.objectContaining({ delta: -7, balance: 78, reason: 'order', orderId: expired }),
      expect.objectContaining({ delta: -5, balance: 85, reason: 'order', orderId: cancelled }),
      expect.objectContaining({
        delta: -10,
        balance: 90,
        reason: 'order',
        orderId: kept,
        orderNumber: await numberOf(kept),
      }),
      expect.objectContaining({
        delta: 100,
        balance: 100,
        reason: 'initial',
        orderId: null,
        orderNumber: null,
      }),
    ]);
    for (const entry of res.json()) expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
  });

  it('pages newest first, each page carrying on the balance where the last one stopped', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 40, priceCents: 100 });
    const c = await buyer();
    for (const q of [1, 2, 3, 4]) expect((await order(c, tool._id, q)).statusCode).toBe(201);
    const seen: { delta: number; balance: number }[] = [];
    let query = '?limit=2';
    for (let page = 0; page < 5 && query; page++) {
      const res = await history(tool._id, query);
      expect(res.statusCode).toBe(200);
      seen.push(
        ...res
          .json()
          .map((e: { delta: number; balance: number }) => ({ delta: e.delta, balance: e.balance })),
      );
      const next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
      query = next ? next.slice(next.indexOf('?')) : '';
    }
    expect(seen).toEqual([
      { delta: -4, balance: 30 },
      { delta: -3, balance: 34 },
      { delta: -2, balance: 37 },
      { delta: -1, balance: 39 },
      { delta: 40, balance: 40 },
    ]);
  });

  it('is for admins only, and says when the tool does not exist or the cursor is not one of ours', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 5, priceCents: 100 });
    const c = await buyer();
    expect((await c.get(`/api/handTools/${tool._id}/stock`)).statusCode).toBe(403);
    expect((await shop.app.inject(`/api/handTools/${tool._id}/stock`)).statusCode).toBe(401);
    const missing = await history('7d1c1c1e-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/not found/i);
    expect((await history(tool._id, '?cursor=forged')).statusCode).toBe(400);
    expect((await history('not-an-id')).statusCode).toBe(400);
  });
});

describe('the ledger under load', () => {
  it.skipIf(!onPostgres())(
    'adds up for every tool after orders, cancels, expiries and admin edits at once, and no order is half-recorded',
    async () => {
      const tools = await Promise.all(
        [60, 45, 80].map((stock, i) =>
          addToolByPiece(shop, `Busy tool ${i}`, { available: stock, priceCents: 300 + i }),
        ),
      );
      const buyers = await Promise.all(Array.from({ length: 12 }, () => buyer()));
      const placeAll = () =>
        Promise.all(
          buyers.flatMap((c, b) =>
            [0, 1].map(async (k) => {
              const lines = tools.map((t, i) => ({ toolId: t._id, quantity: 1 + ((b + k + i) % 5) }));
              const res = await c.post('/api/order', {
                phone: '0312345678',
                address: 'Kobe',
                lines: (b + k) % 2 ? lines : [...lines].reverse(),
              });
              return { c, status: res.statusCode, id: res.json().insertedId as string | undefined };
            }),
          ),
        );
      const first = await placeAll();
      const placed = first.filter((r) => r.status === 201 && r.id);
      expect(placed.length).toBeGreaterThan(0);
      // Half of them run out of time; the other half the buyers cancel; meanwhile more orders
      // come in, holds are swept, and the admin edits every tool's stock twice.
      const toExpire = placed.filter((_, i) => i % 2 === 0);
      await shop.database.db
        .update(orders)
        .set({ holdUntil: new Date(Date.now() - 1000) })
        .where(sql`${orders.id} in ${toExpire.map((r) => r.id as string)}`);
      const results = await Promise.all([
        placeAll(),
        ...placed.filter((_, i) => i % 2 === 1).map((r) => r.c.delete(`/api/order/${r.id}`)),
        shop.services.orders.releaseExpiredHolds(),
        shop.services.orders.releaseExpiredHolds(),
        ...tools.flatMap((t) =>
          [7, -3].map(async (change) => {
            const loaded = await available(t._id);
            return admin.request({
              method: 'PATCH',
              url: `/api/handTools/${t._id}`,
              payload: { maxQuantity: Math.max(0, loaded + change), loadedMaxQuantity: loaded },
            });
          }),
        ),
      ]);
      const second = results[0] as Awaited<ReturnType<typeof placeAll>>;
      expect(second.every((r) => r.status === 201 || r.status === 409)).toBe(true);

      expect(await toolsOutOfBalance()).toEqual([]);
      // Every order's lines are in the ledger once as taken, and once more as given back when
      // it was cancelled or expired: never one without the other.
      const all = await shop.database.db.select().from(orders);
      const lines = await shop.database.db.select().from(orderLines);
      const ledger = await shop.database.db.select().from(stockLedger);
      for (const o of all.filter((row) => tools.some((t) => t._id === row.toolId))) {
        const own = lines.filter((l) => l.orderId === o.id);
        const rows = ledger.filter((l) => l.orderId === o.id);
        expect(
          rows
            .filter((r) => r.reason === 'order')
            .map((r) => [r.toolId, r.delta])
            .sort(),
        ).toEqual(own.map((l) => [l.toolId, -l.quantity]).sort());
        const back = rows.filter((r) => r.reason === 'cancel' || r.reason === 'expiry');
        expect(back.map((r) => [r.toolId, r.delta]).sort()).toEqual(
          o.status === 'cancelled' ? own.map((l) => [l.toolId, l.quantity]).sort() : [],
        );
      }
    },
    180_000,
  );
});
