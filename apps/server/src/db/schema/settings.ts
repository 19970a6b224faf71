import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's own settings (docs/rules.md, "Shop settings", modules/settings/shop-settings.service.ts): one row, the
 * whole settings object as the shared contract parses it (`ShopSettingsFields`), and who saved
 * it last. No row: the defaults apply, and the shop behaves as the spec's.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The admin's e-mail address. */
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
);

/** Every change of the settings: what they were before (null: the defaults), what they became, who and when. */
export const shopSettingsHistory = pgTable('shop_settings_history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  previous: jsonb('previous'),
  value: jsonb('value').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The admin's e-mail address. */
  changedBy: text('changed_by').notNull(),
});
