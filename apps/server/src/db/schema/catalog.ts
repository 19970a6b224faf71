import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A volume price (docs/rules.md, "Where every rule lives"): from `minQuantity` pieces, `priceCents` each. */
export type PriceBreakRow = { minQuantity: number; priceCents: number };

/** Tools for sale (spec §3 "handTools"). Prices in integer cents; `available` is the spec's maxQuantity. */
export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey(),
    productName: text('product_name').notNull(),
    description: text('description').notNull(),
    /** The name and description in Japanese, for Japanese readers; null when not given (migration 0022). */
    productNameJa: text('product_name_ja'),
    descriptionJa: text('description_ja'),
    kind: text('kind', { enum: ['hammer', 'chisel', 'driver', 'saw', 'plane', 'other'] }).notNull(),
    /** Optional product codes, unique among the tools on sale (migration 0034): SKU (品番) and JAN. */
    sku: text('sku'),
    jan: text('jan'),
    imageId: uuid('image_id').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    available: integer('available').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Sold in packs of this many: every quantity and the minimum are multiples of it. */
    packSize: integer('pack_size').notNull().default(1),
    /** Price breaks above the base price, `minQuantity` increasing, `priceCents` decreasing. */
    volumePrices: jsonb('volume_prices').$type<PriceBreakRow[]>().notNull().default([]),
    /**
     * The yen list price and yen volume breaks (`priceCents` there holds whole yen), when the owner
     * sets them (migration 0038); null: derived from the dollar ones at the shop's yen rate.
     */
    priceYen: integer('price_yen'),
    volumePricesYen: jsonb('volume_prices_yen').$type<PriceBreakRow[]>(),
    addedBy: text('added_by').notNull(),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The tool's public address, /tools/{slug} (migration 0032): made by the database from the name
     * when the tool is added (a trigger, when none is given) and never changed after.
     */
    slug: text('slug'),
  },
  (t) => [
    index('tools_listing_idx').on(t.archived, t.createdAt),
    uniqueIndex('tools_slug_key').on(t.slug),
    check('tools_min_quantity_positive', sql`${t.minQuantity} >= 1`),
    check('tools_available_not_negative', sql`${t.available} >= 0`),
    check('tools_price_positive', sql`${t.priceCents} > 0`),
    check('tools_price_yen_positive', sql`${t.priceYen} IS NULL OR ${t.priceYen} > 0`),
    check('tools_pack_size_positive', sql`${t.packSize} >= 1`),
    check('tools_jan_digits', sql`${t.jan} ~ '^[0-9]{13}$'`),
    check('tools_sku_length', sql`char_length(${t.sku}) BETWEEN 1 AND 40`),
    uniqueIndex('tools_sku_on_sale')
      .on(sql`upper(${t.sku})`)
      .where(sql`NOT ${t.archived} AND ${t.sku} IS NOT NULL`),
    uniqueIndex('tools_jan_on_sale').on(t.jan).where(sql`NOT ${t.archived} AND ${t.jan} IS NOT NULL`),
  ],
);

export const stockReasons = ['initial', 'order', 'cancel', 'expiry', 'admin', 'quote'] as const;
export type StockReason = (typeof stockReasons)[number];

/**
 * The stock ledger (migration 0013): a row for every change of a tool's `available`, written in
 * the same transaction as the change. For every tool the deltas sum to its available quantity.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: stockReasons }).notNull(),
    /** The order that took or gave back the stock (`order`, `cancel`, `expiry`). */
    orderId: uuid('order_id'),
    /** The admin's name (`admin`, `initial`, or an admin's cancel). */
    by: text('by'),
    /** The quote that held the stock or gave it back (`quote`, migration 0047). */
    quoteId: uuid('quote_id'),
  },
  (t) => [
    index('stock_ledger_tool_idx').on(t.toolId, t.id),
    check('stock_ledger_delta_nonzero', sql`${t.delta} <> 0`),
    check(
      'stock_ledger_reason_known',
      sql`${t.reason} in ('initial', 'order', 'cancel', 'expiry', 'admin', 'quote')`,
    ),
  ],
);
