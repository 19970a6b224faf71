import { randomUUID } from 'node:crypto';
import {
  centsToDollars,
  dollarsToCents,
  type EnquiryRequest,
  MAX_ORDER_CENTS,
  messages,
  type Order,
  type OrderStatus,
} from '@kanna/shared';
import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { enquiries, orders, tools, user } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/auth';
import type { Mailer } from '../mail/mailer';
import type { PaymentIntent, PaymentProvider } from '../payments/provider';

type OrderRow = typeof orders.$inferSelect;

export const toOrderDto = (o: OrderRow): Order => ({
  _id: o.id,
  name: o.name,
  email: o.email,
  toolId: o.toolId,
  productName: o.productName,
  quantity: o.quantity,
  phone: o.phone,
  address: o.address,
  perPrice: centsToDollars(o.perPriceCents),
  totalPrice: centsToDollars(o.totalCents),
  paid: o.status === 'paid' || o.status === 'shipped',
  status: o.status,
  transactionId: o.transactionId,
  holdUntil: o.holdUntil.toISOString(),
  createdAt: o.createdAt.toISOString(),
  paidAt: o.paidAt?.toISOString() ?? null,
  shippedAt: o.shippedAt?.toISOString() ?? null,
  testPayment: o.testPayment,
  refundedAt: o.refundedAt?.toISOString() ?? null,
});

const money = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

export type OrdersDeps = {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  holdMs: number;
  /** Unpaid orders one account may hold at once. */
  maxUnpaidOrders: number;
  shopEmail: string;
  publicUrl: string;
  /** Tells the catalogue that available quantities changed. */
  stockChanged: () => Promise<void>;
  now?: () => Date;
};

/**
 * Orders and their stock: placing reserves the quantity in the same transaction with one
 * conditional UPDATE, so concurrent buyers can never take more than there is; cancelling or an
 * expired hold gives it back, but only once the order's payment intent is stopped, so a payment
 * can never succeed for stock that went back on sale. An order becomes paid only in `settle`,
 * after the payment provider confirmed the intent of that order with that amount; a payment that
 * still lands on a cancelled order is refunded there.
 */
