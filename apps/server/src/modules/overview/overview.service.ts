import { type AdminOverview, toMajor } from '@kanna/shared';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type RowParser, rowsOf } from '../../db/rows';
import { tools } from '../../db/schema';

const WEEKS = 8;
const DAY = 86_400_000;
/** Tally rows beyond which a read folds them into one row per key. */
const FOLD_AFTER = 500;

/** Monday 00:00 UTC of the week holding `d` (PostgreSQL's date_trunc('week') in UTC). */
function weekStart(d: Date): Date {
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
}

/**
 * The admin overview: revenue and paid orders per week, order states, tools running low, and the
 * owner's pages still to complete.
 *
 * At a million orders counting them per state, or summing eight weeks of payments, reads
 * hundreds of thousands of rows. Instead the orders table keeps its own tallies (migration
 * 0007): after every statement that writes orders, a trigger appends the difference it made —
 * per state to `order_state_counts`, per payment week (UTC Monday) to `order_paid_weeks` — in
 * the writing transaction, so a tally is exactly as committed as the orders it counts, and
 * appending (never updating a shared row) makes no two buyers wait for each other. A read sums
 * the few rows there are; once there are many, it folds them into one per key (delete and
 * re-insert their sum in one statement: rows another fold took are skipped, never counted
 * twice).
 */
export function overviewService(
  db: Database,
  /** The owner's legal pages still their template (modules/pages/), which the overview asks the owner to complete. */
  pagesToComplete: () => Promise<NonNullable<AdminOverview['pagesToComplete']>> = async () => [],
  now: () => Date = () => new Date(),
) {
  const read = async <T>(query: ReturnType<typeof sql>, row: RowParser<T>) =>
    rowsOf(await db.execute(query), row);

  async function fold(): Promise<void> {
    await db.execute(sql`with gone as (delete from order_state_counts returning status, n)
      insert into order_state_counts (status, n)
      select status, sum(n) from gone group by status having sum(n) <> 0`);
    await db.execute(sql`with gone as (delete from order_paid_weeks returning week, currency, orders, revenue_cents)
      insert into order_paid_weeks (week, currency, orders, revenue_cents)
      select week, currency, sum(orders), sum(revenue_cents) from gone group by week, currency
      having sum(orders) <> 0 or sum(revenue_cents) <> 0`);
  }

  return {
    async get(): Promise<AdminOverview> {
      const first = new Date(weekStart(now()).getTime() - (WEEKS - 1) * 7 * DAY);
      const firstDay = first.toISOString().slice(0, 10);
      const perWeek = await read(
        sql`
        select to_char(week, 'YYYY-MM-DD') as week,
          coalesce(sum(revenue_cents) filter (where currency = 'USD'), 0)::text as revenue,
          coalesce(sum(revenue_cents) filter (where currency = 'JPY'), 0)::text as yen,
          sum(orders)::text as orders
        from order_paid_weeks where week >= ${firstDay}::date group by week`,
        z.object({ week: z.string(), revenue: z.string(), yen: z.string(), orders: z.string() }),
      );
      const byWeek = new Map(perWeek.map((w) => [w.week, w]));
      // Each currency's revenue on its own: dollars and yen are never added.
      const weeks = Array.from({ length: WEEKS }, (_, i) => {
        const start = new Date(first.getTime() + i * 7 * DAY).toISOString().slice(0, 10);
        const found = byWeek.get(start);
        return {
          weekStart: start,
          revenue: toMajor(Number(found?.revenue ?? 0), 'USD'),
          revenueYen: toMajor(Number(found?.yen ?? 0), 'JPY'),
          orders: Number(found?.orders ?? 0),
        };
      });

      const states = await read(
        sql`
        select status, sum(n)::text as n, (select count(*)::int from order_state_counts) as tally_rows
        from order_state_counts group by status`,
        z.object({ status: z.string(), n: z.string(), tally_rows: z.number() }),
      );
      const count = (s: string) => Number(states.find((x) => x.status === s)?.n ?? 0);
      const [{ n: weekRows } = { n: 0 }] = await read(
        sql`select count(*)::int as n from order_paid_weeks`,
        z.object({ n: z.number() }),
      );
      if ((states[0]?.tally_rows ?? 0) > FOLD_AFTER || weekRows > FOLD_AFTER) await fold();

      const low = await db
        .select({
          _id: tools.id,
          productName: tools.productName,
          minQuantity: tools.minQuantity,
          maxQuantity: tools.available,
        })
        .from(tools)
        .where(and(eq(tools.archived, false), lte(tools.available, sql`2 * ${tools.minQuantity}`)))
        .orderBy(asc(tools.available));

      return {
        weeks,
        counts: { unpaid: count('unpaid'), pending: count('paid'), shipped: count('shipped') },
        lowStock: low,
        pagesToComplete: await pagesToComplete(),
      };
    },
  };
}
export type OverviewService = ReturnType<typeof overviewService>;
