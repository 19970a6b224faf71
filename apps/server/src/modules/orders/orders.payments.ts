import type { Order } from '@kanna/shared';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../lib/identity';
import type { OrderMailEvent } from '../mail/order-mail';
import { lifecycleRepository, type RestockCause } from './orders.lifecycle.repository';
import { type OrderRow, ordersRepository, type Tx } from './orders.repository';

export type { PaymentGate } from './orders.deps';
export type { OrderRow } from './orders.repository';

/*
 * The one door between payments (modules/payments) and orders: what payments may read and write
 * of an order, as a few functions, instead of the orders' SQL. What payments ask of the orders
 * service is `OrdersForPayments`; what orders ask of payments is the `PaymentGate` they are given
 * (orders.deps.ts). Each write is one transaction with the entry it makes in the order's history.
 */

/** The orders service as payments call it (app.ts hands it over once it exists). */
export interface OrdersForPayments {
  /** The order, when the caller may see it (someone else's answers like a missing one). */
  findOwned(id: string, caller: SessionUser): Promise<OrderRow>;
  /** The order as the API shows it. */
  one(row: OrderRow): Promise<Order>;
  /** Cancels an unpaid order and gives its stock back, once; null when a payment settled it first. */
  cancelUnpaid(row: OrderRow, cause: RestockCause): Promise<OrderRow | null>;
  /** Mails the order's buyer about what happened to it. */
  mailBuyer(order: OrderRow, event: OrderMailEvent): Promise<void>;
}

/** An order as it is now. */
export const orderById = (db: Tx, id: string): Promise<OrderRow | undefined> => ordersRepository.find(db, id);

/** Stores the payment intent of a still unpaid order; false when it is unpaid no more. */
export const storeIntent = (db: Tx, id: string, intentId: string): Promise<boolean> =>
  lifecycleRepository.setIntent(db, id, intentId);

/**
 * Marks an unpaid order paid by a confirmed card payment of exactly the amount due, with its
 * 'paid' entry in the history, said to be `by` the buyer or the shop; undefined when the order
 * was not unpaid any more (settled already, or cancelled) or the amount is not the amount due.
 */
export function recordCardPaid(
  db: Database,
  id: string,
  paid: { transactionId: string; at: Date; test: boolean; amountCents: number; by: 'buyer' | 'shop' },
): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    const marked = await lifecycleRepository.markPaid(tx, id, paid);
    if (marked)
      await ordersRepository.addEvent(tx, {
        orderId: id,
        at: paid.at,
        type: 'paid',
        by: paid.by,
        note: null,
      });
    return marked;
  });
}

/**
 * Records a refund the provider made of an order's payment, once (only the first refund id
 * sticks), with its 'refunded' entry in the history; undefined when one was recorded already.
 */
export function recordRefund(
  db: Database,
  id: string,
  refund: { refundId: string; at: Date; test: boolean; amountCents: number },
  history: { by: string; note: string },
): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    const marked = await lifecycleRepository.markRefunded(tx, id, refund);
    if (marked) {
      await ordersRepository.addEvent(tx, { orderId: id, at: refund.at, type: 'refunded', ...history });
    }
    return marked;
  });
}

/**
 * Writes the shop's note about the payment `intentId` on the order's history for the admins,
 * once: under the order's lock, so two callers at once (the webhook and the buyer's report) note it once.
 */
export async function notePaymentOnce(
  db: Database,
  orderId: string,
  intentId: string,
  note: string,
  now: () => Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await ordersRepository.lockOrder(tx, orderId);
    const flagged = await ordersRepository.eventsOf(tx, orderId, true);
    if (flagged.some((e) => e.type === 'note' && e.note?.includes(intentId))) return;
    await ordersRepository.addEvent(tx, { orderId, at: now(), type: 'note', by: 'shop', note });
  });
}
