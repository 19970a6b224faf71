import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (docs/rules.md, "Audit log", modules/audit): one row per admin action, written in the action's
 * own transaction — who (as the session named them then), when, what kind, on what, and what
 * changed (`before` → `after`, only the fields that changed). Only ever added to: migration
 * 0018's trigger refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** 'user.promote', 'product.update', 'order.ship', … (`auditKinds` in packages/shared). */
    kind: text('kind').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What a person recognises: an e-mail, a product name, an order number. */
    targetLabel: text('target_label').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_kind_idx').on(t.kind, t.id),
    index('audit_log_actor_email_idx').on(t.actorEmail, t.id),
    index('audit_log_actor_id_idx').on(t.actorId, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);
