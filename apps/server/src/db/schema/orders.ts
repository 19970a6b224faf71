import { currencies, orderStatuses, paymentMethods, taxTreatments } from '@kanna/shared';
import { languages } from '@kanna/shared/domain/languages';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { tools } from './catalog';
import { companies } from './companies';
import { statements } from './statements';

/**
 * An order keeps its own copy of the product's name and price (docs/rules.md, "Where every rule lives"), so deleting or
 * repricing a tool never changes an order. Money in integer cents.
 */
/** Order numbers (K-000123): increasing in placing order, never reused. */
export const orderNumbers = pgSequence('order_number_seq');

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    /** What people call the order (shown as K- and at least six digits); `id` stays the API's identifier. */
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('order_number_seq')`),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /**
     * The company its buyer was a member of when it was placed (migration 0046), or null: its open
     * balance and its owner's approvals follow the order, not the buyer's membership now.
     */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The statement that bills it (migration 0048): set once, when a statement takes it. */
    statementId: uuid('statement_id').references((): AnyPgColumn => statements.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** The first line's tool, name, quantity and unit price: the spec's one-tool fields. */
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    productName: text('product_name').notNull(),
    /** The tool's Japanese name as it was ordered, null when it had none (migration 0025). */
    productNameJa: text('product_name_ja'),
    /** The tool's SKU and JAN as they were when it was ordered; null when it had none, or before they were kept (migration 0036). */
    sku: text('sku'),
    jan: text('jan'),
    quantity: integer('quantity').notNull(),
    perPriceCents: integer('per_price_cents').notNull(),
    /** The whole order's total: the sum of its lines. */
    totalCents: integer('total_cents').notNull(),
    lineCount: integer('line_count').notNull().default(1),
    /**
     * What the admin's search box matches, lower-cased: the order id, the customer's e-mail and
     * name, and every line's product name (written with the order; a trigram index serves it).
     */
    search: text('search').notNull().default(''),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /**
     * The buyer as a business on this order (migration 0041; docs/rules.md, "The buyer's company
     * and address book"): where the invoice goes when not where the goods go (null: the same), the
     * company and department it is issued to (the profile's when the order named none), the
     * receipt's addressee (宛名) and note (但し書き) when the buyer chose them (null: the company,
     * and "for goods"), the buyer's purchase-order number and the delivery date they asked for.
     */
    billingAddress: text('billing_address'),
    company: text('company'),
    department: text('department'),
    receiptAddressee: text('receipt_addressee'),
    receiptNote: text('receipt_note'),
    poNumber: text('po_number'),
    requestedDate: date('requested_date', { mode: 'string' }),
    /** The admin who entered the order for its buyer (a phone or fax order; migration 0043), by name; null: the buyer placed it. */
    enteredBy: text('entered_by'),
    status: text('status', { enum: orderStatuses }).notNull().default('unpaid'),
    /** The payment provider's intent for this order (one per order). */
    paymentIntentId: text('payment_intent_id'),
    transactionId: text('transaction_id'),
    holdUntil: timestamp('hold_until', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** Paid through the built-in test processor (PAYMENT_MODE=test): no real money moved. */
    testPayment: boolean('test_payment').notNull().default(false),
    /** The order's payment given back: an admin's cancel of a paid order, or a payment that landed after a cancel. */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** How much was given back (migration 0014). */
    refundCents: integer('refund_cents'),
    /** Who carries a shipped order and its tracking number, when the admin gave them (migration 0014). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** An admin's cancel: why, and the admin's name (migration 0014). */
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by'),
    /**
     * What the order charges besides its goods (migration 0019; docs/rules.md, "Paying like a
     * business"): where it goes (ISO 3166-1 alpha-2), its shipping and tax in cents, the tax rate in
     * basis points (1000 = 10 %) and whether it was domestic or an export, and how it is paid.
     */
    country: text('country').notNull().default('JP'),
    /**
     * The order's currency (migration 0038): every `_cents` amount of the order, its lines,
     * payments and refunds is in its minor unit — cents for USD, whole yen for JPY.
     */
    currency: text('currency', { enum: currencies }).notNull().default('USD'),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxTreatment: text('tax_treatment', { enum: taxTreatments }).notNull().default('none'),
    paymentMethod: text('payment_method', { enum: paymentMethods }).notNull().default('card'),
    /** Goods + shipping + tax: what a payment must reach. Computed by the database, never written. */
    amountDueCents: integer('amount_due_cents')
      .notNull()
      .generatedAlwaysAs(sql`total_cents + shipping_cents + tax_cents`),
    /**
     * Bank transfers (migration 0020; docs/orders.md, "Bank transfers"), kept with the order's
     * `order_payments` under its lock: what the recorded transfers paid towards the amount due, what
     * of them the shop owes back (money on a cancelled or expired order, or beyond the amount due)
     * and since when, and when the buyer was reminded that the hold ends (once per order).
     */
    transferPaidCents: integer('transfer_paid_cents').notNull().default(0),
    transferRefundCents: integer('transfer_refund_cents').notNull().default(0),
    transferRefundFlaggedAt: timestamp('transfer_refund_flagged_at', { withTimezone: true, mode: 'date' }),
    transferRemindedAt: timestamp('transfer_reminded_at', { withTimezone: true, mode: 'date' }),
    /**
     * The language the order was placed in, kept when it was not English (migration 0023): its
     * buyer's mails and documents are in it when their account has no language of its own.
     */
    language: text('language', { enum: languages }),
  },
  (t) => [
    // Lists page by (created_at, id), newest first (docs/api.md, "The API contract").
    index('orders_created_idx').on(t.createdAt, t.id),
    uniqueIndex('orders_number_idx').on(t.number),
    index('orders_user_idx').on(t.userId, t.createdAt, t.id),
    index('orders_state_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_status_idx').on(t.status, t.holdUntil),
    index('orders_search_idx').using('gin', t.search.op('gin_trgm_ops')),
    // The cap on unpaid orders counts these on every order (migration 0008).
    index('orders_unpaid_user_idx').on(t.userId).where(sql`${t.status} = 'unpaid'`),
    // A company's open balance sums its members' orders owed on account (migration 0045).
    index('orders_on_account_user_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('on_account', 'account_shipped')`),
    // A company's open balance sums the orders on it owed on account (migration 0046).
    index('orders_company_owed_idx')
      .on(t.companyId)
      .where(sql`${t.status} in ('on_account', 'account_shipped', 'awaiting_approval')`),
    index('orders_statement_idx').on(t.statementId).where(sql`${t.statementId} IS NOT NULL`),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_total_positive', sql`${t.totalCents} > 0`),
    check('orders_currency_known', sql`${t.currency} IN ('USD', 'JPY')`),
    check(
      'orders_po_number_length',
      sql`${t.poNumber} IS NULL OR char_length(${t.poNumber}) BETWEEN 1 AND 40`,
    ),
    check(
      'orders_charges_not_negative',
      sql`${t.shippingCents} >= 0 and ${t.taxCents} >= 0 and ${t.taxRateBp} >= 0`,
    ),
    check('orders_tax_treatment_known', sql`${t.taxTreatment} in ('none', 'domestic', 'export')`),
    check('orders_payment_method_known', sql`${t.paymentMethod} in ('card', 'transfer', 'account')`),
    check(
      'orders_transfer_amounts_not_negative',
      sql`${t.transferPaidCents} >= 0 and ${t.transferRefundCents} >= 0`,
    ),
    check('orders_language_known', sql`${t.language} is null or ${t.language} in ('en', 'ja')`),
  ],
);

