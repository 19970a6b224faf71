import type { Language } from '@kanna/shared/domain/languages';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderEvents, orderLines, type orderPayments, orders, type tools, user } from '../../db/schema';

/**
 * The orders' SQL, typed by the schema (docs/rules.md, "Where every rule lives"), in one file per
 * part of the orders service: this one holds the rows' types and what every part reads and writes
 * of an order (it, its lines, its history); placing (orders.placing.repository.ts), the moves after
 * it (orders.lifecycle.repository.ts), bank transfers (orders.transfers.repository.ts), the lists
 * (orders.lists.repository.ts) and the export (orders.export.repository.ts) have theirs. Every
 * function takes the database or a transaction, so a service composes them atomically. The rules
 * live in the orders service's parts (orders.placing.ts, orders.lifecycle.ts, …), with one
 * exception written where the locks are: who may order, decided by the `place_orders` SQL
 * function that `placeJudged` calls (db/functions/place_orders.sql).
 */
export type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type OrderRow = typeof orders.$inferSelect;
export type ToolRow = typeof tools.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;
/**
 * A line as it is written: which tool, named how (in English, and in Japanese when it has a
 * Japanese name) when it was ordered, how many, at what unit price (cents).
 */
export type NewLine = {
  toolId: string;
  productName: string;
  productNameJa?: string | null;
  /** Its tool's SKU and JAN when it was ordered: read back, never sent (`place_orders` copies them from the tool). */
  sku?: string | null;
  jan?: string | null;
  quantity: number;
  perPriceCents: number;
};

/** What a line shows: the product, how many, at what unit price. */
type LineFields = Omit<NewLine, 'toolId'>;

/** A payment an admin recorded (a bank transfer). */
export type TransferRow = typeof orderPayments.$inferSelect;

export const ordersRepository = {
  async find(db: Tx, id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return row;
  },

  /**
   * What a document download asks of an order (whose it is, its state, its language), without the
   * rest of the row: an issued document's download reads no more of the order.
   */
  async forDocument(db: Tx, id: string) {
    const [row] = await db
      .select({
        userId: orders.userId,
        status: orders.status,
        paidAt: orders.paidAt,
        language: orders.language,
        enteredBy: orders.enteredBy,
      })
      .from(orders)
      .where(eq(orders.id, id));
    return row;
  },

  /** An order as it is, locked for the rest of the transaction (recording money on it). */
  async lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  },

  /** The lines of these orders, in order; a one-line order's line is its own row, read from it. */
  async linesOf<R extends { id: string; lineCount: number } & LineFields>(
    db: Tx,
    rows: R[],
  ): Promise<Map<string, (R | NewLine)[]>> {
    const byOrder = new Map<string, (R | NewLine)[]>();
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

  /** Writes one event of an order's history, in the caller's transaction. */
  async addEvent(tx: Tx, event: typeof orderEvents.$inferInsert): Promise<EventRow> {
    const [row] = await tx.insert(orderEvents).values(event).returning();
    if (!row) throw new Error('order event not written');
    return row;
  },

  /** An order's history, oldest first; the admins' notes only when asked for. */
  eventsOf(db: Tx, orderId: string, withNotes: boolean): Promise<EventRow[]> {
    return db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), withNotes ? undefined : ne(orderEvents.type, 'note')))
      .orderBy(asc(orderEvents.id));
  },

  /** The language an account reads the shop in; null when its owner chose none, or it is gone. */
  async accountLanguage(db: Tx, userId: string | null): Promise<Language | null> {
    if (!userId) return null;
    const [row] = await db.select({ language: user.language }).from(user).where(eq(user.id, userId));
    return row?.language ?? null;
  },

  /** The buyer's company and department as their profile says them now (documents name the company). */
  async accountBusiness(
    db: Tx,
    userId: string | null,
  ): Promise<{ company: string | null; department: string | null }> {
    if (!userId) return { company: null, department: null };
    const [row] = await db
      .select({ company: user.company, department: user.department })
      .from(user)
      .where(eq(user.id, userId));
    return { company: row?.company ?? null, department: row?.department ?? null };
  },

  /** The account an admin enters an order for, by its e-mail address; undefined when none has it. */
  async buyerByEmail(
    db: Tx,
    email: string,
  ): Promise<{ id: string; email: string; name: string; language: Language | null } | undefined> {
    const [row] = await db
      .select({ id: user.id, email: user.email, name: user.name, language: user.language })
      .from(user)
      .where(eq(user.email, email.toLowerCase()));
    return row;
  },

  async accountIdByEmail(db: Tx, email: string): Promise<string | undefined> {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
    return row?.id;
  },
};
