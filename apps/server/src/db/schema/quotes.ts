import type { currencies } from '@kanna/shared/domain/money';
import { type QuoteState, quoteRequestStoredStates } from '@kanna/shared/domain/order-state';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { tools } from './catalog';
import { orders } from './orders';

/**
 * Requests for a quote (見積依頼, migration 0044): the buyer's name and e-mail copied on the row, so
 * a request outlives the account (its `user_id` then null); `open` until the shop answers, and again
 * once its quote is withdrawn (the order-state module's `quoteRequestMoves`).
 */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    note: text('note'),
    status: text('status', { enum: quoteRequestStoredStates }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_requests_newest_idx').on(t.createdAt, t.id),
    index('quote_requests_user_idx').on(t.userId, t.createdAt, t.id),
    check('quote_requests_status_known', sql`${t.status} IN ('open', 'answered')`),
  ],
);

/**
 * A request's lines in the buyer's order: the tool's names and list price per unit as asked, in
 * dollars, and in yen when the shop priced in yen then (migration 0052; null before it).
 */
export const quoteRequestLines = pgTable(
  'quote_request_lines',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productNameJa: text('product_name_ja'),
    quantity: integer('quantity').notNull(),
    /** Per unit, in the currency's minor unit (cents, whole yen). */
    listPrice: integer('list_price').notNull(),
    currency: text('currency').$type<(typeof currencies)[number]>().notNull(),
    /** The tool's yen list price per unit (whole yen) when asked; null: no yen rate then, or asked before 0052. */
    listPriceYen: integer('list_price_yen'),
  },
  (t) => [
    primaryKey({ name: 'quote_request_lines_pk', columns: [t.requestId, t.position] }),
    check('quote_request_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('quote_request_lines_price_positive', sql`${t.listPrice} > 0`),
    check('quote_request_lines_currency_known', sql`${t.currency} IN ('USD', 'JPY')`),
    check('quote_request_lines_yen_positive', sql`${t.listPriceYen} IS NULL OR ${t.listPriceYen} > 0`),
  ],
);

/**
 * Quotes (見積書, migration 0047): the shop's answer for one buyer (their name and e-mail copied, so
 * it outlives the account), in one currency, valid until a time; `holds_stock`: its lines' stock
 * was taken when it was made and goes back when it closes (`state`: the order-state module's quote
 * table). `order_id`: the order it was accepted into.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    requestId: uuid('request_id').references(() => quoteRequests.id, { onDelete: 'set null' }),
    currency: text('currency').$type<(typeof currencies)[number]>().notNull(),
    /** In the currency's minor unit; null: the shop's zones decide it when the quote is accepted. */
    shippingPrice: integer('shipping_price'),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }).notNull(),
    note: text('note'),
    holdsStock: boolean('holds_stock').notNull(),
    state: text('state').$type<QuoteState>().notNull().default('open'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The admin who made it (their name). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('quotes_number_unique').on(t.number),
    index('quotes_newest_idx').on(t.createdAt, t.id),
    index('quotes_user_idx').on(t.userId, t.createdAt, t.id),
    index('quotes_open_idx').on(t.validUntil).where(sql`${t.state} = 'open'`),
    check('quotes_state_known', sql`${t.state} IN ('open', 'accepted', 'declined', 'withdrawn', 'expired')`),
    check('quotes_currency_known', sql`${t.currency} IN ('USD', 'JPY')`),
    check('quotes_shipping_not_negative', sql`${t.shippingPrice} >= 0`),
  ],
);

/** A quote's lines in order: the tool's names as quoted, the quoted and the list unit price (minor units). */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productNameJa: text('product_name_ja'),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    listPrice: integer('list_price').notNull(),
  },
  (t) => [
    primaryKey({ name: 'quote_lines_pk', columns: [t.quoteId, t.position] }),
    index('quote_lines_tool_idx').on(t.toolId),
    check('quote_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('quote_lines_price_positive', sql`${t.unitPrice} > 0`),
  ],
);
