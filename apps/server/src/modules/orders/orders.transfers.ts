import {
  applyTransfer,
  formatOrderNumber,
  isUnpaid,
  isWholeMinor,
  type Order,
  type OrderDesk,
  type PaymentRefusal,
  paymentMethodRefusal,
  recordableCents,
  refusedForState,
  SAME_PAYMENT_WITHIN_MS,
  type SwitchablePaymentMethod,
  says,
  switchHoldEnd,
  TRANSFER_REMINDER_DAYS,
  type TransferInstructions,
  takesTransfer,
  toMajor,
  toMinor,
  transferSwitchesToTransfer,
} from '@kanna/shared';
import { shopDay } from '@kanna/shared/domain/transfers';
import type { Said } from '@kanna/shared/domain/translation';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { recordAudit } from '../audit/audit.service';
import { paymentNote, type ReceivedPayment } from './history-notes';
import type { OrdersContext } from './orders.deps';
import { orderDesk } from './orders.desk';
import { orderLifecycle, orderTarget } from './orders.lifecycle';
import { type OrderRow, ordersRepository as repo, type Tx } from './orders.repository';
import { transfersRepository } from './orders.transfers.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How an admin appears in an order's history: by name (the address when there is none). */
const adminName = (admin: SessionUser) => admin.name.trim() || admin.email;

/** Why the way to pay cannot be switched, as the API answers it. */
function switchRefused(refusal: PaymentRefusal): AppError {
  const invalid = (said: Said) => fieldError('invalid', 'paymentMethod', said);
  switch (refusal) {
    case 'cancelled':
      return new AppError('conflict', says.orderWasCancelled);
    case 'no bank transfer':
      return invalid(says.noBankTransfer);
    case 'over the card limit':
      return invalid(says.cardLimitTransferOnly);
    case 'partly paid by transfer':
      return new AppError('conflict', says.partlyPaidByTransfer);
    case 'too late for transfer':
      return new AppError('conflict', says.transferTooLate);
    default:
      return new AppError('conflict', says.orderAlreadyPaid);
  }
}

/**
 * Bank transfers (docs/orders.md, "Bank transfers"): an admin records money received, which
 * pays the order once it reaches the amount due; the buyer chooses card or transfer while the order
 * is unpaid and learns how to pay; a transfer order's buyer is reminded before its hold ends.
 */
