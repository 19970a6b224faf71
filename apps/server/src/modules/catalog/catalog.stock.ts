import { formatOrderNumber, type PageQuery, type StockEntry } from '@kanna/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { stockReasons } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { DEFAULT_PAGE_SIZE, decodeCursor, type Page, pageOf } from '../../lib/paging';

/** A row of the history's statement: the tool's stock, and one ledger entry when there is one. */
const ledgerRow = z.object({
  available: z.number(),
  id: z.number().nullable(),
  at: z.union([z.date(), z.string()]).nullable(),
  delta: z.number().nullable(),
  reason: z.enum(stockReasons).nullable(),
  order_id: z.string().nullable(),
  by: z.string().nullable(),
  number: z.number().nullable(),
});

/**
 * A tool's stock history (the stock ledger, migration 0013), newest first, one page. Each entry
 * shows what was available after it: the first page counts back from the tool's available
 * quantity, read in the same statement as the entries; a later page from where the page before
 * it stopped, which its cursor carries (the entry's id, and what was available just before it).
 */
export async function stockHistory(
  db: Database,
  toolId: string,
  page: PageQuery = {},
): Promise<Page<StockEntry>> {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const [beforeId, balanceThen] = page.cursor
    ? (decodeCursor(page.cursor, ['integer', 'integer']) as number[])
    : [];
  const rows = rowsOf(
    await db.execute(sql`
      select t.available, l.id::float8 as id, l.at, l.delta, l.reason, l.order_id, l.by, o.number::float8 as number
      from tools t
      left join lateral (
        select * from stock_ledger
        where tool_id = t.id ${beforeId === undefined ? sql`` : sql`and id < ${beforeId}`}
        order by id desc
        limit ${limit + 1}
      ) l on true
      left join orders o on o.id = l.order_id
      where t.id = ${toolId}
      order by l.id desc`),
    ledgerRow,
  );
  const first = rows[0];
  if (!first) throw notFound('This tool');
  let balance = balanceThen ?? first.available;
  const entries: (StockEntry & { id: number })[] = [];
  for (const row of rows) {
    if (row.id === null || row.delta === null || row.reason === null || row.at === null) continue;
    entries.push({
      id: row.id,
      at: new Date(row.at).toISOString(),
      delta: row.delta,
      balance,
      reason: row.reason,
      orderId: row.order_id,
      orderNumber: row.number === null ? null : formatOrderNumber(row.number),
      by: row.by,
    });
    balance -= row.delta;
  }
  const found = pageOf(entries, limit, (e) => [e.id, e.balance - e.delta]);
  return { items: found.items.map(({ id: _, ...entry }) => entry), next: found.next };
}
