import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { tools } from './catalog';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    rating: integer('rating').notNull(),
    /** The author's picture URL, or null for the default avatar. */
    img: text('img'),
    authorEmail: text('author_email'),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * A review an admin removed is kept for the record, with who removed it (the admin's
     * e-mail) and why, and is never shown again.
     */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    removedBy: text('removed_by'),
    removalReason: text('removal_reason'),
    /** The tool reviewed; null for a review of the shop, as every review before migration 0037 is (decision 0058). */
    toolId: uuid('tool_id').references(() => tools.id),
    /** Who wrote it (one review per buyer per tool); null before migration 0037 and once the account is deleted. */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The public list pages through the reviews still shown, newest first (docs/decisions/0015).
    index('reviews_listed_idx').on(t.createdAt, t.id).where(sql`${t.removedAt} is null`),
    uniqueIndex('reviews_one_per_buyer_tool')
      .on(t.toolId, t.authorId)
      .where(sql`${t.toolId} is not null and ${t.authorId} is not null`),
    index('reviews_tool_listed_idx')
      .on(t.toolId, t.createdAt, t.id)
      .where(sql`${t.toolId} is not null and ${t.removedAt} is null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'reviews_removal_recorded',
      sql`(${t.removedAt} is null) = (${t.removedBy} is null) and (${t.removedAt} is null) = (${t.removalReason} is null)`,
    ),
  ],
);
