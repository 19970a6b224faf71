import {
  type AdminOrdersQuery,
  formatOrderNumber,
  isCancelled,
  isPaid,
  isShipped,
  movedFrom,
  type Order,
  type PageQuery,
  type ShipRequest,
  says,
} from '@kanna/shared';
import { ORDER_COUNT_CAP } from '@kanna/shared/domain/limits';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { DEFAULT_PAGE_SIZE, type Page } from '../../lib/paging';
import { recordAudit } from '../audit/audit.service';
import { cancelNote, HOLD_RAN_OUT } from './history-notes';
import type { OrdersContext } from './orders.deps';
import { lifecycleRepository, type RestockCause } from './orders.lifecycle.repository';
import { listsRepository } from './orders.lists.repository';
import { type OrderRow, ordersRepository as repo, type Tx } from './orders.repository';
import { transfersRepository } from './orders.transfers.repository';
import { orderViews, toOrderDto } from './orders.view';

/** An order as the audit log names it: by its number (K-000123). */
export const orderTarget = (row: OrderRow) => ({
  type: 'order' as const,
  id: row.id,
  label: formatOrderNumber(row.number),
});

/** A cancel's note, saying what the shop owes back of the transfers recorded on the order, if any. */
export const withTransfersOwed = (note: string | null, row: OrderRow): string | null =>
  cancelNote(note, row.transferRefundCents, row.currency);

/** What a cancel mail says is given back of the transfers recorded on the order (nothing when none). */
export const transfersToGiveBack = (row: OrderRow) =>
  row.transferRefundCents > 0
    ? { refundingCents: row.transferRefundCents, refundBy: 'transfer' as const }
    : {};

/** More to write in the transaction that cancels an order (an admin's cancel: its audit entry). */
type AlsoInTx = (tx: Tx, cancelled: OrderRow) => Promise<void>;

/**
 * An order after it is placed: who may see it, the lists, cancelling (by the buyer) and an
 * expired hold — both give the stock back only once the payment gate says no payment can land
 * any more —, and shipping.
 */
