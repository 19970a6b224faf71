import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { quoteRequestLines, quoteRequests, tools, user } from '../../db/schema';
import { newestFirst, pageOf } from '../../lib/paging';

/** The database or a transaction. */
export type QuotesTx = Pick<Database, 'select' | 'insert' | '$count'>;

export type QuoteRequestRow = typeof quoteRequests.$inferSelect;
export type QuoteLineRow = typeof quoteRequestLines.$inferSelect;

/** Requests for a quote: the rows, their lines, and what asking reads of the tools and the buyer. */
export const quotesRepository = {
  /** The tools with these ids as they are now (on sale or not); a missing id is simply absent. */
  async toolsByIds(db: QuotesTx, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: tools.id,
        productName: tools.productName,
        productNameJa: tools.productNameJa,
        priceCents: tools.priceCents,
        archived: tools.archived,
      })
      .from(tools)
      .where(inArray(tools.id, ids));
  },

  /**
   * Locks the buyer's account row for the rest of the transaction, so two requests count the open
   * ones in turn; whether the account has confirmed its e-mail address, read now (never from a session).
   */
  async lockBuyer(tx: QuotesTx, userId: string): Promise<{ confirmed: boolean }> {
    const [row] = await tx
      .select({ confirmed: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    return { confirmed: row?.confirmed === true };
  },

  openCount(db: QuotesTx, userId: string): Promise<number> {
    return db.$count(quoteRequests, and(eq(quoteRequests.userId, userId), eq(quoteRequests.status, 'open')));
  },

  async insert(
    db: QuotesTx,
    request: typeof quoteRequests.$inferInsert,
    lines: (typeof quoteRequestLines.$inferInsert)[],
  ): Promise<void> {
    await db.insert(quoteRequests).values(request);
    await db.insert(quoteRequestLines).values(lines);
  },

  /** One page of requests, newest first (all, or one buyer's), each with its lines in order. */
  async page(db: QuotesTx, userId: string | null, cursor: string | undefined, limit: number) {
    const keyset = newestFirst(quoteRequests.createdAt, quoteRequests.id, cursor, 'uuid');
    const rows = await db
      .select({ row: quoteRequests, at: keyset.at })
      .from(quoteRequests)
      .where(and(userId === null ? undefined : eq(quoteRequests.userId, userId), keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(limit + 1);
    const page = pageOf(rows, limit, (r) => [r.at, r.row.id]);
    const ids = page.items.map((r) => r.row.id);
    const lines =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(quoteRequestLines)
            .where(inArray(quoteRequestLines.requestId, ids))
            .orderBy(asc(quoteRequestLines.requestId), asc(quoteRequestLines.position));
    const byRequest = new Map<string, QuoteLineRow[]>();
    for (const line of lines) byRequest.set(line.requestId, [...(byRequest.get(line.requestId) ?? []), line]);
    return {
      items: page.items.map((r) => ({ row: r.row, lines: byRequest.get(r.row.id) ?? [] })),
      next: page.next,
    };
  },
};
