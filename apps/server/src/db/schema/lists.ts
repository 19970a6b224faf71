import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Saved lists (定番リスト, migration 0034): a buyer's named lines of tools and quantities, kept
 * for ordering again; prices are never kept, always today's. Seen and changed by its owner only.
 */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lines: jsonb('lines').$type<{ toolId: string; quantity: number }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('saved_lists_user_idx').on(t.userId, t.updatedAt)],
);
