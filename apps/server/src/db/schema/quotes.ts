import type { currencies } from '@kanna/shared/domain/money';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { tools } from './catalog';

/**
 * Requests for a quote (見積依頼, migration 0044): the buyer's name and e-mail copied on the row, so
 * a request outlives the account (its `user_id` then null); `open` until the shop answers.
 */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    note: text('note'),
    status: text('status', { enum: ['open'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_requests_newest_idx').on(t.createdAt, t.id),
    index('quote_requests_user_idx').on(t.userId, t.createdAt, t.id),
    check('quote_requests_status_known', sql`${t.status} IN ('open')`),
  ],
);

/** A request's lines in the buyer's order: the tool's names and list price per unit as asked. */
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
  },
  (t) => [
    primaryKey({ name: 'quote_request_lines_pk', columns: [t.requestId, t.position] }),
    check('quote_request_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('quote_request_lines_price_positive', sql`${t.listPrice} > 0`),
    check('quote_request_lines_currency_known', sql`${t.currency} IN ('USD', 'JPY')`),
  ],
);
