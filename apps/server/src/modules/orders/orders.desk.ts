import {
  cancelRefunds,
  cancelsBeforeMoney,
  isShipped,
  type OrderDesk,
  type OrderNote,
  type OrderState,
  owesCardRefund,
  says,
} from '@kanna/shared';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { recordAudit } from '../audit/audit.service';
import type { OrdersContext } from './orders.deps';
import { orderLifecycle, orderTarget, transfersToGiveBack, withTransfersOwed } from './orders.lifecycle';
import { lifecycleRepository } from './orders.lifecycle.repository';
import { recordRefund } from './orders.payments';
import { type NewLine, type OrderRow, ordersRepository as repo, type Tx } from './orders.repository';
import { transfersRepository } from './orders.transfers.repository';
import { dollars, toOrderDesk, toOrderNote } from './orders.view';

/**
 * The order desk (docs/rules.md, "The order desk"): one order whole with its
 * history, an admin's cancel — with a full refund when the order was paid — and admins' notes.
 * Shipping with tracking is the lifecycle's `ship`.
 */
export function orderDesk(ctx: OrdersContext) {
  const { db } = ctx;
  const { findOwned, cancelUnpaid } = orderLifecycle(ctx);

  /** How an admin appears in an order's history: by name (the address when there is none). */
  const adminName = (admin: SessionUser) => admin.name.trim() || admin.email;

  const linesOf = async (row: OrderRow): Promise<NewLine[]> =>
    (await repo.linesOf(db, [row])).get(row.id) ?? [];

  async function desk(row: OrderRow, forAdmin: boolean): Promise<OrderDesk> {
    const [lines, events, transfers] = await Promise.all([
      linesOf(row),
      repo.eventsOf(db, row.id, forAdmin),
      transfersRepository.transfersOf(db, row.id),
    ]);
    return toOrderDesk(row, lines, events, forAdmin, transfers);
  }

  /** The buyer is told the shop cancelled their order, and why; a paid one is being refunded. */
  async function mailCancelled(row: OrderRow, reason: string, refunding: boolean) {
    await ctx.orderMail.mailBuyer(row, {
      kind: 'cancelled',
      at: row.cancelledAt ?? ctx.now(),
      by: 'shop',
      reason,
      refundingCents: refunding ? row.amountDueCents : null,
      // Paid by bank transfer: the shop sends it back (docs/orders.md, "Bank transfers").
      ...transfersToGiveBack(row),
    });
  }

  /**
   * Gives the payment of a paid order that an admin cancelled back in full, through the provider
   * that took it. The provider answers the same refund however often it is asked, and only the
   * first record of it sticks (`markRefunded`), so two admins pressing at once, or a press after a
   * refund that failed, record and mail it once.
   */
  async function refund(row: OrderRow): Promise<OrderRow> {
    const intentId = row.transactionId ?? row.paymentIntentId;
    if (!intentId) throw new Error(`paid order ${row.id} has no payment to refund`);
    const given = await ctx.gate.refund(intentId);
    const at = ctx.now();
    const refunded = await recordRefund(
      db,
      row.id,
      { refundId: given.id, at, test: row.testPayment, amountCents: row.amountDueCents },
      { by: row.cancelledBy ?? 'shop', note: dollars(row.amountDueCents) },
    );
    if (!refunded) return (await repo.find(db, row.id)) ?? row;
    ctx.metrics.payment('refunded');
    await ctx.orderMail.mailBuyer(refunded, {
      kind: 'refunded',
      at: refunded.refundedAt ?? at,
      amountCents: refunded.amountDueCents,
      refundId: given.id,
    });
    return refunded;
  }

  /**
   * Cancels a paid order not yet shipped, once: only the transition from paid does it, in the
   * same transaction as its stock going back and its history; its refund follows. Null when the
   * order was not paid any more (shipped or cancelled meanwhile).
   */
  async function cancelPaid(
    row: OrderRow,
    by: string,
    reason: string,
    audit: (tx: Tx, cancelled: OrderRow) => Promise<void>,
  ): Promise<OrderRow | null> {
    const at = ctx.now();
    const cancelled = await db.transaction(async (tx) => {
      const paid = await lifecycleRepository.cancelPaid(tx, row.id, at, { name: by, reason });
      if (!paid) return null;
      const done = (await transfersRepository.transfersOwedBack(tx, row.id, at)) ?? paid;
      await lifecycleRepository.restock(tx, row.id, { reason: 'cancel', by });
      await repo.addEvent(tx, {
        orderId: row.id,
        at,
        type: 'cancelled',
        by,
        note: withTransfersOwed(reason, done),
      });
      await audit(tx, done);
      return done;
    });
    if (cancelled) await ctx.stockChanged();
    return cancelled;
  }

  return {
    /**
     * GET /api/orders/{id}: the buyer who placed it or an admin; notes for admins only. Anyone
     * else gets 404, as for a missing order (findOwned; decision 0033): a 403 would tell a
     * stranger that the order exists.
     */
    async desk(id: string, caller: SessionUser): Promise<OrderDesk> {
      return desk(await findOwned(id, caller), caller.role === 'admin');
    },

    /**
     * An admin cancels an order. Unpaid: like the buyer's cancel (its payment stopped first, then
     * its stock returned). Paid, not shipped: cancelled and its stock returned at once, then
     * refunded in full. Shipped: refused (409). Cancelled already: answered as it is — except
     * that a paid order's refund still owed (the provider failed before) is made now.
     */
    async cancelByShop(id: string, reason: string, admin: SessionUser): Promise<OrderDesk> {
      const by = adminName(admin);
      // The audit entry is written in the transaction that cancels the order: from which state, and why.
      const audit = (from: OrderState) => (tx: Tx, cancelled: OrderRow) =>
        recordAudit(tx, admin, {
          kind: 'order.cancel',
          target: orderTarget(cancelled),
          before: { status: from },
          after: { status: 'cancelled', reason },
        });
      let row = await repo.find(db, id);
      if (!row) throw notFound('This order');
      // Unpaid, or on account: nothing in hand to give back (decision 0067).
      if (cancelsBeforeMoney(row)) {
        const released = await cancelUnpaid(row, { reason: 'cancel', by }, reason, audit(row.status));
        if (released) {
          await mailCancelled(released, reason, false);
          return desk(released, true);
        }
        // Paid (the payment got there first) or cancelled meanwhile.
        row = (await repo.find(db, id)) ?? row;
      }
      if (cancelRefunds(row)) {
        const cancelled = await cancelPaid(row, by, reason, audit('paid'));
        if (cancelled) await mailCancelled(cancelled, reason, true);
        row = cancelled ?? (await repo.find(db, id)) ?? row;
      }
      if (isShipped(row)) throw new AppError('conflict', says.shippedCannotCancel);
      // A card payment is refunded through its provider; transfers were flagged to give back above.
      if (owesCardRefund(row)) row = await refund(row);
      return desk(row, true);
    },

    /**
     * Refunds the paid orders the shop cancelled whose refund the provider could not make then
     * (the scheduler runs this; an admin's second press does the same for one order). One that
     * fails again waits for the next run. Returns how many were refunded.
     */
    async retryOwedRefunds(): Promise<number> {
      let refunded = 0;
      for (const row of await lifecycleRepository.owedRefunds(db, 100)) {
        try {
          if ((await refund(row)).refundId) refunded++;
        } catch (err) {
          ctx.log.warn({ err, orderId: row.id }, 'refund still owed; tried again on the next run');
        }
      }
      return refunded;
    },

    /** An admin's note on an order, kept in its history for admins only. */
    async addNote(id: string, text: string, admin: SessionUser): Promise<OrderNote> {
      const row = await repo.find(db, id);
      if (!row) throw notFound('This order');
      const event = await db.transaction(async (tx) => {
        const added = await repo.addEvent(tx, {
          orderId: id,
          at: ctx.now(),
          type: 'note',
          by: adminName(admin),
          note: text,
        });
        await recordAudit(tx, admin, {
          kind: 'order.note',
          target: orderTarget(row),
          before: null,
          after: { note: text },
        });
        return added;
      });
      return toOrderNote(event);
    },
  };
}
