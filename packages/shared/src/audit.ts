import { z } from 'zod';
import { pageQuery } from './common';
import { auditKinds } from './domain/audit';
import { says, told } from './domain/messages';
import { isRealTimestamp } from './domain/timestamps';

/**
 * A date (`2026-11-24`: that whole day in the shop's time zone, docs/api.md, "The API contract") or an ISO date-time
 * naming a real instant, as the orders list takes them.
 */
const auditDate = (edge: 'from' | 'to') =>
  z
    .string()
    .trim()
    .refine((v) => isRealTimestamp(v) && !Number.isNaN(Date.parse(v)), {
      ...told(says.dateInvalid(edge)),
    });

/** GET /api/audit: one page, newest first; `actor` is an admin's e-mail address or account id. */
export const auditQuery = pageQuery.extend({
  actor: z.string().trim().max(254, told(says.auditActorTooLong)).optional(),
  kind: z.enum(auditKinds, told(says.auditKindUnknown)).optional(),
  from: auditDate('from').optional(),
  to: auditDate('to').optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** Only the fields an action changed, by their contract names (e.g. `perPrice` in dollars). */
const changedFields = z.record(z.string(), z.unknown()).nullable();

const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /**
   * One of `auditKinds`, or a kind a newer release writes (during a rolling deploy this release may
   * read entries it does not know: they are shown by their name, never refused).
   */
  kind: z.string(),
  target: z.object({ type: z.string(), id: z.string(), label: z.string() }),
  before: changedFields,
  after: changedFields,
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = z.array(auditEntry);
