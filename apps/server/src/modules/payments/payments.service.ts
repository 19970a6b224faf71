import {
  cardPaymentRefusal,
  formatIn,
  isCancelled,
  isCurrency,
  isPaid,
  messages,
  type Order,
  refusedForState,
  says,
  toMajor,
} from '@kanna/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import {
  notePaymentOnce,
  type OrderRow,
  type OrdersForPayments,
  orderById,
  type PaymentGate,
  recordCardPaid,
  recordRefund,
  storeIntent,
} from '../orders/orders.payments';
import {
  intentStopped,
  type PaymentIntent,
  type PaymentProvider,
  providerCurrency,
  type TestCard,
} from './provider';

export type PaymentsDeps = {
  db: Database;
  provider: PaymentProvider;
  /** Set once the orders service exists (it is given this module's gate). */
  orders: () => OrdersForPayments;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Counts payments by outcome for /metrics (modules/metrics); nothing when metrics are off. */
  metrics?: PaymentMetrics;
};

export type PaymentOutcome = 'succeeded' | 'failed' | 'refunded';

/** What payments count: an order marked paid, a card declined, a payment given back. */
export interface PaymentMetrics {
  payment(outcome: PaymentOutcome): void;
}

/** What an intent paid, as people read it: `$4.00`, `¥2,000`, or `2000 EUR` (its smallest unit) in another currency. */
const paidAmount = (intent: Pick<PaymentIntent, 'amountCents' | 'currency'>) => {
  const currency = intent.currency.toUpperCase();
  return isCurrency(currency)
    ? formatIn(toMajor(intent.amountCents, currency), currency)
    : `${intent.amountCents} ${currency}`;
};

/** Whether an intent is for exactly the order's amount due in the order's currency. */
const forAmountDue = (
  intent: Pick<PaymentIntent, 'amountCents' | 'currency'>,
  order: Pick<OrderRow, 'amountDueCents' | 'currency'>,
) => intent.currency === providerCurrency(order.currency) && intent.amountCents === order.amountDueCents;

/**
 * Whether a confirmed payment pays its order: exactly the amount due, in the order's currency.
 * Nothing else marks a card order paid (`settle`; `markPaid` checks the amount again as it writes).
 */
const paysInFull = (intent: PaymentIntent, order: Pick<OrderRow, 'amountDueCents' | 'currency'>) =>
  intent.status === 'succeeded' && forAmountDue(intent, order);

/**
 * Paying for orders (docs/orders.md, "Paying for an order"): one intent per order for the
 * order's own total; an order becomes paid only in `settle`, after the provider confirmed that
 * intent with that amount — from the buyer's PATCH, the signed webhook or a cancel that found the
 * payment already through. A payment that still lands on a cancelled order is refunded there.
 * Depends on orders; orders only see the `PaymentGate` this module gives them.
 */