/** The tools of one order, in the order the buyer listed them; each keeps its own name and price. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    productName: text('product_name').notNull(),
    /** The tool's Japanese name as it was ordered, null when it had none (migration 0025). */
    productNameJa: text('product_name_ja'),
    /** The tool's SKU and JAN as they were when it was ordered; null when it had none, or before they were kept (migration 0036). */
    sku: text('sku'),
    jan: text('jan'),
    quantity: integer('quantity').notNull(),
    perPriceCents: integer('per_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index('order_lines_tool_idx').on(t.toolId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_total', sql`${t.totalCents} = ${t.perPriceCents} * ${t.quantity}`),
  ],
);

/** The events with a row ('placed' has none). */
const storedEventTypes = ['paid', 'payment recorded', 'shipped', 'cancelled', 'refunded', 'note'] as const;

/**
 * What happened to an order after it was placed (migration 0014), each written in the same
 * transaction as the change it records; 'placed' is the order's own `createdAt`. `by` is 'buyer',
 * 'shop' or the admin's name.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    type: text('type', { enum: storedEventTypes }).notNull(),
    by: text('by').notNull(),
    note: text('note'),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    check(
      'order_events_type_known',
      sql`${t.type} in ('paid', 'payment recorded', 'shipped', 'cancelled', 'refunded', 'note')`,
    ),
  ],
);

/**
 * Money an admin recorded against an order (migration 0020): a bank transfer received, how much,
 * on which day, under which reference, recorded by whom (the admin's name, and their account while
 * it exists) and when. `refundCents` is what of it the shop owes back: all of it on an order that
 * was cancelled or had expired, the part beyond the amount due on one it overpaid.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The day the money arrived, as the bank statement says it (a calendar day, `2026-11-27`). */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    refundCents: integer('refund_cents').notNull().default(0),
    recordedBy: text('recorded_by').notNull(),
    recordedById: text('recorded_by_id').references(() => user.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.id),
    check('order_payments_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'order_payments_refund_within',
      sql`${t.refundCents} >= 0 and ${t.refundCents} <= ${t.amountCents}`,
    ),
  ],
);

/** A signed-in buyer's cart: tools and quantities only; prices are always read anew. */
export const carts = pgTable('carts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lines: jsonb('lines').$type<{ toolId: string; quantity: number }[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Test-mode payment intents (the built-in processor that follows Stripe's test cards). */
export const testPaymentIntents = pgTable('test_payment_intents', {
  id: text('id').primaryKey(),
  orderId: uuid('order_id').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  /** The intent's currency as providers write it (usd, jpy; migration 0038). */
  currency: text('currency').notNull().default('usd'),
  clientSecret: text('client_secret').notNull(),
  status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled', 'refunded'] })
    .notNull()
    .default('requires_payment_method'),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Contact Supplier: an enquiry about a tool; a quote request when more is wanted than is available. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    quantityWanted: integer('quantity_wanted').notNull(),
    message: text('message').notNull(),
    isQuoteRequest: boolean('is_quote_request').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The inbox (migration 0015): when an admin marked it answered, and that admin's name; null while new. */
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    answeredBy: text('answered_by'),
  },
  (t) => [
    index('enquiries_created_idx').on(t.createdAt, t.id),
    index('enquiries_new_idx').on(t.createdAt, t.id).where(sql`${t.answeredAt} is null`),
    check('enquiries_answer_recorded', sql`(${t.answeredAt} is null) = (${t.answeredBy} is null)`),
  ],
);