export function orderTransfers(ctx: OrdersContext) {
  const { db } = ctx;
  const { findOwned, cancelUnpaid, one } = orderLifecycle(ctx);
  const { desk } = orderDesk(ctx);

  const terms = async () => ctx.settings.orderTerms();

  /** The day must be a real one the money could have arrived on: not after today, not before the order. */
  function checkReceivedOn(receivedOn: string, row: OrderRow) {
    const refuse = (said: Said) => fieldError('invalid', 'receivedOn', said);
    if (receivedOn > shopDay(ctx.now(), ctx.shop.timeZone)) throw refuse(says.receivedOnInFuture);
    const placedOn = shopDay(row.createdAt, ctx.shop.timeZone);
    if (receivedOn < placedOn) throw refuse(says.receivedOnBeforeOrder(placedOn));
  }

  /**
   * Before money is added to an unpaid order, nothing else may settle it: a hold that has run out
   * is released as the sweep would (the money is then owed back), and a card payment still open
   * is stopped (one that got there first settles the order: this money is then owed back).
   */
  async function settleCompetitors(row: OrderRow) {
    if (!isUnpaid(row)) return;
    if (row.holdUntil <= ctx.now()) await cancelUnpaid(row, { reason: 'expiry' });
    else if (row.paymentIntentId) await ctx.gate.stop(row.paymentIntentId);
  }

  /** Adds the payment under the order's lock, with its history and audit entry; the order before and after. */
  function record(id: string, payment: ReceivedPayment, admin: SessionUser, holdDays: number) {
    const at = ctx.now();
    const by = adminName(admin);
    return db.transaction(async (tx: Tx) => {
      const before = await repo.lockOrder(tx, id);
      if (!before) throw notFound('This order');
      if (!takesTransfer(before)) throw new AppError('conflict', says.paidByCardNoTransfer);
      // The amount is in the order's currency: dollars with cents, or whole yen.
      const { currency } = before;
      if (!isWholeMinor(payment.amount, currency)) throw fieldError('invalid', 'amount', says.yenAmountWhole);
      const amountCents = toMinor(payment.amount, currency);
      const left = recordableCents(before);
      if (amountCents > left) {
        const said =
          currency === 'JPY'
            ? says.paymentBeyondOrderLimitYen(left)
            : says.paymentBeyondOrderLimit(toMajor(left, currency));
        throw fieldError('invalid', 'amount', said);
      }
      const same = await transfersRepository.samePaymentSince(
        tx,
        id,
        { amountCents, receivedOn: payment.receivedOn, reference: payment.reference },
        new Date(at.getTime() - SAME_PAYMENT_WITHIN_MS),
      );
      if (same) throw new AppError('conflict', says.paymentAlreadyRecorded(same.recordedBy));
      const applied = applyTransfer(before, amountCents);
      await transfersRepository.addTransfer(tx, {
        orderId: id,
        amountCents,
        receivedOn: payment.receivedOn,
        reference: payment.reference,
        refundCents: applied.refundCents,
        recordedBy: by,
        recordedById: admin.id,
        recordedAt: at,
      });
      // Money on an unpaid card order means its buyer pays by transfer: it becomes a transfer order.
      const switching = transferSwitchesToTransfer(before);
      const after = await transfersRepository.addToTransfers(tx, id, {
        ...applied,
        at,
        paid: applied.completes,
        holdDays: switching ? holdDays : null,
      });
      const note = paymentNote(payment, before, after, applied.refundCents);
      await repo.addEvent(tx, { orderId: id, at, type: 'payment recorded', by, note });
      if (applied.completes) await repo.addEvent(tx, { orderId: id, at, type: 'paid', by, note: null });
      await recordAudit(tx, admin, {
        kind: 'order.payment',
        target: orderTarget(after),
        before: { status: before.status, amountPaid: toMajor(before.transferPaidCents, currency) },
        after: {
          status: after.status,
          amountPaid: toMajor(after.transferPaidCents, currency),
          amount: payment.amount,
          currency,
          receivedOn: payment.receivedOn,
          reference: payment.reference,
          ...(applied.refundCents > 0 ? { refundOwed: toMajor(applied.refundCents, currency) } : {}),
        },
      });
      return { after, completes: applied.completes };
    });
  }

  /**
   * PUT /api/orders/{id}/payment-method: card or bank transfer for an unpaid order whose hold has
   * not run out. Transfer needs a shop that takes transfers and holds the stock until the order
   * was placed plus the transfer hold days, and is refused once less than half of a card hold is
   * left (`switchHoldEnd`, decision 0042); card is refused above the card limit and once a
   * transfer has reached the order. An admin changing someone else's order is in the audit log.
   */
  async function setPaymentMethod(
    id: string,
    to: SwitchablePaymentMethod,
    caller: SessionUser,
  ): Promise<Order> {
    const row = await findOwned(id, caller);
    const { bankTransfer, transferHoldDays } = await terms();
    const refusal = paymentMethodRefusal(
      row,
      to,
      { amountDueCents: row.amountDueCents, transferPaidCents: row.transferPaidCents, bankTransfer },
      { createdAt: row.createdAt, holdUntil: row.holdUntil, transferHoldDays, now: ctx.now() },
    );
    if (refusedForState(refusal)) throw switchRefused(refusal);
    if (row.holdUntil <= ctx.now()) {
      await cancelUnpaid(row, { reason: 'expiry' });
      throw new AppError('conflict', says.holdExpired);
    }
    if (row.paymentMethod === to) return one(row);
    if (refusal) throw switchRefused(refusal);
    const switched = await db.transaction(async (tx) => {
      const done = await transfersRepository.switchPaymentMethod(tx, id, to, ctx.now(), transferHoldDays);
      if (done && caller.role === 'admin' && caller.id !== row.userId) {
        await recordAudit(tx, caller, {
          kind: 'order.paymentMethod',
          target: orderTarget(done),
          before: { paymentMethod: row.paymentMethod },
          after: { paymentMethod: to },
        });
      }
      return done;
    });
    // Paid, cancelled, expired or partly paid meanwhile: answered as the checks above would.
    if (!switched) return setPaymentMethod(id, to, caller);
    return one(switched);
  }

  return {
    /**
     * POST /api/orders/{id}/payments (admin): records money received by bank transfer. The order is
     * paid — its history says so and its buyer is mailed, once — when the sum reaches its amount
     * due; money on a cancelled or expired order, on one already paid, or beyond the amount due is
     * recorded and flagged to be given back. The same amount, day and reference recorded again
     * within a few minutes is the same payment: refused (409), so two admins count it once.
     */
    async recordPayment(id: string, payment: ReceivedPayment, admin: SessionUser): Promise<OrderDesk> {
      const row = await repo.find(db, id);
      if (!row) throw notFound('This order');
      checkReceivedOn(payment.receivedOn, row);
      await settleCompetitors(row);
      const { transferHoldDays } = await terms();
      const { after, completes } = await record(id, payment, admin, transferHoldDays);
      if (completes) {
        // Counted once: only the payment whose transaction made the order paid completes it.
        ctx.metrics.payment('succeeded');
        await ctx.orderMail.mailBuyer(after, {
          kind: 'paid',
          at: after.paidAt ?? ctx.now(),
          amountCents: after.amountDueCents,
          transactionId: null,
        });
      }
      return desk(id, admin);
    },

    setPaymentMethod,

    /**
     * GET /api/orders/{id}/transfer: how to pay the order by bank transfer — the account, the order
     * number as the reference, what is left to pay, and the deadline (its hold; for a card order,
     * the hold choosing transfer would give it). 409 when the shop takes no transfers.
     */
    async transferInstructions(id: string, caller: SessionUser): Promise<TransferInstructions> {
      const row = await findOwned(id, caller);
      const { bankTransfer, transferHoldDays } = await terms();
      if (!bankTransfer) throw new AppError('conflict', says.noBankTransfer);
      const asCard = transferSwitchesToTransfer(row);
      const deadline =
        (asCard && switchHoldEnd(row, 'transfer', transferHoldDays, ctx.now())) || row.holdUntil;
      return {
        bank: await ctx.settings.bankDetails(),
        reference: formatOrderNumber(row.number),
        currency: row.currency,
        amountDue: toMajor(row.amountDueCents, row.currency),
        amountPaid: toMajor(row.transferPaidCents, row.currency),
        amountLeft: toMajor(Math.max(0, row.amountDueCents - row.transferPaidCents), row.currency),
        deadline: deadline.toISOString(),
      };
    },

    /**
     * Mails the buyers of unpaid transfer orders whose hold ends within two days, each once (the
     * scheduler's `remind-transfers` job). An order placed less than two days before its hold ends
     * gets none: its placed mail says the deadline. Returns how many were reminded.
     */
    async remindTransfers(): Promise<number> {
      const due = await transfersRepository.claimTransferReminders(
        db,
        ctx.now(),
        TRANSFER_REMINDER_DAYS * DAY_MS,
        200,
      );
      for (const row of due) await ctx.orderMail.mailTransferDue(row);
      return due.length;
    },
  };
}
