import type { AuditEntry, AuditQuery } from '@kanna/shared/audit';
import type { AuditKind } from '@kanna/shared/domain/audit';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DEFAULT_PAGE_SIZE, decodeCursor, type Page, pageOf } from '../../lib/paging';
import { type AuditRow, type AuditTx, auditRepository as repo } from './audit.repository';

/** Who acted: the session's user as it was at the time (its name and address are kept with the entry). */
export type AuditActor = { id: string; name: string; email: string };

type Fields = Record<string, unknown>;

export type AuditRecord = {
  kind: AuditKind;
  target: {
    type:
      | 'user'
      | 'product'
      | 'order'
      | 'review'
      | 'enquiry'
      | 'settings'
      | 'page'
      | 'priceList'
      | 'company'
      | 'quote';
    id: string;
    label: string;
  };
  /** Only the fields that changed (`changes` picks them); null for a create's before or a delete's after. */
  before: Fields | null;
  after: Fields | null;
};

/**
 * Writes one audit entry (docs/rules.md, "Audit log") in `tx`, the transaction of the action it records, so the
 * entry exists exactly when the action committed. The log is only ever added to: no endpoint
 * changes an entry, and migration 0018's trigger refuses UPDATE and DELETE.
 */
export function recordAudit(tx: AuditTx, actor: AuditActor, entry: AuditRecord): Promise<void> {
  return repo.insert(tx, {
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email.toLowerCase(),
    kind: entry.kind,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label,
    before: entry.before,
    after: entry.after,
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `after` whose value differs from `before`'s, each side with its own value; null when none. */
export function changes(before: Fields, after: Fields): { before: Fields; after: Fields } | null {
  const keys = Object.keys(after).filter((k) => !same(before[k], after[k]));
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

const plainDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
  kind: row.kind as AuditKind,
  target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
  before: (row.before as Fields | null) ?? null,
  after: (row.after as Fields | null) ?? null,
});

/** GET /api/audit: pages of the log, newest first; a plain date is a whole day in `timeZone`. */
export function auditService(db: Database, timeZone: string) {
  /** The start of `day` in the shop's zone, or the instant an ISO date-time names. */
  const startOf = (v: string, dayAfter: boolean) =>
    plainDate(v)
      ? sql`((${v}::date + ${dayAfter ? 1 : 0}::int)::timestamp at time zone ${timeZone})`
      : sql`${new Date(v).toISOString()}::timestamptz`;

  return {
    async list(query: AuditQuery = {}): Promise<Page<AuditEntry>> {
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const afterId = query.cursor ? (decodeCursor(query.cursor, ['integer'])[0] as number) : undefined;
      const rows = await repo.page(
        db,
        {
          actor: query.actor || undefined,
          kind: query.kind,
          from: query.from ? startOf(query.from, false) : undefined,
          // `to` a day: up to the end of it; `to` an instant: up to and including it, to the millisecond (as entries show their time).
          to: query.to
            ? plainDate(query.to)
              ? startOf(query.to, true)
              : sql`(${new Date(query.to).toISOString()}::timestamptz + interval '1 millisecond')`
            : undefined,
          afterId,
        },
        limit + 1,
      );
      const page = pageOf(rows, limit, (r) => [r.id]);
      return { items: page.items.map(toEntry), next: page.next };
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
