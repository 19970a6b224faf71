import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The pages the owner writes (docs/pages.md, modules/pages/): one row per page once it has been
 * saved; a page without one is still its template. Migration 0033.
 */
export const ownerPages = pgTable(
  'owner_pages',
  {
    slug: text('slug').primaryKey(),
    titleEn: text('title_en').notNull(),
    bodyEn: text('body_en').notNull(),
    titleJa: text('title_ja').notNull(),
    bodyJa: text('body_ja').notNull(),
    completed: boolean('completed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The admin's e-mail address. */
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    check(
      'owner_pages_sizes',
      sql`char_length(${t.titleEn}) <= 120 AND char_length(${t.titleJa}) <= 120 AND char_length(${t.bodyEn}) <= 40000 AND char_length(${t.bodyJa}) <= 40000`,
    ),
  ],
);
