import {
  type QuoteMoveName,
  type QuoteState,
  quoteMoveReopensRequest,
  quoteOpenStates,
  quoteRequestMoves,
  quoteRequestOpenStates,
} from '@kanna/shared/domain/order-state';
import { and, asc, desc, eq, inArray, ne, notExists } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { quoteRequestLines, quoteRequests, quotes, tools, user } from '../../db/schema';
import { newestFirst, pageOf } from '../../lib/paging';

/** The database or a transaction. */
export type QuotesTx = Pick<Database, 'select' | 'insert' | 'update' | '$count'>;

type QuoteRequestRow = typeof quoteRequests.$inferSelect;
export type QuoteLineRow = typeof quoteRequestLines.$inferSelect;
export type ToolRow = typeof tools.$inferSelect;
/** A request as a page holds it: its row, its buyer's country now, its lines, its latest quote. */
export type RequestWhole = {
  row: QuoteRequestRow;
  buyerCountry: string | null;
  lines: QuoteLineRow[];
  latest: LatestQuote | null;
};
/** A request's latest quote as its readers see its fate. */
export type LatestQuote = { id: string; number: string; state: QuoteState; validUntil: Date };

/** Requests for a quote: the rows, their lines, and what asking reads of the tools and the buyer. */
export const quotesRepository = {
  /**
   * Locks the buyer's account row for the rest of the transaction, so two requests count the open
   * ones in turn; whether the account has confirmed its e-mail address, and the country on its
   * profile (where its orders are charged), read now (never from a session).
   */
  async lockBuyer(tx: QuotesTx, userId: string): Promise<{ confirmed: boolean; country: string | null }> {
    const [row] = await tx
      .select({ confirmed: user.emailVerified, country: user.country })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    return { confirmed: row?.confirmed === true, country: row?.country ?? null };
  },

  /** The tools with these ids as they are now (on sale or not), whole; a missing id is absent. */
  async toolRows(db: QuotesTx, ids: string[]): Promise<ToolRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(tools).where(inArray(tools.id, ids));
  },

  openCount(db: QuotesTx, userId: string): Promise<number> {
    return db.$count(
      quoteRequests,
      and(eq(quoteRequests.userId, userId), inArray(quoteRequests.status, [...quoteRequestOpenStates])),
    );
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
  async page(
    db: QuotesTx,
    userId: string | null,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: RequestWhole[]; next: string | null }> {
    const keyset = newestFirst(quoteRequests.createdAt, quoteRequests.id, cursor, 'uuid');
    const rows = await db
      .select({ row: quoteRequests, at: keyset.at, buyerCountry: user.country })
      .from(quoteRequests)
      .leftJoin(user, eq(user.id, quoteRequests.userId))
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
    const answers =
      ids.length === 0
        ? []
        : await db
            .select({
              requestId: quotes.requestId,
              id: quotes.id,
              number: quotes.number,
              state: quotes.state,
              validUntil: quotes.validUntil,
            })
            .from(quotes)
            .where(inArray(quotes.requestId, ids))
            .orderBy(desc(quotes.createdAt), desc(quotes.id));
    // Newest first: the first quote seen for a request is its latest.
    const latest = new Map<string, LatestQuote>();
    for (const { requestId, ...q } of answers)
      if (requestId && !latest.has(requestId)) latest.set(requestId, q);
    return {
      items: page.items.map((r) => ({
        row: r.row,
        buyerCountry: r.buyerCountry,
        lines: byRequest.get(r.row.id) ?? [],
        latest: latest.get(r.row.id) ?? null,
      })),
      next: page.next,
    };
  },

  /**
   * Marks the buyer's request `requestId` answered, when it is theirs and open (the request
   * table's `answer` move): whether it moved, and if not, whether it is theirs at all.
   */
  async answer(
    tx: QuotesTx,
    requestId: string,
    userId: string,
  ): Promise<'answered' | 'not open' | 'not theirs'> {
    const { from, to } = quoteRequestMoves.answer;
    const mine = and(eq(quoteRequests.id, requestId), eq(quoteRequests.userId, userId));
    const moved = await tx
      .update(quoteRequests)
      .set({ status: to })
      .where(and(mine, inArray(quoteRequests.status, [...from])))
      .returning({ id: quoteRequests.id });
    if (moved.length > 0) return 'answered';
    return (await tx.$count(quoteRequests, mine)) > 0 ? 'not open' : 'not theirs';
  },

  /**
   * After quote `quoteId` made `move`: the request it answered back to open when the move reopens
   * it (a withdrawal) and no other quote of it is still open. Whether it was reopened.
   */
  async afterQuoteMove(
    tx: Pick<Database, 'select' | 'update'>,
    quoteId: string,
    requestId: string | null,
    move: QuoteMoveName,
  ) {
    if (!requestId || !quoteMoveReopensRequest(move)) return false;
    const { from, to } = quoteRequestMoves.reopen;
    const stillOpen = tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(
        and(
          eq(quotes.requestId, requestId),
          ne(quotes.id, quoteId),
          inArray(quotes.state, [...quoteOpenStates]),
        ),
      );
    const moved = await tx
      .update(quoteRequests)
      .set({ status: to })
      .where(
        and(eq(quoteRequests.id, requestId), inArray(quoteRequests.status, [...from]), notExists(stillOpen)),
      )
      .returning({ id: quoteRequests.id });
    return moved.length > 0;
  },
};
