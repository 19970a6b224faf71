import { centsToDollars, formatAmount, isPaidStatus, messages, type Order } from '@kanna/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import type { Mailer } from '../mail/mailer';
import { type OrderRow, ordersRepository as repo } from '../orders/orders.repository';
import { describeLines, type OrdersService, type PaymentGate } from '../orders/orders.service';
import type { PaymentIntent, PaymentProvider } from './provider';

export type PaymentsDeps = {
  db: Database;
  provider: PaymentProvider;
  /** Set once the orders service exists (it is given this module's gate). */
  orders: () => OrdersService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now?: () => Date;
};

const dollars = (cents: number) => formatAmount(centsToDollars(cents));

/**
 * Paying for orders (docs/ARCHITECTURE.md, "Payments"): one intent per order for the order's own
 * total; an order becomes paid only in `settle`, after the provider confirmed that intent with
 * that amount — from the buyer's PATCH, the signed webhook or a cancel that found the payment
 * already through. A payment that still lands on a cancelled order is refunded there. Depends on
 * orders; orders only see the `PaymentGate` this module gives them.
 */
export function paymentsService(deps: PaymentsDeps) {
  const { db, provider, log } = deps;
  const now = deps.now ?? (() => new Date());
  const test = provider.kind === 'test';

  function mail(to: string, subject: string, text: string) {
    deps.mailer.send({ to, subject, text }).catch((err) => log.error({ err, to, subject }, 'mail failed'));
  }

  async function linesText(row: OrderRow) {
    return describeLines((await repo.linesOf(db, [row])).get(row.id) ?? []);
  }

  /** A payment that succeeded for a cancelled order goes back to the payer, once, and they are told. */
  async function refundLate(row: OrderRow, intent: PaymentIntent): Promise<OrderRow> {
    if (row.refundId) return row;
    log.warn({ orderId: row.id, intent: intent.id }, 'payment for a cancelled order: refunding it');
    const refund = await provider.refund(intent.id);
    const refunded = await repo.markRefunded(db, row.id, { refundId: refund.id, at: now(), test });
    if (!refunded) return (await repo.find(db, row.id)) ?? row;
    mail(
      refunded.email,
      'Your payment was refunded',
      `Hello ${refunded.name},\n\n${messages.paymentRefunded}\n\nOrder:\n${await linesText(refunded)}\nRefunded: ${dollars(intent.amountCents)}\nRefund: ${refund.id}\n\nIt may take a few days to show on your statement.\n`,
    );
    return refunded;
  }

  const service = {
    /** The one idempotent step that marks an order paid; a payment for a cancelled order is refunded. */
    async settle(intent: PaymentIntent): Promise<OrderRow> {
      if (!intent.orderId) throw new AppError('conflict', 'The payment names no order.');
      const row = await repo.find(db, intent.orderId);
      if (!row) throw notFound('This order');
      if (intent.status !== 'succeeded')
        throw new AppError('conflict', 'The payment does not match this order.');
      // The provider says this intent was made for this order: whatever it paid goes back.
      if (row.status === 'cancelled') return refundLate(row, intent);
      if (intent.amountCents !== row.totalCents || row.paymentIntentId !== intent.id) {
        throw new AppError('conflict', 'The payment does not match this order.');
      }
      // The built-in test processor moved no money: the order says so wherever it is shown.
      const paid = await repo.markPaid(db, row.id, { transactionId: intent.id, at: now(), test });
      if (!paid) {
        // Already settled (replaying changes nothing), or cancelled since it was read.
        const current = await repo.find(db, row.id);
        if (current?.status === 'cancelled') return refundLate(current, intent);
        return current ?? row;
      }
      mail(
        paid.email,
        'Payment received — thank you',
        `Hello ${paid.name},\n\nWe received ${dollars(paid.totalCents)} for:\n${await linesText(paid)}\nTransaction: ${intent.id}\n\nWe will e-mail you again when it ships.\n`,
      );
      return paid;
    },

    /** The orders' gate: makes sure no payment can land on an order any more (PaymentGate). */
    gate: {
      async stop(intentId) {
        if (!intentId) return 'stopped';
        let intent: PaymentIntent | null;
        try {
          intent = await provider.cancelIntent(intentId);
        } catch (err) {
          log.warn({ err, intent: intentId }, 'could not cancel a payment intent');
          throw new AppError('conflict', messages.cancelPaymentPending);
        }
        if (!intent || intent.status === 'canceled' || intent.status === 'refunded') return 'stopped';
        if (intent.status === 'succeeded') {
          await service.settle(intent);
          return 'paid';
        }
        throw new AppError('conflict', messages.cancelPaymentPending);
      },
    } satisfies PaymentGate,

    /** One payment intent per order, for the order's whole total. */
    async paymentIntent(orderId: string, caller: SessionUser): Promise<string> {
      const orders = deps.orders();
      const row = await orders.findOwned(orderId, caller);
      const refuse = (cancelled: boolean) =>
        new AppError('conflict', cancelled ? 'This order was cancelled.' : 'This order is already paid.');
      if (row.status !== 'unpaid') throw refuse(row.status === 'cancelled');
      if (row.holdUntil <= now()) {
        if (!(await orders.cancelUnpaid(row))) throw refuse(false);
        throw new AppError('conflict', 'The hold on this order has expired; please order again.');
      }
      const intent = await provider.createIntent({
        id: row.id,
        amountCents: row.totalCents,
        email: row.email,
      });
      if (row.paymentIntentId !== intent.id && !(await repo.setIntent(db, row.id, intent.id))) {
        // Cancelled while the intent was being made: nobody gets to pay it.
        await service.gate.stop(intent.id).catch(() => {});
        throw refuse(true);
      }
      return intent.clientSecret;
    },

    /**
     * PATCH /api/order/{id}: the browser says it paid. The transaction id it sends is only a
     * hint: the server asks the provider about this order's own intent.
     */
    async confirmPaid(orderId: string, caller: SessionUser, transactionId: string): Promise<Order> {
      const orders = deps.orders();
      const row = await orders.findOwned(orderId, caller);
      if (isPaidStatus(row.status)) return orders.one(row);
      if (row.refundedAt) throw new AppError('conflict', messages.paymentRefunded);
      if (!row.paymentIntentId || row.paymentIntentId !== transactionId) {
        throw new AppError('conflict', 'This payment does not belong to this order.');
      }
      const intent = await provider.retrieveIntent(row.paymentIntentId);
      if (intent?.status !== 'succeeded') {
        throw new AppError(
          'conflict',
          row.status === 'cancelled' ? 'This order was cancelled.' : 'The payment has not been completed.',
        );
      }
      const settled = await service.settle(intent);
      if (settled.status === 'cancelled') throw new AppError('conflict', messages.paymentRefunded);
      return orders.one(settled);
    },
  };
  return service;
}
export type PaymentsService = ReturnType<typeof paymentsService>;