export function orderLifecycle(ctx: OrdersContext) {
  const { db, log } = ctx;
  const { withLines, one } = orderViews(db);

  /** Someone else's order answers exactly like a missing one. */
  async function findOwned(id: string, caller: SessionUser): Promise<OrderRow> {
    const row = await repo.find(db, id);
    if (!row || (row.userId !== caller.id && caller.role !== 'admin')) throw notFound('This order');
    return row;
  }

  /**
   * Returns a cancelled or expired order's stock, once, in the transaction that cancels it and
   * writes its history: cancelled by the buyer, by the shop (a hold that ran out) or by the admin
   * named in `cause.by`, whose `reason` the order keeps.
   */
  async function release(
    id: string,
    cause: RestockCause,
    reason?: string,
    alsoInTx?: AlsoInTx,
  ): Promise<OrderRow | null> {
    const at = ctx.now();
    const released = await db.transaction(async (tx) => {
      const placed = await lifecycleRepository.cancelAndRestock(tx, id, at, cause);
      if (!placed) return null;
      // Money already transferred towards it is now owed back (docs/orders.md, "Bank transfers").
      const row = (await transfersRepository.transfersOwedBack(tx, id, at)) ?? placed;
      const expired = cause.reason === 'expiry';
      await repo.addEvent(tx, {
        orderId: id,
        at,
        type: 'cancelled',
        by: cause.by ?? (expired ? 'shop' : 'buyer'),
        note: withTransfersOwed(reason ?? (expired ? HOLD_RAN_OUT : null), row),
      });
      const cancelled =
        cause.by && reason ? await lifecycleRepository.recordCancel(tx, id, { name: cause.by, reason }) : row;
      if (cancelled && alsoInTx) await alsoInTx(tx, cancelled);
      return cancelled;
    });
    if (released) await ctx.stockChanged();
    return released;
  }

  /**
   * Cancels an unpaid order: first its payment is stopped, then its stock returned. Returns the
   * cancelled row, or null when the order was not cancelled here (paid or cancelled meanwhile).
   * An admin's cancel names the admin in `cause.by` and says why in `reason`.
   */
  async function cancelUnpaid(
    row: OrderRow,
    cause: RestockCause,
    reason?: string,
    alsoInTx?: AlsoInTx,
  ): Promise<OrderRow | null> {
    if ((await ctx.gate.stop(row.paymentIntentId)) === 'settled') return null;
    const released = await release(row.id, cause, reason, alsoInTx);
    // A hold that ran out is mailed here; a cancel by its buyer by cancel(), an admin's by the order desk.
    if (released && cause.reason === 'expiry') {
      await ctx.orderMail.mailBuyer(released, {
        kind: 'cancelled',
        at: released.cancelledAt ?? ctx.now(),
        by: 'hold',
        ...transfersToGiveBack(released),
      });
    }
    // An intent created while this ran (a payment page opened at the same moment) shows in the
    // cancelled row: stop it too. A payment that got through anyway is refunded on settlement.
    if (released?.paymentIntentId && released.paymentIntentId !== row.paymentIntentId) {
      await ctx.gate
        .stop(released.paymentIntentId)
        .catch((err) =>
          log.warn({ err, orderId: row.id }, 'payment intent of a cancelled order not stopped'),
        );
    }
    return released;
  }

  return {
    findOwned,
    cancelUnpaid,
    one,

    /**
     * One page of the orders an account placed, newest first, cancelled ones included (their
     * mails link to them). `email` names the account: the caller's own, or (for an admin)
     * whichever account has that address now. Orders belong to the account, not the address.
     */
    async listFor(caller: SessionUser, email: string, page: PageQuery = {}): Promise<Page<Order>> {
      const ownerId =
        caller.email.toLowerCase() === email.toLowerCase()
          ? caller.id
          : await repo.accountIdByEmail(db, email);
      if (!ownerId) return { items: [], next: null };
      const found = await listsRepository.page(
        db,
        listsRepository.placedBy(ownerId),
        page.cursor,
        page.limit ?? DEFAULT_PAGE_SIZE,
      );
      return { items: await withLines(found.items), next: found.next };
    },

    /**
     * One page of every order matching the admin's filters, newest first; the first page also
     * says how many match, counted up to ORDER_COUNT_CAP.
     */
    async listAll(
      query: AdminOrdersQuery = {},
    ): Promise<Page<Order> & { matching?: { count: number; more: boolean } }> {
      const where = listsRepository.matching(query, ctx.shop.timeZone);
      const [found, matching] = await Promise.all([
        listsRepository.page(db, where, query.cursor, query.limit ?? DEFAULT_PAGE_SIZE),
        query.cursor ? undefined : listsRepository.countMatching(db, where, ORDER_COUNT_CAP),
      ]);
      return { items: await withLines(found.items), next: found.next, ...(matching ? { matching } : {}) };
    },

    async get(id: string, caller: SessionUser): Promise<Order> {
      return one(await findOwned(id, caller));
    },

    /**
     * What the caller's own order asked for, line by line (its tools and quantities, in order):
     * what a saved list made from it keeps. Only the buyer who placed it: anyone else's order, an
     * administrator's caller included, is 404 like a missing one (decision 0033).
     */
    async orderedBy(caller: SessionUser, id: string): Promise<{ toolId: string; quantity: number }[]> {
      const row = await repo.find(db, id);
      if (!row || row.userId !== caller.id) throw notFound('This order');
      const lines = (await repo.linesOf(db, [row])).get(row.id) ?? [];
      return lines.map((l) => ({ toolId: l.toolId, quantity: l.quantity }));
    },

    /**
     * Cancels an unpaid order and returns the stock of every line; `{ deletedCount: 1 }` like the
     * spec's DELETE. A payment that got there first makes it paid instead (409).
     */
    async cancel(id: string, caller: SessionUser): Promise<number> {
      const row = await findOwned(id, caller);
      if (isPaid(row.status)) throw new AppError('conflict', says.paidCannotCancel);
      if (isCancelled(row)) return 0;
      // An admin cancelling someone else's order is an admin action: in the audit log with it.
      const byAdmin = caller.role === 'admin' && caller.id !== row.userId;
      const audit = (tx: Tx, done: OrderRow) =>
        recordAudit(tx, caller, {
          kind: 'order.cancel',
          target: orderTarget(done),
          before: { status: 'unpaid' },
          after: { status: 'cancelled' },
        });
      const cancelled = await cancelUnpaid(row, { reason: 'cancel' }, undefined, byAdmin ? audit : undefined);
      if (cancelled) {
        // Every change of an order's state is mailed: here the confirmation of the cancel.
        await ctx.orderMail.mailBuyer(cancelled, {
          kind: 'cancelled',
          at: cancelled.cancelledAt ?? ctx.now(),
          by: caller.id === cancelled.userId ? 'buyer' : 'shop',
          ...transfersToGiveBack(cancelled),
        });
        return 1;
      }
      const current = await repo.find(db, id);
      if (current && isPaid(current.status)) throw new AppError('conflict', says.paidCannotCancel);
      return 0;
    },

    /**
     * Releases unpaid orders whose hold has run out, each once its payment is stopped; one whose
     * payment cannot be stopped now keeps its stock until a later sweep. Returns how many.
     */
    async releaseExpiredHolds(): Promise<number> {
      let released = 0;
      for (const row of await lifecycleRepository.expiredHolds(db, ctx.now(), 500)) {
        try {
          if (await cancelUnpaid(row, { reason: 'expiry' })) released++;
        } catch (err) {
          log.warn({ err, orderId: row.id }, 'expired hold kept until the next sweep');
        }
      }
      return released;
    },

    /**
     * Admin: a paid order leaves the workshop, with its carrier and tracking number when given;
     * the history names the admin. Shipping a shipped order again changes nothing.
     */
    async ship(orderId: string, admin: SessionUser, tracking: NonNullable<ShipRequest> = {}): Promise<Order> {
      const at = ctx.now();
      const shipped = await db.transaction(async (tx) => {
        const row = await lifecycleRepository.markShipped(tx, orderId, at, tracking);
        if (row) {
          const note = [row.carrier, row.trackingNumber].filter(Boolean).join(' ');
          await repo.addEvent(tx, {
            orderId,
            at,
            type: 'shipped',
            by: admin.name.trim() || admin.email,
            note: note || null,
          });
          await recordAudit(tx, admin, {
            kind: 'order.ship',
            target: orderTarget(row),
            before: { status: movedFrom('ship', row.status) },
            after: {
              status: row.status,
              ...(row.carrier ? { carrier: row.carrier } : {}),
              ...(row.trackingNumber ? { trackingNumber: row.trackingNumber } : {}),
            },
          });
        }
        return row;
      });
      if (!shipped) {
        const row = await repo.find(db, orderId);
        if (!row) throw notFound('This order');
        if (isShipped(row)) return one(row);
        throw new AppError('conflict', says.onlyPaidShips);
      }
      const lines = (await repo.linesOf(db, [shipped])).get(shipped.id) ?? [];
      await ctx.orderMail.mailBuyer(
        shipped,
        {
          kind: 'shipped',
          at: shipped.shippedAt ?? ctx.now(),
          carrier: shipped.carrier,
          trackingNumber: shipped.trackingNumber,
        },
        lines,
      );
      return toOrderDto(shipped, lines);
    },
  };
}
