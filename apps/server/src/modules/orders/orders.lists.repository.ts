import { type OrderFilters, orderNumberIn } from '@kanna/shared';
import { and, eq, gte, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { containing, newestFirst, type Page, pageOf } from '../../lib/paging';
import type { OrderRow, Tx } from './orders.repository';

/** The lists of orders: a buyer's, and the admin's with its filters and count. */
export const listsRepository = {
  /** One page of orders matching `where`, newest first (lib/paging.ts). */
  async page(
    db: Tx,
    where: SQL | undefined,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<OrderRow>> {
    const keyset = newestFirst(orders.createdAt, orders.id, cursor, 'uuid');
    const rows = await db
      .select({ row: orders, at: keyset.at })
      .from(orders)
      .where(and(where, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(limit + 1);
    const page = pageOf(rows, limit, (r) => [r.at, r.row.id]);
    return { items: page.items.map((r) => r.row), next: page.next };
  },

  /**
   * How many orders match `where`, counted up to `cap`: `more` when there are more than that. An
   * exact count would read every matching row, a million of them unfiltered; this stops at the cap.
   */
  async countMatching(
    db: Tx,
    where: SQL | undefined,
    cap: number,
  ): Promise<{ count: number; more: boolean }> {
    const found = db
      .select({ one: sql`1` })
      .from(orders)
      .where(where)
      .limit(cap + 1)
      .as('found');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(found);
    const n = row?.n ?? 0;
    return { count: Math.min(n, cap), more: n > cap };
  },

  /** Orders an account placed, cancelled ones too (their mails link to them; the list marks them). */
  placedBy: (userId: string) => eq(orders.userId, userId),

  /** The admin's filters (docs/api.md, "The API contract"). */
  matching(f: OrderFilters, timeZone: string): SQL | undefined {
    /**
     * `search` is lower-case already: plain LIKE on the trigram index. A whole e-mail address is
     * looked up by its part before the @ (every order shares a few domains, whose trigrams match
     * nearly every row), then checked whole. A search that names an order number (K-000123)
     * also finds that order.
     */
    const searched = (q: string, probe: string | undefined) => {
      const text = and(
        like(orders.search, containing(probe ?? q)),
        probe !== q ? sql`strpos(${orders.search}, ${q}) > 0` : undefined,
      );
      const number = orderNumberIn(q);
      return number === null ? text : or(eq(orders.number, number), text);
    };
    const dateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
    /** When a day (`2026-11-24`) begins in the shop's zone, `days` later. */
    const dayStart = (day: string, days: 0 | 1) =>
      sql`((${day}::date + ${days}::int)::timestamp at time zone ${timeZone})`;
    const q = f.q?.toLowerCase();
    const at = q?.indexOf('@') ?? -1;
    const probe = q && at >= 3 ? q.slice(0, at + 1) : q;
    return and(
      f.status ? eq(orders.status, f.status) : undefined,
      f.from ? gte(orders.createdAt, dateOnly(f.from) ? dayStart(f.from, 0) : new Date(f.from)) : undefined,
      f.to
        ? dateOnly(f.to)
          ? lt(orders.createdAt, dayStart(f.to, 1))
          : lte(orders.createdAt, new Date(f.to))
        : undefined,
      q ? searched(q, probe) : undefined,
    );
  },
};
