import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * The buyer's address book (migration 0040): one billing address and up to 20 delivery addresses
 * per account, seen and changed by their owner only. A Japanese entry keeps its postal code,
 * prefecture, city, street and building; any other its two lines, city, region and postal code.
 */
export const addressBookEntries = pgTable(
  'address_book_entries',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    kind: text('kind', { enum: ['billing', 'delivery'] }).notNull(),
    recipient: text('recipient').notNull(),
    company: text('company'),
    department: text('department'),
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    postalCode: text('postal_code'),
    prefecture: text('prefecture'),
    city: text('city').notNull(),
    street: text('street'),
    building: text('building'),
    line1: text('line1'),
    line2: text('line2'),
    region: text('region'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('address_book_user_idx').on(t.userId, t.kind),
    // One billing address per account, whatever two requests at once attempt.
    uniqueIndex('address_book_one_billing').on(t.userId).where(sql`${t.kind} = 'billing'`),
    check('address_book_kind_known', sql`${t.kind} in ('billing', 'delivery')`),
    check('address_book_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);