export function ordersService(deps: OrdersDeps) {
  const { db, payments, log } = deps;
  const now = deps.now ?? (() => new Date());

  function mail(to: string, subject: string, text: string) {
    deps.mailer.send({ to, subject, text }).catch((err) => log.error({ err, to, subject }, 'mail failed'));
  }

  async function findOwned(id: string, caller: SessionUser): Promise<OrderRow> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    // Someone else's order answers exactly like a missing one.
    if (!row || (row.userId !== caller.id && caller.role !== 'admin')) throw notFound('This order');
    return row;
  }

  /** Returns a cancelled or expired order's stock, once: only the transition from unpaid does it. */
  async function release(id: string): Promise<OrderRow | null> {
    const released = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: now() })
        .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
        .returning();
      if (row) {
        await tx
          .update(tools)
          .set({ available: sql`${tools.available} + ${row.quantity}` })
          .where(eq(tools.id, row.toolId));
      }
      return row ?? null;
    });
    if (released) await deps.stockChanged();
    return released;
  }

  /**
   * Makes sure no payment can land on an order any more: 'stopped' when its intent is canceled
   * (or there is none), 'paid' when the payment got there first — the order is then settled
   * instead. When the provider cannot say that the payment stopped (unreachable, or the payment
   * is still processing), answers 409 and the stock stays held; the hold sweeper tries again.
   */
  async function stopPayment(intentId: string | null): Promise<'stopped' | 'paid'> {
    if (!intentId) return 'stopped';
    let intent: PaymentIntent | null;
    try {
      intent = await payments.cancelIntent(intentId);
    } catch (err) {
      log.warn({ err, intent: intentId }, 'could not cancel a payment intent');
      throw new AppError(409, messages.cancelPaymentPending);
    }
    if (!intent || intent.status === 'canceled' || intent.status === 'refunded') return 'stopped';
    if (intent.status === 'succeeded') {
      await service.settle(intent);
      return 'paid';
    }
    throw new AppError(409, messages.cancelPaymentPending);
  }

  /**
   * Cancels an unpaid order: first its payment is stopped, then its stock returned. Returns the
   * cancelled row, or null when the order was not cancelled here (paid or cancelled meanwhile).
   */
  async function cancelUnpaid(row: OrderRow): Promise<OrderRow | null> {
    if ((await stopPayment(row.paymentIntentId)) === 'paid') return null;
    const released = await release(row.id);
    // An intent created while this ran (a payment page opened at the same moment) shows in the
    // cancelled row: stop it too. A payment that got through anyway is refunded by `settle`.
    if (released?.paymentIntentId && released.paymentIntentId !== row.paymentIntentId) {
      await stopPayment(released.paymentIntentId).catch((err) =>
        log.warn({ err, orderId: row.id }, 'payment intent of a cancelled order not stopped'),
      );
    }
    return released;
  }

  /** A payment that succeeded for a cancelled order goes back to the payer, once, and they are told. */
  async function refundLate(row: OrderRow, intent: PaymentIntent): Promise<OrderRow> {
    if (row.refundId) return row;
    log.warn({ orderId: row.id, intent: intent.id }, 'payment for a cancelled order: refunding it');
    const refund = await payments.refund(intent.id);
    const [refunded] = await db
      .update(orders)
      .set({ refundId: refund.id, refundedAt: now(), testPayment: payments.kind === 'test' })
      .where(and(eq(orders.id, row.id), isNull(orders.refundId)))
      .returning();
    if (!refunded) {
      const [current] = await db.select().from(orders).where(eq(orders.id, row.id));
      return current ?? row;
    }
    mail(
      refunded.email,
      'Your payment was refunded',
      `Hello ${refunded.name},\n\n${messages.paymentRefunded}\n\nOrder: ${refunded.quantity} × ${refunded.productName}\nRefunded: ${money(intent.amountCents)}\nRefund: ${refund.id}\n\nIt may take a few days to show on your statement.\n`,
    );
    return refunded;
  }

  const service = {
    async place(
      caller: SessionUser,
      input: {
        toolId: string;
        quantity: number;
        phone: string;
        address: string;
        perPrice?: number;
        totalPrice?: number;
      },
    ): Promise<string> {
      const id = randomUUID();
      /** Why an order for `tool` cannot be placed as asked, or null when it can. */
      const refusal = (tool: typeof tools.$inferSelect | undefined): AppError | null => {
        if (!tool || tool.archived) return notFound('This tool');
        const total = tool.priceCents * input.quantity;
        if (
          (input.perPrice !== undefined && dollarsToCents(input.perPrice) !== tool.priceCents) ||
          (input.totalPrice !== undefined && dollarsToCents(input.totalPrice) !== total)
        ) {
          return new AppError(409, messages.priceChanged);
        }
        if (tool.available < tool.minQuantity) return new AppError(409, messages.soldOut);
        if (input.quantity < tool.minQuantity) return new AppError(400, messages.belowMinimum);
        if (input.quantity > tool.available) return new AppError(400, messages.aboveAvailable);
        if (total > MAX_ORDER_CENTS) return new AppError(400, messages.orderTooLarge);
        return null;
      };
      const holdUntil = new Date(now().getTime() + deps.holdMs);
      const q = input.quantity;
      // A price the client sent must equal the stored one; one too large for any stored price
      // cannot match and goes straight to the refusal.
      const perPriceSent = input.perPrice === undefined ? null : dollarsToCents(input.perPrice);
      const totalSent = input.totalPrice === undefined ? null : dollarsToCents(input.totalPrice);
      type Placed = { product_name: string; per_price_cents: number; total_cents: number };
      const comparable = (cents: number | null) => cents === null || Number.isSafeInteger(cents);
      const unpaidCount = sql`(select count(*) from ${orders}
        where ${orders.userId} = ${caller.id} and ${orders.status} = 'unpaid')`;
      const row = await db.transaction(async (tx) => {
        // The buyer's account row is locked for this short transaction: orders from one account
        // queue here, so the unpaid count the next statement sees is exact; other accounts never
        // wait. Whether the address is verified is read here too, never from a cached session,
        // so a buyer who has just opened the link can order at once.
        const buyer = (
          (await tx.execute(
            sql`select email, name, email_verified from ${user} where id = ${caller.id} for update`,
          )) as unknown as { rows: { email: string; name: string; email_verified: boolean }[] }
        ).rows[0];
        if (!buyer) throw new AppError(401, messages.noUserLoggedIn);
        if (!buyer.email_verified) throw new AppError(403, messages.verifyEmailToOrder);
        // One statement checks, reserves and writes, so the tool's row is locked only inside
        // PostgreSQL for one statement, never across round trips, and the price, name and total
        // come from the row it reserved.
        const inserted =
          comparable(perPriceSent) && comparable(totalSent)
            ? await tx.execute(sql`
        with reserved as (
          update ${tools} set available = available - ${q}
          where id = ${input.toolId} and archived = false
            and available >= ${q} and available >= min_quantity and ${q} >= min_quantity
            and price_cents::bigint * ${q} <= ${MAX_ORDER_CENTS}
            and (${perPriceSent}::bigint is null or price_cents = ${perPriceSent}::bigint)
            and (${totalSent}::bigint is null or price_cents::bigint * ${q} = ${totalSent}::bigint)
            and ${unpaidCount} < ${deps.maxUnpaidOrders}
          returning id, product_name, price_cents
        )
        insert into ${orders} (id, user_id, email, name, tool_id, product_name, quantity,
          per_price_cents, total_cents, phone, address, hold_until)
        select ${id}, ${caller.id}, ${buyer.email}, ${buyer.name}, reserved.id, reserved.product_name,
          ${q}, reserved.price_cents, reserved.price_cents * ${q}, ${input.phone}, ${input.address},
          ${holdUntil.toISOString()}::timestamptz
        from reserved
        returning product_name, per_price_cents, total_cents`)
            : { rows: [] };
        const [placed] = (inserted as unknown as { rows: Placed[] }).rows;
        if (placed) return { ...placed, email: buyer.email, name: buyer.name };
        // Nothing was reserved: say why (the tool may also have changed meanwhile).
        const [counted] = (
          (await tx.execute(sql`select ${unpaidCount}::int as n`)) as unknown as { rows: { n: number }[] }
        ).rows;
        if ((counted?.n ?? 0) >= deps.maxUnpaidOrders) {
          throw new AppError(409, messages.tooManyUnpaidOrders(deps.maxUnpaidOrders));
        }
        const [tool] = await tx.select().from(tools).where(eq(tools.id, input.toolId));
        throw refusal(tool) ?? new AppError(409, messages.priceChanged);
      });
      const placed = {
        id,
        email: row.email,
        name: row.name,
        quantity: q,
        productName: row.product_name,
        perPriceCents: row.per_price_cents,
        totalCents: row.total_cents,
        holdUntil,
      };
      await deps.stockChanged();
      mail(
        placed.email,
        `Your Kanna order: ${placed.quantity} × ${placed.productName}`,
        `Hello ${placed.name},\n\nThank you for your order of ${placed.quantity} × ${placed.productName} (${money(placed.perPriceCents)} each), ${money(placed.totalCents)} in total.\n\nWe hold the stock for you until ${placed.holdUntil.toUTCString()}. Pay for it here:\n${deps.publicUrl}/dashboard/payment/${placed.id}\n`,
      );
      return placed.id;
    },

    /**
     * The orders an account placed, newest first; cancelled ones are kept for the record but not
     * shown. `email` names the account: the caller's own, or (for an admin) whichever account
     * has that address now. Orders belong to the account, not the address: an address that was
     * deleted and registered again never shows the old account's orders.
     */
    async listFor(caller: SessionUser, email: string): Promise<Order[]> {
      const ownerId =
        caller.email.toLowerCase() === email.toLowerCase()
          ? caller.id
          : (await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase())))[0]?.id;
      if (!ownerId) return [];
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, ownerId), ne(orders.status, 'cancelled')))
        .orderBy(desc(orders.createdAt));
      return rows.map(toOrderDto);
    },

    async listAll(status?: OrderStatus): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(status ? eq(orders.status, status) : undefined)
        .orderBy(desc(orders.createdAt));
      return rows.map(toOrderDto);
    },

    async get(id: string, caller: SessionUser): Promise<Order> {
      return toOrderDto(await findOwned(id, caller));
    },

    /**
     * Cancels an unpaid order and returns its stock; `{ deletedCount: 1 }` like the spec's DELETE.
     * A payment that got there first makes it paid instead (409, a paid order cannot be cancelled).
     */
    async cancel(id: string, caller: SessionUser): Promise<number> {
      const row = await findOwned(id, caller);
      if (row.status === 'paid' || row.status === 'shipped')
        throw new AppError(409, messages.paidCannotCancel);
      if (row.status === 'cancelled') return 0;
      if (await cancelUnpaid(row)) return 1;
      const [current] = await db.select().from(orders).where(eq(orders.id, id));
      if (current?.status === 'paid' || current?.status === 'shipped')
        throw new AppError(409, messages.paidCannotCancel);
      return 0;
    },

    /**
     * Releases unpaid orders whose hold has run out, each once its payment is stopped; one whose
     * payment cannot be stopped now keeps its stock until a later sweep. Returns how many.
     */
    async releaseExpiredHolds(): Promise<number> {
      const expired = await db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'unpaid'), lt(orders.holdUntil, now())))
        .orderBy(orders.holdUntil)
        .limit(500);
      let released = 0;
      for (const row of expired) {
        try {
          if (await cancelUnpaid(row)) released++;
        } catch (err) {
          log.warn({ err, orderId: row.id }, 'expired hold kept until the next sweep');
        }
      }
      return released;
    },

    /** One payment intent per order, for the order's own amount. */
    async paymentIntent(orderId: string, caller: SessionUser): Promise<string> {
      const row = await findOwned(orderId, caller);
      const refuse = (status: OrderStatus) =>
        new AppError(
          409,
          status === 'cancelled' ? 'This order was cancelled.' : 'This order is already paid.',
        );
      if (row.status !== 'unpaid') throw refuse(row.status);
      if (row.holdUntil <= now()) {
        if (!(await cancelUnpaid(row))) throw refuse('paid');
        throw new AppError(409, 'The hold on this order has expired; please order again.');
      }
      const intent = await payments.createIntent({
        id: row.id,
        amountCents: row.totalCents,
        email: row.email,
      });
      if (row.paymentIntentId !== intent.id) {
        const [stored] = await db
          .update(orders)
          .set({ paymentIntentId: intent.id })
          .where(and(eq(orders.id, row.id), eq(orders.status, 'unpaid')))
          .returning({ id: orders.id });
        if (!stored) {
          // Cancelled while the intent was being made: nobody gets to pay it.
          await stopPayment(intent.id).catch(() => {});
          throw refuse('cancelled');
        }
      }
      return intent.clientSecret;
    },

    /**
     * PATCH /api/order/{id}: the browser says it paid. The transaction id it sends is only a
     * hint: the server asks the provider about this order's own intent.
     */
    async confirmPaid(orderId: string, caller: SessionUser, transactionId: string): Promise<Order> {
      const row = await findOwned(orderId, caller);
      if (row.status === 'paid' || row.status === 'shipped') return toOrderDto(row);
      if (row.refundedAt) throw new AppError(409, messages.paymentRefunded);
      if (!row.paymentIntentId || row.paymentIntentId !== transactionId) {
        throw new AppError(409, 'This payment does not belong to this order.');
      }
      const intent = await payments.retrieveIntent(row.paymentIntentId);
      if (intent?.status !== 'succeeded') {
        throw new AppError(
          409,
          row.status === 'cancelled' ? 'This order was cancelled.' : 'The payment has not been completed.',
        );
      }
      const settled = await service.settle(intent);
      if (settled.status === 'cancelled') throw new AppError(409, messages.paymentRefunded);
      return toOrderDto(settled);
    },

    /**
     * The one idempotent step that marks an order paid, from PATCH, the webhook or a cancel that
     * found the payment already through. A payment for an order cancelled meanwhile (its stock
     * already back on sale) is refunded instead.
     */
    async settle(intent: PaymentIntent): Promise<OrderRow> {
      if (!intent.orderId) throw new AppError(409, 'The payment names no order.');
      const [row] = await db.select().from(orders).where(eq(orders.id, intent.orderId));
      if (!row) throw notFound('This order');
      if (intent.status !== 'succeeded') throw new AppError(409, 'The payment does not match this order.');
      // The provider says this intent was made for this order: whatever it paid goes back.
      if (row.status === 'cancelled') return refundLate(row, intent);
      if (intent.amountCents !== row.totalCents || row.paymentIntentId !== intent.id) {
        throw new AppError(409, 'The payment does not match this order.');
      }
      const [paid] = await db
        .update(orders)
        .set({
          status: 'paid',
          transactionId: intent.id,
          paidAt: now(),
          // The built-in test processor moved no money: the order says so wherever it is shown.
          testPayment: payments.kind === 'test',
        })
        .where(and(eq(orders.id, row.id), eq(orders.status, 'unpaid')))
        .returning();
      if (!paid) {
        // Already settled (replaying changes nothing), or cancelled since it was read.
        const [current] = await db.select().from(orders).where(eq(orders.id, row.id));
        if (current?.status === 'cancelled') return refundLate(current, intent);
        return current ?? row;
      }
      mail(
        paid.email,
        'Payment received — thank you',
        `Hello ${paid.name},\n\nWe received ${money(paid.totalCents)} for ${paid.quantity} × ${paid.productName}.\nTransaction: ${intent.id}\n\nWe will e-mail you again when it ships.\n`,
      );
      return paid;
    },

    /** Admin: a paid order leaves the workshop. */
    async ship(orderId: string): Promise<Order> {
      const [shipped] = await db
        .update(orders)
        .set({ status: 'shipped', shippedAt: now() })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
        .returning();
      if (!shipped) {
        const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
        if (!row) throw notFound('This order');
        if (row.status === 'shipped') return toOrderDto(row);
        throw new AppError(409, 'Only a paid order can be shipped.');
      }
      mail(
        shipped.email,
        'Your Kanna order has shipped',
        `Hello ${shipped.name},\n\nYour ${shipped.quantity} × ${shipped.productName} left our workshop today.\n`,
      );
      return toOrderDto(shipped);
    },

    /** Contact Supplier: stored, and mailed to the shop; a quote request when more is wanted than available. */
    async enquire(
      caller: SessionUser,
      input: EnquiryRequest,
    ): Promise<{ id: string; quoteRequest: boolean }> {
      const [tool] = await db
        .select()
        .from(tools)
        .where(and(eq(tools.id, input.toolId), eq(tools.archived, false)));
      if (!tool) throw notFound('This tool');
      const quoteRequest = input.quantityWanted > tool.available;
      const id = randomUUID();
      await db.insert(enquiries).values({
        id,
        toolId: tool.id,
        userId: caller.id,
        email: caller.email,
        name: caller.name,
        quantityWanted: input.quantityWanted,
        message: input.message,
        isQuoteRequest: quoteRequest,
      });
      mail(
        deps.shopEmail,
        `${quoteRequest ? 'Quote request' : 'Enquiry'}: ${input.quantityWanted} × ${tool.productName}`,
        `From: ${caller.name} <${caller.email}>\nTool: ${tool.productName} (${tool.available} available)\nQuantity wanted: ${input.quantityWanted}\n\n${input.message}\n`,
      );
      return { id, quoteRequest };
    },
  };
  return service;
}
export type OrdersService = ReturnType<typeof ordersService>;
