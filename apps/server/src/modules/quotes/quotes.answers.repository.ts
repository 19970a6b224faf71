import {
  type QuoteMoveName,
  quoteFromStates,
  quoteHoldingStates,
  quoteMovedTo,
  unpaidCountingStates,
} from '@kanna/shared/domain/order-state';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  companyMembers,
  orderLines,
  orders,
  quoteLines,
  quotes,
  stockLedger,
  tools,
  user,
} from '../../db/schema';
import { newestFirst, pageOf } from '../../lib/paging';

/** The database or a transaction. */
export type AnswersTx = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type QuoteWhole = { row: QuoteRow; lines: QuoteLineRow[] };

/** An order's state counting towards its buyer's unpaid caps (`unpaidCountingStates`), as SQL. */
const countsAsUnpaid = sql`(${inArray(orders.status, [...unpaidCountingStates.always])} or (${inArray(
  orders.status,
  [...unpaidCountingStates.unlessOnAccount],
)} and ${orders.paymentMethod} <> 'account'))`;

/** A quote that holds its stock now. */
const holding = and(eq(quotes.holdsStock, true), inArray(quotes.state, [...quoteHoldingStates]));

async function linesOf(db: AnswersTx, ids: string[]): Promise<Map<string, QuoteLineRow[]>> {
  const byQuote = new Map<string, QuoteLineRow[]>();
  if (ids.length === 0) return byQuote;
  const lines = await db
    .select()
    .from(quoteLines)
    .where(inArray(quoteLines.quoteId, ids))
    .orderBy(asc(quoteLines.quoteId), asc(quoteLines.position));
  for (const line of lines) byQuote.set(line.quoteId, [...(byQuote.get(line.quoteId) ?? []), line]);
  return byQuote;
}

