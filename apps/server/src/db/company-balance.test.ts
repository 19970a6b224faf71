import { countsOnCompanyBalance, type OrderState, orderStates, type PayWay } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, type TestShop } from '../test/harness';
import type { Client } from '../test/http';
import { ownerSignedIn, signedIn, startShopFor } from '../test/shopping';
import type { Database } from './client';
import { companies, orders } from './schema';

/**
 * A company's open balance is kept on its row (`companies.owed_minor`, migration 0049) by the
 * orders' triggers, and place_orders judges the credit limit on it. These fail when the kept figure
 * and the orders disagree: state by state and way to pay against the order-state module's
 * `countsOnCompanyBalance`, and after orders are placed, shipped, cancelled and deleted through
 * the application, against the sum of the company's orders read again.
 */
let shop: TestShop;
let admin: Client;
let owner: Client;
let companyId: string;
let toolId: string;

const TOKYO = { phone: '0312345678', address: '1-1 Ginza, Chuo-ku, Tokyo' };

beforeAll(async () => {
  shop = await startShopFor('owner@kanna.example');
  admin = await ownerSignedIn(shop, '10.78.0.1');
  owner = await signedIn(shop, '10.78.0.2', 'Balance Owner', 'balance.owner@kanna.example');
  const applied = await owner.post('/api/companies', {
    name: 'Balance Co',
    billingAddress: '1 Balance Street',
    billingEmail: 'balance.owner@kanna.example',
  });
  expect(applied.statusCode, applied.body).toBe(201);
  companyId = applied.json().id;
  const approved = await admin.patch(`/api/companies/${companyId}`, {
    status: 'approved',
    terms: {
      closingDay: 'end',
      payMonthsAfter: 1,
      payDay: 'end',
      creditLimit: 100000,
      currency: 'USD',
      language: 'en',
    },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  toolId = (await addTool(shop, { minQuantity: 1, available: 1000, priceCents: 1000 }))._id;
});
afterAll(() => shop?.close());

const place = async (paymentMethod: PayWay, quantity = 1) => {
  const placed = await owner.post('/api/order', { ...TOKYO, lines: [{ toolId, quantity }], paymentMethod });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().insertedId as string;
};

const kept = async (db: Pick<Database, 'select'> = shop.database.db) =>
  (await db.select({ owed: companies.owedMinor }).from(companies).where(eq(companies.id, companyId)))[0]
    ?.owed;

/** The balance summed again from the company's orders with the module's rule. */
async function summed(): Promise<number> {
  const rows = await shop.database.db
    .select({ status: orders.status, paymentMethod: orders.paymentMethod, due: orders.amountDueCents })
    .from(orders)
    .where(eq(orders.companyId, companyId));
  return rows
    .filter((o) =>
      countsOnCompanyBalance({ status: o.status as OrderState, paymentMethod: o.paymentMethod as PayWay }),
    )
    .reduce((sum, o) => sum + o.due, 0);
}

describe("a company's kept open balance", () => {
  it('agrees with the module for every state and way to pay', async () => {
    const orderId = await place('account');
    const before = await kept();
    const [row] = await shop.database.db
      .select({ due: orders.amountDueCents })
      .from(orders)
      .where(eq(orders.id, orderId));
    const due = row?.due ?? 0;
    expect(due).toBeGreaterThan(0);
    expect(before).toBe(due);
    const rollback = new Error('rolled back on purpose');
    for (const state of orderStates) {
      for (const paymentMethod of ['card', 'transfer', 'account'] as const) {
        let seen: number | undefined;
        await shop.database.db
          .transaction(async (tx) => {
            await tx.update(orders).set({ status: state, paymentMethod }).where(eq(orders.id, orderId));
            seen = await kept(tx);
            throw rollback;
          })
          .catch((err) => {
            if (err !== rollback) throw err;
          });
        const expected =
          (before ?? 0) - due + (countsOnCompanyBalance({ status: state, paymentMethod }) ? due : 0);
        expect({ state, paymentMethod, owed: seen }).toEqual({ state, paymentMethod, owed: expected });
      }
    }
    expect(await kept()).toBe(before);
  });

  it('follows orders placed, shipped, cancelled and deleted', async () => {
    const shipped = await place('account', 3);
    const cancelled = await place('account', 2);
    await place('card', 4);
    expect(await kept()).toBe(await summed());
    const ship = await admin.request({ method: 'PATCH', url: `/api/order/${shipped}/ship` });
    expect(ship.statusCode, ship.body).toBe(200);
    expect(await kept()).toBe(await summed());
    const cancel = await owner.request({ method: 'DELETE', url: `/api/order/${cancelled}` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await kept()).toBe(await summed());
    await shop.database.db.delete(orders).where(eq(orders.id, shipped));
    expect(await kept()).toBe(await summed());
    expect(await summed()).toBeGreaterThan(0);
  });
});
