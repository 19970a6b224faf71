import {
  adminStateLabel,
  fromStates,
  isCard,
  isTransfer,
  type OrderFilters,
  orderNumberIn,
  orderStatuses,
} from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import {
  type AnyColumn,
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type RowParser, rowRecord, rowsOf } from '../../db/rows';
import {
  orderEvents,
  orderLines,
  orderPayments,
  orders,
  type StockReason,
  stockLedger,
  tools,
  user,
} from '../../db/schema';
import { containing, newestFirst, type Page, pageOf } from '../../lib/paging';

/**
 * The orders' SQL, typed by the schema (docs/rules.md, "Where every rule lives"): every
 * function takes the database or a transaction, so a service composes them atomically. The rules
 * live in the orders service's parts (orders.placing.ts, orders.lifecycle.ts, …), with one
 * exception written where the locks are: who may order, decided by the `place_orders` SQL
 * function that `placeJudged` calls (migration 0010).
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
  quantity: number;
  perPriceCents: number;
};
/** What a line shows: the product, how many, at what unit price. */
type LineFields = Omit<NewLine, 'toolId'>;

const placeOutcomes = [
  'placed',
  'no_buyer',
  'unverified',
  'too_many_unpaid',
  'too_much_unpaid',
  'over_half',
  'changed',
] as const;

/** An order judged on `tools` (as read), to be written by `placeJudged`. */
export type JudgedOrder = {
  order: Pick<
    typeof orders.$inferInsert,
    | 'id'
    | 'userId'
    | 'phone'
    | 'address'
    | 'holdUntil'
    | 'totalCents'
    | 'country'
    | 'shippingCents'
    | 'taxCents'
    | 'taxRateBp'
    | 'taxTreatment'
    | 'paymentMethod'
    | 'language'
  >;
  lines: NewLine[];
  tools: ToolRow[];
};

/**
 * What `placeJudged` did with one order, and the buyer's address and name as the order records
 * them. `too_much_unpaid`: `allowed` is the value (cents) the buyer already holds unpaid;
 * `over_half`: `line` (0-based) asks for more than half of its tool's stock, `allowed` pieces at most.
 * `number`: a placed order's number (null for the others).
 */
export type PlaceOutcome = {
  outcome: (typeof placeOutcomes)[number];
  email: string | null;
  name: string | null;
  line: number | null;
  allowed: number | null;
  number: number | null;
};

const isPlaceOutcome = (value: unknown): value is PlaceOutcome['outcome'] =>
  placeOutcomes.some((o) => o === value);
const textOrNull = (value: unknown): string | null => {
  if (value === null || typeof value === 'string') return value;
  throw new TypeError('place_orders answered a field that is not text');
};
const numberOrNull = (value: unknown): number | null => {
  if (value === null || typeof value === 'number') return value;
  throw new TypeError('place_orders answered a field that is not a number');
};

/**
 * A row of `place_orders`, read by hand rather than by a schema: it is on the path of every
 * order placed (a thousand and more a second), and six fields are checked quicker this way.
 */
const placeOutcomeRow: RowParser<PlaceOutcome> = {
  parse(row) {
    const r = rowRecord(row);
    if (!isPlaceOutcome(r.outcome)) throw new Error('place_orders answered nothing known');
    return {
      outcome: r.outcome,
      email: textOrNull(r.email),
      name: textOrNull(r.name),
      line: numberOrNull(r.line),
      allowed: numberOrNull(r.allowed),
      number: numberOrNull(r.number),
    };
  },
};

/** A payment an admin recorded (a bank transfer). */
export type TransferRow = typeof orderPayments.$inferSelect;

/** A transfer order's hold: until it was placed plus `days`, never shorter than it already is. */
const transferHold = (days: number) =>
  sql`greatest(${orders.holdUntil}, ${orders.createdAt} + make_interval(days => ${days}))`;

/**
 * The states a cancel before any money arrived (the buyer's, or the shop's of an unpaid order)
 * and an expiry move from: `cancelAndRestock`'s guard. The SQL's guards take their states from
 * the order-state table (`fromStates`); db/order-moves.test.ts fails when they disagree.
 */
