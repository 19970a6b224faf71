import type { AuditKind } from '@kanna/shared/domain/audit';
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

/** The database or a transaction: an entry is written in its action's transaction. */
export type AuditTx = Pick<Database, 'insert'>;

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

/** The list's filters, already checked: `from`/`to` as SQL instants (a plain date made a day in the shop's zone). */
export type AuditFilters = { actor?: string; kind?: AuditKind; from?: SQL; to?: SQL; afterId?: number };

export const auditRepository = {
  async insert(tx: AuditTx, row: NewAuditRow): Promise<void> {
    await tx.insert(auditLog).values(row);
  },

  /** `limit` entries newest first (by id: entries are only ever added), after the cursor's id. */
  page(db: Pick<Database, 'select'>, f: AuditFilters, limit: number): Promise<AuditRow[]> {
    return db
      .select()
      .from(auditLog)
      .where(
        and(
          f.actor
            ? or(eq(auditLog.actorEmail, f.actor.toLowerCase()), eq(auditLog.actorId, f.actor))
            : undefined,
          f.kind ? eq(auditLog.kind, f.kind) : undefined,
          f.from ? sql`${auditLog.at} >= ${f.from}` : undefined,
          f.to ? sql`${auditLog.at} < ${f.to}` : undefined,
          f.afterId === undefined ? undefined : lt(auditLog.id, f.afterId),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(limit);
  },
};
