import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tools } from './catalog';

/**
 * Price lists (掛率, migration 0039, decision 0060): a rate on the list price in basis points
 * (8500 = 85 %), and fixed prices per tool and currency. A buyer's list is `"user".price_list_id`
 * (the same migration), read and written by modules/price-lists alone.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    percentBp: integer('percent_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('price_lists_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 80`),
    check('price_lists_percent_range', sql`${t.percentBp} BETWEEN 100 AND 20000`),
  ],
);

/** A fixed break as kept: from `minQuantity` pieces, `price` (minor unit) each. */
export type FixedBreakRow = { minQuantity: number; price: number };

export const priceListPrices = pgTable(
  'price_list_prices',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: ['USD', 'JPY'] }).notNull(),
    priceMinor: integer('price_minor').notNull(),
    volumePrices: jsonb('volume_prices').$type<FixedBreakRow[] | null>(),
  },
  (t) => [
    primaryKey({ name: 'price_list_prices_pk', columns: [t.priceListId, t.toolId, t.currency] }),
    index('price_list_prices_tool_idx').on(t.toolId),
  ],
);