const releasedFrom = [
  ...new Set([
    ...fromStates('cancel', undefined, 'card payment stopped, transfers received owed back'),
    ...fromStates('expire'),
  ]),
];

/**
 * Why stock goes back on sale, as the stock ledger records it: a cancel (by the buyer, or by the
 * admin named in `by`) or a hold that ran out.
 */
export type RestockCause = { reason: Extract<StockReason, 'cancel' | 'expiry'>; by?: string };

/** What one account may hold unpaid: orders, and their value in cents (approved buyers: the count only). */
export type UnpaidCaps = { orders: number; valueCents: number };

/**
 * A time as the export writes it, or null: in the shop's zone with the offset it had then, to
 * the second (`2026-11-26T17:05:00+09:00`; summer and winter offsets where the zone has them).
 * The offset is the zone's local time less UTC's for that instant.
 */
const shopIso = (column: AnyColumn, zone: string) => {
  const local = sql`(${column} at time zone ${zone})`;
  const offset = sql`extract(epoch from ${local} - (${column} at time zone 'UTC'))`;
  return sql`to_char(${local}, 'YYYY-MM-DD"T"HH24:MI:SS')
    || case when ${offset} < 0 then '-' else '+' end
    || to_char(make_interval(secs => abs(${offset})), 'HH24:MI')`;
};

/** An order's state in the words the admin's screens use (`adminStateLabel`: 'Pending' for paid). */
const stateWords = sql`case ${orders.status} ${sql.join(
  orderStatuses.map((s) => sql`when ${s} then ${adminStateLabel[s]}`),
  sql` `,
)} end`;

/** Dollars with two decimals, as the export writes money: 1250 cents → 12.50. */
const money = (cents: SQL | AnyColumn) => sql`(${cents} / 100.0)::numeric(14, 2)`;

/**
 * Text a customer typed, as a CSV cell a spreadsheet will not run: a cell that starts with
 * = + - @ (or their full-width forms), a tab or a carriage return gets a leading apostrophe
 * (OWASP's advice on CSV injection). Empty text is written as an empty cell, not "".
 */
const cell = (text: SQL | AnyColumn) => sql`case
  when left(${text}, 1) in ('=', '+', '-', '@', chr(9), chr(13), '＝', '＋', '－', '＠') then '''' || ${text}
  else nullif(${text}, '') end`;