/** Quotes: the rows and their lines, the stock they hold, and the guarded moves between states. */
export const answersRepository = {
  async buyerByEmail(db: AnswersTx, email: string) {
    const [row] = await db
      .select({
        id: user.id,
        email: user.email,
        name: user.name,
        language: user.language,
        approved: user.approved,
        phone: user.phone,
        address: user.streetAddress,
        country: user.country,
        company: user.company,
        department: user.department,
      })
      .from(user)
      .where(eq(user.email, email.toLowerCase()));
    return row;
  },

  /** Locks the buyer's account row (before any tool: the order place_orders locks in). */
  async lockBuyer(tx: AnswersTx, userId: string): Promise<void> {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
  },

  /**
   * Locks the companies the buyer is a member of (after their account, before the tools: as
   * place_orders does), so that a quote's order written in the same transaction queues the same way.
   */
  async lockCompanyOf(tx: AnswersTx, userId: string): Promise<void> {
    await tx.execute(sql`select 1 from companies co where co.id in
      (select m.company_id from company_members m where m.user_id = ${userId}) order by co.id for update`);
  },

  /** The tools with these ids, locked in id order; a missing id is absent. */
  lockTools(tx: AnswersTx, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return tx.select().from(tools).where(inArray(tools.id, ids)).orderBy(asc(tools.id)).for('update');
  },

  /**
   * What the buyer holds unpaid: their unpaid orders and open holding quotes, counted, and their
   * value in `currency` (orders' goods totals, quotes' goods).
   */
  async unpaidOf(tx: AnswersTx, userId: string, currency: string): Promise<{ count: number; value: number }> {
    const [o] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        value: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.currency} = ${currency}), 0)::float8`,
      })
      .from(orders)
      .where(and(eq(orders.userId, userId), countsAsUnpaid));
    const [q] = await tx
      .select({
        count: sql<number>`count(distinct ${quotes.id})::int`,
        value: sql<number>`coalesce(sum(${quoteLines.unitPrice}::bigint * ${quoteLines.quantity}) filter (where ${quotes.currency} = ${currency}), 0)::float8`,
      })
      .from(quotes)
      .innerJoin(quoteLines, eq(quoteLines.quoteId, quotes.id))
      .where(and(eq(quotes.userId, userId), holding));
    return { count: (o?.count ?? 0) + (q?.count ?? 0), value: (o?.value ?? 0) + (q?.value ?? 0) };
  },

  /** Pieces of each tool held by unpaid orders and by holding quotes (for the half-of-stock rule). */
  async heldOf(tx: AnswersTx, toolIds: string[]): Promise<Map<string, number>> {
    const held = new Map<string, number>();
    if (toolIds.length === 0) return held;
    const byOrders = await tx
      .select({ toolId: orderLines.toolId, n: sql<number>`sum(${orderLines.quantity})::float8` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(inArray(orderLines.toolId, toolIds), countsAsUnpaid))
      .groupBy(orderLines.toolId);
    const byQuotes = await tx
      .select({ toolId: quoteLines.toolId, n: sql<number>`sum(${quoteLines.quantity})::float8` })
      .from(quoteLines)
      .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId))
      .where(and(inArray(quoteLines.toolId, toolIds), holding))
      .groupBy(quoteLines.toolId);
    for (const { toolId, n } of [...byOrders, ...byQuotes])
      if (toolId) held.set(toolId, (held.get(toolId) ?? 0) + n);
    return held;
  },

  /**
   * Moves each line's pieces between its tool and the quote: `-1` takes them (a holding quote made),
   * `1` gives them back (it closed); a ledger row each, reason `quote`. The tools are locked first.
   */
  async moveStock(
    tx: AnswersTx,
    quoteId: string,
    lines: { toolId: string | null; quantity: number }[],
    sign: -1 | 1,
  ): Promise<void> {
    const kept = lines.flatMap((l) => (l.toolId ? [{ toolId: l.toolId, quantity: l.quantity }] : []));
    if (kept.length === 0) return;
    for (const l of kept) {
      await tx
        .update(tools)
        .set({ available: sql`${tools.available} + ${sign * l.quantity}` })
        .where(eq(tools.id, l.toolId));
    }
    await tx
      .insert(stockLedger)
      .values(
        kept.map((l) => ({ toolId: l.toolId, delta: sign * l.quantity, reason: 'quote' as const, quoteId })),
      );
  },

  async insert(tx: AnswersTx, row: typeof quotes.$inferInsert, lines: (typeof quoteLines.$inferInsert)[]) {
    await tx.insert(quotes).values(row);
    await tx.insert(quoteLines).values(lines);
  },

  async byId(db: AnswersTx, id: string): Promise<QuoteWhole | null> {
    const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
    if (!row) return null;
    return { row, lines: (await linesOf(db, [id])).get(id) ?? [] };
  },

  /** Is `callerId` the owner of the company `buyerId` is a member of. */
  async ownsCompanyOf(db: AnswersTx, callerId: string, buyerId: string): Promise<boolean> {
    const owner = alias(companyMembers, 'owner');
    const [row] = await db
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .innerJoin(
        owner,
        and(
          eq(owner.companyId, companyMembers.companyId),
          eq(owner.role, 'owner'),
          eq(owner.userId, callerId),
        ),
      )
      .where(eq(companyMembers.userId, buyerId));
    return row !== undefined;
  },

  /** One page of quotes, newest first (all, or one buyer's), each with its lines. */
  async page(db: AnswersTx, userId: string | null, cursor: string | undefined, limit: number) {
    const keyset = newestFirst(quotes.createdAt, quotes.id, cursor, 'uuid');
    const rows = await db
      .select({ row: quotes, at: keyset.at })
      .from(quotes)
      .where(and(userId === null ? undefined : eq(quotes.userId, userId), keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(limit + 1);
    const page = pageOf(rows, limit, (r) => [r.at, r.row.id]);
    const lines = await linesOf(
      db,
      page.items.map((r) => r.row.id),
    );
    return {
      items: page.items.map((r) => ({ row: r.row, lines: lines.get(r.row.id) ?? [] })),
      next: page.next,
    };
  },

  /**
   * The one guarded update of a move (the order-state module's quote table): from a state the
   * move starts from to the one it leads to, for `userId` when given, and — `before` — only while
   * its valid-until time is after it. The quote as it was when moved, or null when it did not move
   * (of two moves at once, exactly one does).
   */
  async move(
    tx: AnswersTx,
    id: string,
    move: QuoteMoveName,
    guard: { userId?: string; validAfter?: Date; lapsedBy?: Date } = {},
  ): Promise<QuoteRow | null> {
    const [row] = await tx
      .update(quotes)
      .set({ state: quoteMovedTo(move) })
      .where(
        and(
          eq(quotes.id, id),
          inArray(quotes.state, quoteFromStates(move)),
          guard.userId === undefined ? undefined : eq(quotes.userId, guard.userId),
          guard.validAfter === undefined ? undefined : sql`${quotes.validUntil} > ${guard.validAfter}`,
          guard.lapsedBy === undefined ? undefined : lte(quotes.validUntil, guard.lapsedBy),
        ),
      )
      .returning();
    return row ?? null;
  },

  async setOrder(tx: AnswersTx, id: string, orderId: string): Promise<void> {
    await tx.update(quotes).set({ orderId }).where(eq(quotes.id, id));
  },

  /** Open quotes whose valid-until time is `now` or before (the scheduler's), oldest first. */
  async lapsed(db: AnswersTx, now: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(inArray(quotes.state, quoteFromStates('expire')), lte(quotes.validUntil, now)))
      .orderBy(asc(quotes.validUntil))
      .limit(limit);
    return rows.map((r) => r.id);
  },
};
