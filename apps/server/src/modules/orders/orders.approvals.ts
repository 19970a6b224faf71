import {
  approveMove,
  findMove,
  fromStates,
  holdEnd,
  isAwaitingApproval,
  isOnAccount,
  type Order,
  says,
} from '@kanna/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { companyMembers, orders } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { recordAudit } from '../audit/audit.service';
import type { OrdersContext } from './orders.deps';
import { orderTarget } from './orders.lifecycle';
import { lifecycleRepository } from './orders.lifecycle.repository';
import { type OrderRow, ordersRepository as repo, type Tx } from './orders.repository';
import { orderViews } from './orders.view';

/**
 * Orders above a member's spending limit (decision 0067; docs/rules.md, "Companies"): placed
 * awaiting the approval of the owner of the company on the order, holding their stock. The owner
 * approves (the order then waits for its money, its hold counted from the approval, or is accepted
 * on account) or declines with a reason; an admin may decline, never approve. Each move is one
 * guarded update from `awaiting_approval`, so of two at once exactly one wins.
 */
export function orderApprovals(ctx: OrdersContext) {
  const { db } = ctx;
  const { one } = orderViews(db);

  /** Is `caller` the owner of the company on the order. */
  async function ownsCompanyOf(row: OrderRow, caller: SessionUser): Promise<boolean> {
    if (!row.companyId) return false;
    const [found] = await db
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(
        and(
          eq(companyMembers.companyId, row.companyId),
          eq(companyMembers.userId, caller.id),
          eq(companyMembers.role, 'owner'),
        ),
      );
    return found !== undefined;
  }

  /**
   * The order `id` for `caller` to decide: 404 when there is none, 403 unless the caller owns the
   * company on it (or is an admin and `shopMay`), 409 when it no longer awaits approval.
   */
  async function toDecide(id: string, caller: SessionUser, shopMay: boolean): Promise<OrderRow> {
    const row = await repo.find(db, id);
    if (!row) throw notFound('This order');
    if (!(await ownsCompanyOf(row, caller))) {
      if (caller.role !== 'admin') throw new AppError('forbidden', says.onlyOwnerApproves);
      if (!shopMay) throw new AppError('forbidden', says.shopCannotApprove);
    }
    if (!isAwaitingApproval(row)) throw new AppError('conflict', says.notAwaitingApproval);
    return row;
  }

  /** The name an order's history and mails give the one who decided. */
  const nameOf = (caller: SessionUser) => caller.name.trim() || caller.email;

  return {
    /** POST /api/orders/{id}/approve: the company's owner approves a member's order. */
    async approve(id: string, caller: SessionUser): Promise<Order> {
      const row = await toDecide(id, caller, false);
      const move = findMove(approveMove(row.paymentMethod), row.status, 'owner');
      if (!move) throw new AppError('conflict', says.notAwaitingApproval);
      const at = ctx.now();
      const read = ctx.settings.orderTerms();
      const terms = read instanceof Promise ? await read : read;
      const holdUntil = holdEnd(at, row.paymentMethod, {
        cardHoldMs: ctx.holdMs,
        transferHoldDays: terms.transferHoldDays,
      });
      const approved = await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(orders)
          .set({ status: move.to, holdUntil })
          .where(
            and(eq(orders.id, id), eq(orders.status, move.from), eq(orders.paymentMethod, row.paymentMethod)),
          )
          .returning();
        if (!moved) return null;
        await recordAudit(tx, caller, {
          kind: 'order.approve',
          target: orderTarget(moved),
          before: { status: move.from },
          after: { status: moved.status },
        });
        return moved;
      });
      if (!approved) throw new AppError('conflict', says.notAwaitingApproval);
      await ctx.orderMail.mailBuyer(approved, {
        kind: 'approved',
        holdUntil: isOnAccount(approved.paymentMethod) ? null : approved.holdUntil,
      });
      return one(approved);
    },

    /**
     * POST /api/orders/{id}/decline: the company's owner or an admin declines a member's order
     * with `reason`: cancelled, its stock back, the member mailed the reason.
     */
    async decline(id: string, reason: string, caller: SessionUser): Promise<Order> {
      await toDecide(id, caller, true);
      const at = ctx.now();
      const by = nameOf(caller);
      const declined = await db.transaction(async (tx: Tx) => {
        const [moved] = await tx
          .update(orders)
          .set({ status: 'cancelled', cancelledAt: at, cancelledBy: by, cancelReason: reason })
          .where(and(eq(orders.id, id), inArray(orders.status, fromStates('decline'))))
          .returning();
        if (!moved) return null;
        await lifecycleRepository.restock(tx, id, { reason: 'cancel', by });
        await repo.addEvent(tx, { orderId: id, at, type: 'cancelled', by, note: reason });
        await recordAudit(tx, caller, {
          kind: 'order.decline',
          target: orderTarget(moved),
          before: { status: 'awaiting_approval' },
          after: { status: moved.status, reason },
        });
        return moved;
      });
      if (!declined) throw new AppError('conflict', says.notAwaitingApproval);
      await ctx.stockChanged();
      await ctx.orderMail.mailBuyer(declined, { kind: 'declined', at, reason });
      return one(declined);
    },
  };
}