export function paymentsService(deps: PaymentsDeps) {
  const { db, provider, log } = deps;
  const now = deps.now ?? (() => new Date());
  const metrics: PaymentMetrics = deps.metrics ?? { payment() {} };
  const { confirmTestCard: chargeTestCard } = provider;
  const test = provider.kind === 'test';

  /**
   * A payment that succeeded for a cancelled order (or one of another amount, given back as its
   * order is cancelled) goes back to the payer, once, and they are told.
   */
  async function refundLate(
    row: OrderRow,
    intent: PaymentIntent,
    why = 'the payment arrived after the order was cancelled',
  ): Promise<OrderRow> {
    if (row.refundId) return row;
    log.warn({ orderId: row.id, intent: intent.id }, `refunding a payment: ${why}`);
    const refund = await provider.refund(intent.id);
    const at = now();
    const refunded = await recordRefund(
      db,
      row.id,
      { refundId: refund.id, at, test, amountCents: intent.amountCents },
      { by: 'shop', note: `${paidAmount(intent)}: ${why}` },
    );
    if (!refunded) return (await orderById(db, row.id)) ?? row;
    metrics.payment('refunded');
    await deps.orders().mailBuyer(refunded, {
      kind: 'refunded',
      at: refunded.refundedAt ?? now(),
      amountCents: intent.amountCents,
      refundId: refund.id,
      reason: messages.paymentRefunded,
    });
    return refunded;
  }

  /**
   * A payment confirmed for an order that it does not pay in full (another amount or currency):
   * never marks it paid. It is recorded on the order's history for the admins, once per intent,
   * saying what came and what is owed; cancelling the order gives it back (`gate.stop`).
   */
  async function flagMismatch(
    row: OrderRow,
    intent: Pick<PaymentIntent, 'id' | 'amountCents' | 'currency'>,
    paid = true,
  ): Promise<void> {
    log.warn(
      { orderId: row.id, intent: intent.id, amount: intent.amountCents, currency: intent.currency },
      paid
        ? 'a payment does not match the amount due: not marked paid'
        : 'a payment intent asks another amount than is due: not handed out',
    );
    // Under the order's lock: the webhook and the buyer's report arriving together flag it once.
    await notePaymentOnce(
      db,
      row.id,
      intent.id,
      paid
        ? `Card payment ${intent.id} of ${paidAmount(intent)} does not match the amount due, ${formatIn(toMajor(row.amountDueCents, row.currency), row.currency)}: the order was not marked paid. Cancelling the order gives this payment back.`
        : `Card payment ${intent.id} was made for ${paidAmount(intent)}, not the amount due, ${formatIn(toMajor(row.amountDueCents, row.currency), row.currency)}: it is not offered to the buyer, who cannot pay this order by card.`,
      now,
    );
  }

  const service = {
    /**
     * The one idempotent step that marks an order paid; a payment for a cancelled order is
     * refunded. `by` is who the order's history says paid: the buyer (their card, reported by
     * their browser) or the shop (the processor's webhook).
     */
    async settle(intent: PaymentIntent, by: 'buyer' | 'shop' = 'buyer'): Promise<OrderRow> {
      if (!intent.orderId) throw new AppError('conflict', says.paymentNamesNoOrder);
      const row = await orderById(db, intent.orderId);
      if (!row) throw notFound('This order');
      if (intent.status !== 'succeeded') throw new AppError('conflict', says.paymentMismatch);
      // The provider says this intent was made for this order: whatever it paid goes back — by
      // the admin's cancel when the order was paid before it was cancelled (orders.desk.ts).
      if (isCancelled(row)) return row.paidAt ? row : refundLate(row, intent);
      if (row.paymentIntentId !== intent.id) throw new AppError('conflict', says.paymentMismatch);
      if (!paysInFull(intent, row)) {
        await flagMismatch(row, intent);
        throw new AppError('conflict', says.paymentMismatch);
      }
      // The built-in test processor moved no money: the order says so wherever it is shown.
      const at = now();
      const paid = await recordCardPaid(db, row.id, {
        transactionId: intent.id,
        at,
        test,
        amountCents: intent.amountCents,
        by,
      });
      if (!paid) {
        // Already settled (replaying changes nothing), or cancelled since it was read.
        const current = await orderById(db, row.id);
        if (current && isCancelled(current)) return current.paidAt ? current : refundLate(current, intent);
        return current ?? row;
      }
      metrics.payment('succeeded');
      await deps.orders().mailBuyer(paid, {
        kind: 'paid',
        at: paid.paidAt ?? now(),
        amountCents: paid.amountDueCents,
        transactionId: intent.id,
      });
      return paid;
    },

    /**
     * A provider's call about a payment (Stripe's webhook): heard only with a genuine signature,
     * and then the provider is asked about the intent rather than the event's body believed. A
     * payment that does not match its order is logged for a person and still acknowledged:
     * refusing it would only make the provider send it again.
     */
    async webhook(rawBody: Buffer, signature: string | undefined, logger = log): Promise<void> {
      const event = provider.verifyWebhook?.(rawBody, signature);
      if (!event) throw new AppError('invalid', says.webhookSignatureInvalid);
      if (event.type === 'payment_intent.payment_failed') metrics.payment('failed');
      if (event.type !== 'payment_intent.succeeded') return;
      const intent = await provider.retrieveIntent(event.objectId);
      if (intent?.status !== 'succeeded') return;
      await service.settle(intent, 'shop').catch((err) => {
        if (!(err instanceof AppError)) throw err;
        logger.warn({ intent: intent.id, reason: err.message }, 'webhook payment not settled');
      });
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
          throw new AppError('conflict', says.cancelPaymentPending);
        }
        if (!intent || intentStopped(intent)) return 'stopped';
        if (intent.status === 'succeeded') {
          const row = intent.orderId ? await orderById(db, intent.orderId) : undefined;
          if (!row || paysInFull(intent, row)) {
            await service.settle(intent);
            return 'settled';
          }
          // A payment of another amount can never pay the order: flagged, and given back now
          // that the order is being cancelled.
          await flagMismatch(row, intent);
          try {
            await refundLate(row, intent, 'the payment did not match the amount due');
          } catch (err) {
            log.warn({ err, intent: intentId }, 'could not refund a payment');
            throw new AppError('conflict', says.refundFailed);
          }
          return 'stopped';
        }
        throw new AppError('conflict', says.cancelPaymentPending);
      },

      async refund(intentId) {
        try {
          return await provider.refund(intentId);
        } catch (err) {
          log.warn({ err, intent: intentId }, 'could not refund a payment');
          throw new AppError('conflict', says.refundFailed);
        }
      },
    } satisfies PaymentGate,

    /**
     * Test mode: a test card charged by the built-in processor (the provider's own check); a card
     * it declines counts as a failed payment. Null with Stripe, whose card form is Stripe's.
     */
    confirmTestCard: chargeTestCard
      ? async (card: TestCard) => {
          try {
            return await chargeTestCard(card);
          } catch (err) {
            if (err instanceof AppError && err.kind === 'payment_failed') metrics.payment('failed');
            throw err;
          }
        }
      : null,

    /** One payment intent per order, for the order's amount due (never one for another amount). */
    async paymentIntent(orderId: string, caller: SessionUser): Promise<string> {
      const orders = deps.orders();
      const row = await orders.findOwned(orderId, caller);
      const refuse = (cancelled: boolean) =>
        new AppError('conflict', cancelled ? says.orderWasCancelled : says.orderAlreadyPaid);
      const refusal = cardPaymentRefusal(row, row.amountDueCents);
      if (refusedForState(refusal)) throw refuse(isCancelled(row));
      // A bank-transfer order is paid by card only once its buyer chose card for it (docs/orders.md, "Bank transfers").
      if (refusal === 'transfer chosen') throw new AppError('conflict', says.transferChosen);
      if (row.holdUntil <= now()) {
        if (!(await orders.cancelUnpaid(row, { reason: 'expiry' }))) throw refuse(false);
        throw new AppError('conflict', says.holdExpired);
      }
      const intent = await provider.createIntent({
        id: row.id,
        amountCents: row.amountDueCents,
        currency: row.currency,
        email: row.email,
      });
      // An intent made for another amount (by another release) would charge the buyer what the
      // order does not owe: it is never handed out, and the admins are told.
      if (!forAmountDue(intent, row)) {
        await flagMismatch(row, intent, false);
        throw new AppError('conflict', says.paymentPreparedForOtherAmount);
      }
      if (row.paymentIntentId !== intent.id && !(await storeIntent(db, row.id, intent.id))) {
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
      if (isPaid(row.status)) return orders.one(row);
      if (row.refundedAt) throw new AppError('conflict', says.paymentRefunded);
      if (!row.paymentIntentId || row.paymentIntentId !== transactionId) {
        throw new AppError('conflict', says.paymentNotThisOrder);
      }
      const intent = await provider.retrieveIntent(row.paymentIntentId);
      if (intent?.status !== 'succeeded') {
        throw new AppError('conflict', isCancelled(row) ? says.orderWasCancelled : says.paymentNotCompleted);
      }
      const settled = await service.settle(intent);
      if (isCancelled(settled)) throw new AppError('conflict', says.paymentRefunded);
      return orders.one(settled);
    },
  };
  return service;
}
export type PaymentsService = ReturnType<typeof paymentsService>;
