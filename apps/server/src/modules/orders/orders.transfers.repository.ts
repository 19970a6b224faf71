import { fromStates, isCard, isTransfer } from '@kanna/shared';
import { and, asc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { orderPayments, orders } from '../../db/schema';
import type { OrderRow, TransferRow, Tx } from './orders.repository';

/** A transfer order's hold: until it was placed plus `days`, never shorter than it already is. */
const transferHold = (days: number) =>
  sql`greatest(${orders.holdUntil}, ${orders.createdAt} + make_interval(days => ${days}))`;

/*
 * Bank transfers (docs/orders.md, "Bank transfers"): the money admins record, kept on the
 * order (`transfer_paid_cents`, `transfer_refund_cents`) and in `order_payments`, always under the
 * order's row lock, so two admins recording at once are counted one after the other.
 */
export const transfersRepository = {
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
};
