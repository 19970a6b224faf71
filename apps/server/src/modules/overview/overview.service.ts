import { type AdminOverview, centsToDollars } from '@kanna/shared';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, tools } from '../../db/schema';

const WEEKS = 8;
const DAY = 86_400_000;

/** Monday 00:00 UTC of the week holding `d` (PostgreSQL's date_trunc('week') in UTC). */
function weekStart(d: Date): Date {
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
}

/** The admin overview: revenue and paid orders per week, order states, tools running low. */
export function overviewService(db: Database, now: () => Date = () => new Date()) {
  return {
    async get(): Promise<AdminOverview> {
      const first = new Date(weekStart(now()).getTime() - (WEEKS - 1) * 7 * DAY);
      const week = sql<string>`to_char(date_trunc('week', ${orders.paidAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
      const perWeek = await db
        .select({
          week,
          revenue: sql<number>`sum(${orders.totalCents})::int`,
          orders: sql<number>`count(*)::int`,
        })
        .from(orders)
        .where(and(inArray(orders.status, ['paid', 'shipped']), gte(orders.paidAt, first)))
        .groupBy(week);
      const byWeek = new Map(perWeek.map((w) => [w.week, w]));
      const weeks = Array.from({ length: WEEKS }, (_, i) => {
        const start = new Date(first.getTime() + i * 7 * DAY).toISOString().slice(0, 10);
        const found = byWeek.get(start);
        return { weekStart: start, revenue: centsToDollars(found?.revenue ?? 0), orders: found?.orders ?? 0 };
      });

      const states = await db
        .select({ status: orders.status, n: sql<number>`count(*)::int` })
        .from(orders)
        .groupBy(orders.status);
      const count = (s: string) => states.find((x) => x.status === s)?.n ?? 0;

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
      };
    },
  };
}
export type OverviewService = ReturnType<typeof overviewService>;
