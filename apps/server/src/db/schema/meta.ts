import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Facts about the shop's own history, one row each: e.g. `sample-data` once the sample
 * catalogue was added, so that it is added to an empty database once and never again.
 */
export const shopMeta = pgTable('shop_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
