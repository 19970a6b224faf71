import { eq, sql } from 'drizzle-orm';
import { stockLedger, tools } from '../db/schema';
import type { TestShop } from './harness';

/*
 * A tool's stock as the database keeps it, for tests that follow pieces taken and given back: its
 * available count, and the stock ledger's rows, which always add up to it.
 */

/** The tool's available pieces, as its row says. */
export const availableOf = async (shop: TestShop, id: string) =>
  (await shop.database.db.select({ a: tools.available }).from(tools).where(eq(tools.id, id)))[0]?.a;

/** The stock ledger's rows for a tool, oldest first, as `reason delta`. */
export const ledgerOf = async (shop: TestShop, id: string) =>
  (
    await shop.database.db
      .select({ reason: stockLedger.reason, delta: stockLedger.delta })
      .from(stockLedger)
      .where(eq(stockLedger.toolId, id))
      .orderBy(stockLedger.id)
  ).map((r) => `${r.reason} ${r.delta}`);

/** What the tool's ledger rows add up to (its available count, when every change was written down). */
export const ledgerSumOf = async (shop: TestShop, id: string) =>
  (
    await shop.database.db
      .select({ n: sql<number>`sum(${stockLedger.delta})::int` })
      .from(stockLedger)
      .where(eq(stockLedger.toolId, id))
  )[0]?.n;
