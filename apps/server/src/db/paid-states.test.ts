import { isPaid, orderStatuses } from '@kanna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestShop, type TestShop } from '../test/harness';
import { rowsOf } from './rows';

/**
 * Which order states count as paid is written once per language: `paidStatuses` (order-state.ts) in
 * packages/shared (screens, services) and `order_status_paid()` in SQL (the overview's tally,
 * synthetic data). This fails when the two disagree about any state.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

describe('the paid states', () => {
  it.each(orderStatuses.map((s) => [s]))(
    '%s is paid in SQL exactly when it is in TypeScript',
    async (status) => {
      const result = await shop.database.db.execute(sql`select order_status_paid(${status}) as paid`);
      const [row] = rowsOf(result, z.object({ paid: z.boolean() }));
      expect(row?.paid).toBe(isPaid(status));
    },
  );
});
