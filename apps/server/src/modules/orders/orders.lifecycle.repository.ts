import { fromStates, type OrderActor, type OrderMoveName, orderMoves } from '@kanna/shared';
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { orderLines, orders, type StockReason, stockLedger, tools } from '../../db/schema';
import type { OrderRow, Tx } from './orders.repository';

/**
 * The states a cancel before any money arrived (the buyer's, or the shop's of an unpaid order)
 * and an expiry move from: `cancelAndRestock`'s guard. The SQL's guards take their states from
 * the order-state table (`fromStates`); db/order-moves.test.ts fails when they disagree.
 */
const releasedFrom = [
  ...new Set([
    ...fromStates('cancel', undefined, 'card payment stopped, transfers received owed back'),
    // On account (decision 0067): cancelled before it ships, nothing to give back.
    ...fromStates('cancel', undefined, 'none'),
    ...fromStates('expire'),
  ]),
];

/**
 * The state `move` by `by` leads an order to, from each state the table lets it start from: one
 * SQL CASE on the row's status, so a guarded update writes what the order-state table says.
 */
function movedTo(move: OrderMoveName, by: OrderActor) {
  const arms = orderMoves
    .filter((m) => m.move === move && m.by.includes(by))
    .map((m) => sql`when ${m.from} then ${m.to}`);
  return sql`(case ${orders.status} ${sql.join(arms, sql` `)} end)`;
}

/**
 * Why stock goes back on sale, as the stock ledger records it: a cancel (by the buyer, or by the
 * admin named in `by`) or a hold that ran out.
 */
export type RestockCause = { reason: Extract<StockReason, 'cancel' | 'expiry'>; by?: string };

/**
 * An order's moves after it is placed, each a guarded UPDATE whose from-states come from the
 * order-state table (`fromStates`; db/order-moves.test.ts fails when they disagree), and the stock
 * a cancel or an expiry gives back.
 */
export const lifecycleRepository = {
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
    await lifecycleRepository.restock(tx, id, cause);
    return row;
  },

  /**
   * Gives every line's stock of an order back on sale and records it in the stock ledger, in the
   * caller's transaction; the caller has just moved the order out of the states that hold stock,
   * so this runs once per order. The tools are locked in id order, as placing locks them.
   */
  async restock(tx: Tx, orderId: string, cause: RestockCause): Promise<void> {
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await lifecycleRepository.lockTools(
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

  /** Locks tools in id order, as every writer of stock does, so two writers queue instead of deadlocking. */
  lockTools(tx: Tx, ids: string[]): Promise<{ id: string }[]> {
    return tx
      .select({ id: tools.id })
      .from(tools)
      .where(inArray(tools.id, ids))
      .orderBy(asc(tools.id))
      .for('update');
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

  /**
   * A paid order ships (to shipped), or one on account (to account_shipped), with its carrier and
   * tracking number when given; only from the states the table lets the shop ship.
   */
  async markShipped(
    db: Tx,
    id: string,
    at: Date,
    tracking: { carrier?: string | undefined; trackingNumber?: string | undefined } = {},
  ) {
    const [row] = await db
      .update(orders)
      .set({
        status: movedTo('ship', 'shop'),
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
};
