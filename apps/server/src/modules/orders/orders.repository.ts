import type { OrderFilters } from '@kanna/shared';
import { and, asc, count, eq, gte, inArray, isNull, like, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carts, enquiries, orderLines, orders, tools, user } from '../../db/schema';
import { containing, newestFirst, type Page, pageOf } from '../../lib/paging';

/**
 * The orders' SQL, typed by the schema (docs/ARCHITECTURE.md, "Orders"): every function takes
 * the database or a transaction, so a service composes them atomically. Rules live in
 * orders.service.ts; nothing here decides whether something may happen.
 */
export type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type OrderRow = typeof orders.$inferSelect;
export type ToolRow = typeof tools.$inferSelect;

/** A line as it is written: which tool, how many, at what unit price (cents). */
export type NewLine = { toolId: string; productName: string; quantity: number; perPriceCents: number };

/** How many rows a raw statement returned (node-postgres and PGlite answer alike: `rows`). */
const rowCount = (result: unknown): number => (result as { rows?: unknown[] }).rows?.length ?? 0;

/** What the admin's search box matches for an order (orders.search). */
const searchText = (id: string, email: string, name: string, lines: { productName: string }[]) =>
  [id, email, name, ...lines.map((l) => l.productName)].join(' ').toLowerCase();

export const ordersRepository = {
  async find(db: Tx, id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return row;
  },

  /**
   * Locks the buyer's account row for the rest of the transaction and reads what ordering needs:
   * orders from one account queue here; other accounts never wait. The unpaid count must be read
   * after this lock (next statement), never in the same one: a statement's snapshot is taken
   * before it waits for the lock, so it would miss the order that held it.
   */
  async lockBuyer(tx: Tx, userId: string) {
    const [buyer] = await tx
      .select({ email: user.email, name: user.name, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    return buyer;
  },

  async unpaidCount(tx: Tx, userId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'unpaid')));
    return row?.n ?? 0;
  },

  /** The tools of an order as they are now (judged by the rules before `reserveAndInsert`). */
  toolsForOrder(tx: Tx, ids: string[]): Promise<ToolRow[]> {
    return tx.select().from(tools).where(inArray(tools.id, ids));
  },

  /** Locks tools in id order, as every writer of stock does, so two writers queue instead of deadlocking. */
  lockTools(tx: Tx, ids: string[]): Promise<{ id: string }[]> {
    return tx
      .select({ id: tools.id })
      .from(tools)
      .where(inArray(tools.id, ids))
      .orderBy(asc(tools.id))
      .for('update');
  },

  /**
   * Takes the stock of every line and writes the order and its lines, in one statement — or
   * writes nothing and answers false when any tool is no longer as it was judged (its stock
   * below the line, or its price, terms or name changed); the caller then rolls back and judges
   * again. It locks the tools in id order first, so concurrent orders over the same tools queue
   * and never deadlock, and holds the locks only for this statement and the commit.
   */
  async reserveAndInsert(
    tx: Tx,
    order: Omit<
      typeof orders.$inferInsert,
      'toolId' | 'productName' | 'quantity' | 'perPriceCents' | 'lineCount'
    >,
    lines: NewLine[],
    judged: ToolRow[],
  ): Promise<boolean> {
    const [first] = lines;
    if (!first) throw new Error('an order needs a line');
    const asJudged = new Map(judged.map((t) => [t.id, t]));
    const wanted = sql.join(
      lines.map((l) => {
        const t = asJudged.get(l.toolId);
        if (!t) throw new Error('every line needs its judged tool');
        return sql`(${l.toolId}::uuid, ${l.quantity}::int, ${t.priceCents}::int, ${t.minQuantity}::int,
          ${t.packSize}::int, ${JSON.stringify(t.volumePrices)}::jsonb, ${t.productName}::text)`;
      }),
      sql`, `,
    );
    const ids = sql.join(
      lines.map((l) => sql`${l.toolId}::uuid`),
      sql`, `,
    );
    const lineRows = sql.join(
      lines.map(
        (l, i) =>
          sql`(${order.id}::uuid, ${i}::int, ${l.toolId}::uuid, ${l.productName}::text, ${l.quantity}::int, ${l.perPriceCents}::int, ${l.perPriceCents * l.quantity}::int)`,
      ),
      sql`, `,
    );
    const result = await tx.execute(sql`
      with locked as materialized (
        select id from ${tools} where id in (${ids}) order by id for update
      ), taken as (
        update ${tools} set available = ${tools}.available - w.quantity
        from (values ${wanted}) as w(id, quantity, price_cents, min_quantity, pack_size, volume_prices, product_name)
        where ${tools}.id = w.id and ${tools}.id in (select id from locked)
          and ${tools}.archived = false and ${tools}.available >= w.quantity
          and ${tools}.price_cents = w.price_cents and ${tools}.min_quantity = w.min_quantity
          and ${tools}.pack_size = w.pack_size and ${tools}.volume_prices = w.volume_prices
          and ${tools}.product_name = w.product_name
        returning ${tools}.id
      ), placed as (
        insert into ${orders} (id, user_id, email, name, tool_id, product_name, quantity,
          per_price_cents, total_cents, line_count, phone, address, hold_until, search)
        select ${order.id}::uuid, ${order.userId}, ${order.email}, ${order.name}, ${first.toolId}::uuid,
          ${first.productName}, ${first.quantity}::int, ${first.perPriceCents}::int, ${order.totalCents}::int,
          ${lines.length}::int, ${order.phone}, ${order.address}, ${order.holdUntil}::timestamptz,
          ${searchText(order.id, order.email, order.name, lines)}
        where (select count(*) from taken) = ${lines.length}
        returning id
      )
      insert into ${orderLines} (order_id, position, tool_id, product_name, quantity, per_price_cents, total_cents)
      select v.* from (values ${lineRows}) as v(order_id, position, tool_id, product_name, quantity, per_price_cents, total_cents)
      where exists (select 1 from placed)
      returning order_id`);
    return rowCount(result) === lines.length;
  },

  /**
   * Cancels an unpaid order and gives back every line's stock, once: only the transition from
   * unpaid does it. The tools are locked in id order, as placing locks them.
   */
  async cancelAndRestock(tx: Tx, id: string, at: Date): Promise<OrderRow | null> {
    const [row] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: at })
      .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
      .returning();
    if (!row) return null;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
    await ordersRepository.lockTools(
      tx,
      lines.map((l) => l.toolId),
    );
    await tx.execute(sql`
      update ${tools} set available = ${tools}.available + l.quantity
      from ${orderLines} l
      where l.order_id = ${id} and ${tools}.id = l.tool_id`);
    return row;
  },

  /** The lines of these orders, in order; a one-line order's line is its own row, read from it. */
  async linesOf(db: Tx, rows: OrderRow[]): Promise<Map<string, NewLine[]>> {
    const byOrder = new Map<string, NewLine[]>();
    const several = rows.filter((r) => r.lineCount > 1).map((r) => r.id);
    for (const r of rows) {
      if (r.lineCount === 1) byOrder.set(r.id, [r]);
    }
    if (several.length) {
      const lines = await db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, several))
        .orderBy(asc(orderLines.orderId), asc(orderLines.position));
      for (const l of lines) {
        const list = byOrder.get(l.orderId) ?? [];
        list.push(l);
        byOrder.set(l.orderId, list);
      }
    }
    return byOrder;
  },

  /** Unpaid orders whose hold ran out, oldest first. */
  expiredHolds(db: Tx, now: Date, limit: number): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'unpaid'), lt(orders.holdUntil, now)))
      .orderBy(orders.holdUntil)
      .limit(limit);
  },

  /** Stores the payment intent of a still unpaid order; false when it is unpaid no more. */
  async setIntent(db: Tx, id: string, intentId: string): Promise<boolean> {
    const stored = await db
      .update(orders)
      .set({ paymentIntentId: intentId })
      .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
      .returning({ id: orders.id });
    return stored.length > 0;
  },

  async markPaid(db: Tx, id: string, paid: { transactionId: string; at: Date; test: boolean }) {
    const [row] = await db
      .update(orders)
      .set({ status: 'paid', transactionId: paid.transactionId, paidAt: paid.at, testPayment: paid.test })
      .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
      .returning();
    return row;
  },

  async markRefunded(db: Tx, id: string, refund: { refundId: string; at: Date; test: boolean }) {
    const [row] = await db
      .update(orders)
      .set({ refundId: refund.refundId, refundedAt: refund.at, testPayment: refund.test })
      .where(and(eq(orders.id, id), isNull(orders.refundId)))
      .returning();
    return row;
  },

  async markShipped(db: Tx, id: string, at: Date) {
    const [row] = await db
      .update(orders)
      .set({ status: 'shipped', shippedAt: at })
      .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
      .returning();
    return row;
  },

  async accountIdByEmail(db: Tx, email: string): Promise<string | undefined> {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
    return row?.id;
  },

  /** The tools named, on sale or not (a cart or an order again may name archived ones). */
  toolsByIds(db: Tx, ids: string[]): Promise<ToolRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return db.select().from(tools).where(inArray(tools.id, ids));
  },

  async toolOnSale(db: Tx, id: string): Promise<ToolRow | undefined> {
    const [tool] = await db
      .select()
      .from(tools)
      .where(and(eq(tools.id, id), eq(tools.archived, false)));
    return tool;
  },

  async insertEnquiry(db: Tx, row: typeof enquiries.$inferInsert): Promise<void> {
    await db.insert(enquiries).values(row);
  },

  async cartOf(db: Tx, userId: string) {
    const [row] = await db.select({ lines: carts.lines }).from(carts).where(eq(carts.userId, userId));
    return row?.lines ?? [];
  },

  async saveCart(db: Tx, userId: string, lines: { toolId: string; quantity: number }[], at: Date) {
    await db
      .insert(carts)
      .values({ userId, lines, updatedAt: at })
      .onConflictDoUpdate({ target: carts.userId, set: { lines, updatedAt: at } });
  },

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

  /** Orders an account placed, not counting cancelled ones (kept for the record, not shown). */
  placedBy: (userId: string) => and(eq(orders.userId, userId), ne(orders.status, 'cancelled')),

  /** The admin's filters (DESIGN of the list in docs/ARCHITECTURE.md, "Lists that grow"). */
  matching(f: OrderFilters): SQL | undefined {
    const dayAfter = (day: string) => new Date(Date.parse(day) + 24 * 60 * 60 * 1000);
    const dateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
    const q = f.q?.toLowerCase();
    const at = q?.indexOf('@') ?? -1;
    const probe = q && at >= 3 ? q.slice(0, at + 1) : q;
    return and(
      f.status ? eq(orders.status, f.status) : undefined,
      f.from ? gte(orders.createdAt, new Date(f.from)) : undefined,
      f.to
        ? dateOnly(f.to)
          ? lt(orders.createdAt, dayAfter(f.to))
          : lte(orders.createdAt, new Date(f.to))
        : undefined,
      // `search` is lower-case already: plain LIKE on the trigram index. A whole e-mail address
      // is looked up by its part before the @ (every order shares a few domains, whose trigrams
      // match nearly every row), then checked whole.
      q ? like(orders.search, containing(probe ?? q)) : undefined,
      q && probe !== q ? sql`strpos(${orders.search}, ${q}) > 0` : undefined,
    );
  },

  /** Contact Supplier enquiries, newest first, with the tool's name. */
  async enquiriesPage(db: Tx, cursor: string | undefined, limit: number) {
    const keyset = newestFirst(enquiries.createdAt, enquiries.id, cursor, 'uuid');
    const rows = await db
      .select({ row: enquiries, productName: tools.productName, at: keyset.at })
      .from(enquiries)
      .innerJoin(tools, eq(tools.id, enquiries.toolId))
      .where(keyset.where)
      .orderBy(...keyset.orderBy)
      .limit(limit + 1);
    return pageOf(rows, limit, (r) => [r.at, r.row.id]);
  },
};