export const ordersRepository = {
  /**
   * Orders cancelled after they were paid whose refund is still owed (the provider failed when
   * the shop cancelled), oldest first. A payment that lands on an order cancelled unpaid is
   * refunded where it lands (payments' `refundLate`), so only a paid order has `paid_at` here.
   */
  owedRefunds(db: Tx, limit: number): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'cancelled'),
          isNotNull(orders.paidAt),
          // Paid by card (a transfer's money is given back by the shop, not a provider).
          isNotNull(orders.transactionId),
          isNull(orders.refundId),
        ),
      )
      .orderBy(asc(orders.cancelledAt))
      .limit(limit);
  },

  async find(db: Tx, id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return row;
  },

  /** The tools of an order as they are now (judged by the rules before `placeJudged`). */
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
   * Writes judged orders in one call (migration 0009, `place_orders`; decisions 0017, 0022): locks
   * their buyers, then their tools, each in id order; then, order by order as given, checks the
   * buyer (still there, address confirmed, fewer than `caps.orders` unpaid orders, counting those
   * placed just before in the same call) and takes every line's stock only if every tool is still
   * as it was judged (stock left, price, terms, name); then, unless an admin approved the buyer,
   * that their unpaid orders stay within `caps.valueCents` and that no line holds more than half
   * of its tool's stock (migration 0010). An order that does not hold is not written and its
   * outcome says why; the others are. No lock outlives the call: it is its own transaction.
   */
  async placeJudged(db: Tx, judged: JudgedOrder[], caps: UnpaidCaps): Promise<PlaceOutcome[]> {
    const wanted = judged.map(({ order, lines, tools: asRead }) => {
      const asJudged = new Map(asRead.map((t) => [t.id, t]));
      return {
        id: order.id,
        user_id: order.userId,
        phone: order.phone,
        address: order.address,
        hold_until: order.holdUntil,
        total_cents: order.totalCents,
        country: order.country,
        shipping_cents: order.shippingCents,
        tax_cents: order.taxCents,
        tax_rate_bp: order.taxRateBp,
        tax_treatment: order.taxTreatment,
        payment_method: order.paymentMethod,
        // Written with the order (migration 0030); none for English.
        language: order.language ?? null,
        lines: lines.map((l) => {
          const t = asJudged.get(l.toolId);
          if (!t) throw new Error('every line needs its judged tool');
          return {
            tool_id: l.toolId,
            quantity: l.quantity,
            per_price_cents: l.perPriceCents,
            product_name: t.productName,
            price_cents: t.priceCents,
            min_quantity: t.minQuantity,
            pack_size: t.packSize,
            volume_prices: t.volumePrices,
          };
        }),
      };
    });
    const result = await db.execute(sql`
      select position, outcome, buyer_email as email, buyer_name as name, line, allowed::float8 as allowed,
        number::float8 as number
      from place_orders(${caps.orders}::int, ${caps.valueCents}::bigint, ${JSON.stringify(wanted)}::jsonb)
      order by position`);
    const rows = rowsOf(result, placeOutcomeRow);
    if (rows.length !== judged.length) throw new Error('place_orders answered nothing known');
    return rows;
  },

  /** The language an account reads the shop in; null when its owner chose none, or it is gone. */
  async accountLanguage(db: Tx, userId: string | null): Promise<Language | null> {
    if (!userId) return null;
    const [row] = await db.select({ language: user.language }).from(user).where(eq(user.id, userId));
    return row?.language ?? null;
  },

  /**
   * Cancels an unpaid order and gives back every line's stock, once: only the transition from
   * unpaid does it.
   */
  async cancelAndRestock(tx: Tx, id: string, at: Date, cause: RestockCause): Promise<OrderRow | null> {
    const [row] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: at })
      .where(and(eq(orders.id, id), inArray(orders.status, releasedFrom)))
      .returning();
    if (!row) return null;
    await ordersRepository.restock(tx, id, cause);
    return row;
  },

  /**
   * Gives every line's stock of an order back on sale and records it in the stock ledger, in the
   * caller's transaction; the caller has just moved the order out of the states that hold stock,
   * so this runs once per order. The tools are locked in id order, as placing locks them.
   */
  async restock(tx: Tx, orderId: string, cause: RestockCause): Promise<void> {
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await ordersRepository.lockTools(
      tx,
      lines.map((l) => l.toolId),
    );
    await tx.execute(sql`
      update ${tools} set available = ${tools}.available + l.quantity
      from ${orderLines} l
      where l.order_id = ${orderId} and ${tools}.id = l.tool_id`);
    await tx.insert(stockLedger).values(
      lines.map((l) => ({
        toolId: l.toolId,
        delta: l.quantity,
        reason: cause.reason,
        orderId,
        by: cause.by,
      })),
    );
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

  /** Unpaid orders whose hold ran out, oldest first. */
  expiredHolds(db: Tx, now: Date, limit: number): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(and(inArray(orders.status, fromStates('expire')), lt(orders.holdUntil, now)))
      .orderBy(orders.holdUntil)
      .limit(limit);
  },

  /** Stores the payment intent of a still unpaid order; false when it is unpaid no more. */
  async setIntent(db: Tx, id: string, intentId: string): Promise<boolean> {
    const stored = await db
      .update(orders)
      .set({ paymentIntentId: intentId })
      .where(and(eq(orders.id, id), inArray(orders.status, fromStates('pay by card'))))
      .returning({ id: orders.id });
    return stored.length > 0;
  },

  /**
   * Marks an unpaid order paid by a card payment of `amountCents` (the provider's confirmed money,
   * in the shop's currency): only when it is exactly the amount due, checked in the same statement.
   */
  async markPaid(
    db: Tx,
    id: string,
    paid: { transactionId: string; at: Date; test: boolean; amountCents: number },
  ) {
    const [row] = await db
      .update(orders)
      .set({ status: 'paid', transactionId: paid.transactionId, paidAt: paid.at, testPayment: paid.test })
      .where(
        and(
          eq(orders.id, id),
          inArray(orders.status, fromStates('pay by card')),
          eq(orders.amountDueCents, paid.amountCents),
        ),
      )
      .returning();
    return row;
  },

  /** Records the refund of an order's payment, once: only the first refund id sticks. */
  async markRefunded(
    db: Tx,
    id: string,
    refund: { refundId: string; at: Date; test: boolean; amountCents: number },
  ) {
    const [row] = await db
      .update(orders)
      .set({
        refundId: refund.refundId,
        refundedAt: refund.at,
        testPayment: refund.test,
        refundCents: refund.amountCents,
      })
      .where(and(eq(orders.id, id), isNull(orders.refundId)))
      .returning();
    return row;
  },

  /** A paid order ships, with its carrier and tracking number when given; only from paid. */
  async markShipped(
    db: Tx,
    id: string,
    at: Date,
    tracking: { carrier?: string | undefined; trackingNumber?: string | undefined } = {},
  ) {
    const [row] = await db
      .update(orders)
      .set({
        status: 'shipped',
        shippedAt: at,
        carrier: tracking.carrier ?? null,
        trackingNumber: tracking.trackingNumber ?? null,
      })
      .where(and(eq(orders.id, id), inArray(orders.status, fromStates('ship', 'shop'))))
      .returning();
    return row;
  },

  /**
   * An admin cancels a paid order not yet shipped: only the transition from paid does it, so of
   * two admins (or an admin and a shipment) at once one wins. Its stock and refund follow.
   */
  async cancelPaid(tx: Tx, id: string, at: Date, by: { name: string; reason: string }) {
    const [row] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: at, cancelledBy: by.name, cancelReason: by.reason })
      .where(and(eq(orders.id, id), inArray(orders.status, fromStates('cancel', 'shop', 'refunded in full'))))
      .returning();
    return row ?? null;
  },

  /** Who cancelled an order just cancelled in this transaction, and why (an admin's cancel). */
  async recordCancel(tx: Tx, id: string, by: { name: string; reason: string }) {
    const [row] = await tx
      .update(orders)
      .set({ cancelledBy: by.name, cancelReason: by.reason })
      .where(eq(orders.id, id))
      .returning();
    return row ?? null;
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

  /*
   * Bank transfers (docs/orders.md, "Bank transfers"): the money admins record, kept on the
   * order (`transfer_paid_cents`, `transfer_refund_cents`) and in `order_payments`, always under the
   * order's row lock, so two admins recording at once are counted one after the other.
   */

  /** An order as it is, locked for the rest of the transaction (recording money on it). */
  async lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  },

  /** The same payment (amount, day, reference — any case) recorded on this order since `since`, if any. */
  async samePaymentSince(
    tx: Tx,
    orderId: string,
    payment: { amountCents: number; receivedOn: string; reference: string },
    since: Date,
  ): Promise<TransferRow | undefined> {
    const [row] = await tx
      .select()
      .from(orderPayments)
      .where(
        and(
          eq(orderPayments.orderId, orderId),
          eq(orderPayments.amountCents, payment.amountCents),
          eq(orderPayments.receivedOn, payment.receivedOn),
          sql`lower(${orderPayments.reference}) = lower(${payment.reference})`,
          gte(orderPayments.recordedAt, since),
        ),
      )
      .limit(1);
    return row;
  },

  /** Writes one recorded payment, in the caller's transaction. */
  async addTransfer(tx: Tx, payment: typeof orderPayments.$inferInsert): Promise<TransferRow> {
    const [row] = await tx.insert(orderPayments).values(payment).returning();
    if (!row) throw new Error('recorded payment not written');
    return row;
  },

  /**
   * Adds a recorded payment to its locked order: `countedCents` towards the amount due,
   * `refundCents` owed back (flagged from the first time); `paid` makes an unpaid order paid;
   * `holdDays` makes an unpaid card order a transfer order holding its stock until it was placed
   * plus that many days (never shorter than it was).
   */
  async addToTransfers(
    tx: Tx,
    id: string,
    change: { countedCents: number; refundCents: number; at: Date; paid: boolean; holdDays: number | null },
  ): Promise<OrderRow> {
    const at = sql`${change.at.toISOString()}::timestamptz`;
    const [row] = await tx
      .update(orders)
      .set({
        transferPaidCents: sql`${orders.transferPaidCents} + ${change.countedCents}`,
        transferRefundCents: sql`${orders.transferRefundCents} + ${change.refundCents}`,
        ...(change.refundCents > 0
          ? { transferRefundFlaggedAt: sql`coalesce(${orders.transferRefundFlaggedAt}, ${at})` }
          : {}),
        ...(change.paid ? { status: 'paid' as const, paidAt: change.at } : {}),
        ...(change.holdDays !== null
          ? { paymentMethod: 'transfer' as const, holdUntil: transferHold(change.holdDays) }
          : {}),
      })
      .where(eq(orders.id, id))
      .returning();
    if (!row) throw new Error('locked order vanished');
    return row;
  },

  /**
   * A cancelled order keeps none of the transfers recorded on it: all of it is owed back, flagged
   * from `at` (the transaction that cancels it calls this). Null when nothing had been recorded.
   */
  async transfersOwedBack(tx: Tx, id: string, at: Date): Promise<OrderRow | null> {
    const [row] = await tx
      .update(orders)
      .set({
        transferRefundCents: sql`${orders.transferRefundCents} + ${orders.transferPaidCents}`,
        transferPaidCents: 0,
        transferRefundFlaggedAt: sql`coalesce(${orders.transferRefundFlaggedAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(and(eq(orders.id, id), gt(orders.transferPaidCents, 0)))
      .returning();
    if (!row) return null;
    await tx
      .update(orderPayments)
      .set({ refundCents: orderPayments.amountCents })
      .where(eq(orderPayments.orderId, id));
    return row;
  },

  /** The transfers recorded on an order, oldest first. */
  transfersOf(db: Tx, orderId: string): Promise<TransferRow[]> {
    return db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId))
      .orderBy(asc(orderPayments.id));
  },

  /**
   * How an unpaid order whose hold has not run out is to be paid: bank transfer holds its stock
   * until it was placed plus `holdDays` (never shorter than it was); card leaves the hold as it is,
   * and only while no transfer has reached the order. The order as it now is, or null when it was
   * not changed (paid, cancelled, expired, or partly paid by transfer).
   */
  async switchPaymentMethod(
    db: Tx,
    id: string,
    to: 'card' | 'transfer',
    now: Date,
    holdDays: number,
  ): Promise<OrderRow | null> {
    const [row] = await db
      .update(orders)
      .set(
        isTransfer(to)
          ? { paymentMethod: 'transfer', holdUntil: transferHold(holdDays) }
          : { paymentMethod: 'card' },
      )
      .where(
        and(
          eq(orders.id, id),
          inArray(orders.status, fromStates('switch payment method')),
          gt(orders.holdUntil, now),
          isCard(to) ? eq(orders.transferPaidCents, 0) : undefined,
        ),
      )
      .returning();
    return row ?? null;
  },

  /**
   * Claims the unpaid transfer orders whose hold ends within `withinMs` of `now` and whose buyer
   * was not reminded yet — each once, in the statement that marks it — leaving out orders placed
   * less than that before their hold ends (their placed mail already says the deadline).
   */
  claimTransferReminders(db: Tx, now: Date, withinMs: number, limit: number): Promise<OrderRow[]> {
    const due = db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'unpaid'),
          eq(orders.paymentMethod, 'transfer'),
          isNull(orders.transferRemindedAt),
          gt(orders.holdUntil, now),
          lte(orders.holdUntil, new Date(now.getTime() + withinMs)),
          sql`${orders.createdAt} < ${orders.holdUntil} - make_interval(secs => ${withinMs / 1000})`,
        ),
      )
      .limit(limit);
    return db
      .update(orders)
      .set({ transferRemindedAt: now })
      .where(and(inArray(orders.id, due), isNull(orders.transferRemindedAt)))
      .returning();
  },

  async accountIdByEmail(db: Tx, email: string): Promise<string | undefined> {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
    return row?.id;
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

  /**
   * The ids of the export's next batch, newest first (the keyset of the lists): at most `limit`
   * orders with at most `maxLines` order lines in all (but always one order, however many lines
   * it has): a batch's CSV is held whole (orders.export.ts), and one order may have fifty lines.
   */
  async exportIds(
    db: Tx,
    where: SQL | undefined,
    cursor: string | undefined,
    limit: number,
    maxLines: number,
  ) {
    const keyset = newestFirst(orders.createdAt, orders.id, cursor, 'uuid');
    const rows = await db
      .select({ id: orders.id, at: keyset.at, lines: orders.lineCount })
      .from(orders)
      .where(and(where, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(limit + 1);
    let taken = 0;
    let lines = 0;
    for (const row of rows.slice(0, limit)) {
      if (taken > 0 && lines + row.lines > maxLines) break;
      lines += row.lines;
      taken++;
    }
    const page = pageOf(rows, taken, (r) => [r.at, r.id]);
    return { items: page.items.map((r) => r.id), next: page.next };
  },

  /**
   * The export's rows for these orders (docs/api.md, "The API contract"): one per order
   * line, newest order first, lines in the buyer's order, for `copyCsv` to write as CSV. The
   * header row is the column names. Text a customer typed goes through `cell`. For accounting
   * (docs/rules.md, "The order desk"): the order's total, shipping, tax and amount due only on its first line
   * (a column's sum counts each order once), the tax rate in percent or 'export', times in the shop's zone `timeZone` with their offset, the state in the screens' words.
   * The product as it was ordered, in `language` (its English name where it had no Japanese one).
   */
  exportRows(ids: string[], timeZone: string, language: Language = 'en'): SQL {
    const product =
      language === 'ja' ? sql`coalesce(line.product_name_ja, line.product_name)` : sql`line.product_name`;
    return sql`
      select ${orders.id} as "order_id", ${shopIso(orders.createdAt, timeZone)} as "created_at",
        ${stateWords} as "state", ${cell(orders.name)} as "customer_name",
        ${cell(orders.email)} as "customer_email", ${cell(orders.phone)} as "phone",
        ${cell(orders.address)} as "address", line.position + 1 as "line",
        ${cell(product)} as "product", line.quantity as "quantity",
        ${money(sql`line.per_price_cents`)} as "unit_price",
        ${money(sql`line.per_price_cents * line.quantity`)} as "line_total",
        case when line.position = 0 then ${money(orders.totalCents)} end as "order_total",
        ${shopIso(orders.paidAt, timeZone)} as "paid_at", ${shopIso(orders.shippedAt, timeZone)} as "shipped_at",
        case when ${orders.testPayment} then 'yes' else 'no' end as "test_payment",
        ${cell(orders.transactionId)} as "transaction_id",
        -- as formatOrderNumber writes it (packages/shared): K- and at least six digits
        'K-' || lpad(${orders.number}::text, greatest(6, length(${orders.number}::text)), '0') as "order_number",
        -- What the order charges besides its goods, on its first line as its total (added after the
        -- columns above, so a sheet that reads them by position keeps working).
        ${orders.country} as "country",
        case when line.position = 0 then ${money(orders.shippingCents)} end as "shipping",
        case when line.position = 0 then ${money(orders.taxCents)} end as "tax",
        case ${orders.taxTreatment} when 'domestic' then (${orders.taxRateBp} / 100.0)::numeric(6, 2)::text
          when 'export' then 'export' end as "tax_rate",
        case when line.position = 0 then ${money(orders.amountDueCents)} end as "amount_due",
        ${orders.paymentMethod} as "payment_method"
      from ${orders}
      cross join lateral (
        -- A one-line order carries its line itself; longer ones keep theirs in order_lines.
        select 0 as position, ${orders.productName} as product_name, ${orders.productNameJa} as product_name_ja,
          ${orders.quantity} as quantity, ${orders.perPriceCents} as per_price_cents
        where ${orders.lineCount} = 1
        union all
        select ${orderLines.position}, ${orderLines.productName}, ${orderLines.productNameJa}, ${orderLines.quantity},
          ${orderLines.perPriceCents}
        from ${orderLines}
        where ${orderLines.orderId} = ${orders.id} and ${orders.lineCount} > 1
      ) as line
      where ${orders.id} = any(${sql.param(ids)}::uuid[])
      order by ${orders.createdAt} desc, ${orders.id} desc, line.position`;
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
