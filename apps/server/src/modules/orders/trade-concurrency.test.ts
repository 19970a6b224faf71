import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders } from '../../db/schema';
import { addTool, captureMailer, onPostgres, startTestShop, type TestShop } from '../../test/harness';
import { signedIn } from '../../test/shopping';

/**
 * Trade orders under load: 30 buyers place 3 orders each, all at once, over the same 4 tools,
 * with their lines in opposite orders and stock for about half of what they ask. It runs on
 * PostgreSQL, where the orders really run side by side and a deadlock or an oversold tool would
 * show; PGlite has one connection, so there they would only queue (orders.test.ts covers that).
 */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({
    mailer: captureMailer(),
    env: { AUTH_RATE_LIMIT: '10000', MAX_UNPAID_ORDERS: '10' },
  });
});
afterAll(() => shop?.close());

describe('many trade orders at once', () => {
  it.skipIf(!onPostgres())(
    'never oversells, never deadlocks, and a refused order reserves nothing',
    async () => {
      const initial = [120, 90, 150, 60];
      const tools = await Promise.all(
        initial.map((available, i) =>
          addTool(shop, {
            minQuantity: 1,
            available,
            priceCents: 500 + i * 100,
            productName: `Race tool ${i}`,
          }),
        ),
      );
      const buyers = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const c = await signedIn(
            shop,
            `10.20.${Math.floor(i / 200)}.${i % 200}`,
            `Racer ${i}`,
            `racer.${i}@kanna.example`,
          );
          return c;
        }),
      );
      // Demand: 90 orders × (2 + 3 + 2 + 1) pieces on average per tool ≈ twice the stock.
      const wanted = (b: number, k: number) => {
        const lines = tools.map((t, i) => ({ toolId: t._id, quantity: 1 + ((b + k + i) % 4) }));
        return (b + k) % 2 === 0 ? lines : [...lines].reverse();
      };
      const results = await Promise.all(
        buyers.flatMap((c, b) =>
          [0, 1, 2].map(async (k) => {
            const lines = wanted(b, k);
            const res = await c.post('/api/order', { phone: '0312345678', address: 'Osaka', lines });
            return { status: res.statusCode, body: res.json(), lines };
          }),
        ),
      );
      // Only 201 (placed) and 409 (a line short) — no 5xx, no deadlock error.
      expect(new Set(results.map((r) => r.status))).toEqual(new Set([201, 409]));
      const accepted = results.filter((r) => r.status === 201);
      expect(accepted.length).toBeGreaterThan(0);
      for (const refused of results.filter((r) => r.status === 409)) {
        expect(refused.body.errors?.[0]?.path).toMatch(/^lines\.\d\.quantity$/);
      }
      for (const [i, tool] of tools.entries()) {
        const taken = accepted.reduce(
          (sum, r) => sum + (r.lines.find((l) => l.toolId === tool._id)?.quantity ?? 0),
          0,
        );
        const left = (await shop.app.inject(`/api/handTools/${tool._id}`)).json().maxQuantity;
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBe((initial[i] ?? 0) - taken);
        // The stored lines are exactly the accepted ones: a refused order left no line behind.
        const stored = await shop.database.db
          .select()
          .from(orderLines)
          .where(eq(orderLines.toolId, tool._id));
        expect(stored.reduce((sum, l) => sum + l.quantity, 0)).toBe(taken);
      }
      expect((await shop.database.db.select().from(orders)).length).toBe(accepted.length);
    },
    120_000,
  );
});
