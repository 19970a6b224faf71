import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminEmailGrants, user } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit/audit.service';

/** Who the audit log says granted a role by the server's ADMIN_EMAILS setting. */
const listedAdminActor: AuditActor = { id: 'ADMIN_EMAILS', name: 'ADMIN_EMAILS', email: '' };

/** Who the audit log says granted a role by the operator's `npm run shop -- make-admin`. */
export const makeAdminActor: AuditActor = { id: 'make-admin', name: 'make-admin', email: '' };

/**
 * ADMIN_EMAILS grants the administrator role once per address, when the address is first confirmed
 * (the mailed link, or an identity provider that verified it): the grant is remembered by address
 * in `admin_email_grants` and recorded in the audit log, in one transaction. A role taken away
 * afterwards (Remove admin, or the account deleted and signed up for again) stays taken away until
 * an administrator or `make-admin` grants it. True when this call granted it.
 */
export async function grantListedAdminOnce(
  db: Database,
  account: { id: string; email: string; emailVerified: boolean },
  listed: (email: string) => boolean,
): Promise<boolean> {
  if (!account.emailVerified || !listed(account.email)) return false;
  return db.transaction(async (tx) => {
    const first = await tx
      .insert(adminEmailGrants)
      .values({ email: account.email.toLowerCase() })
      .onConflictDoNothing()
      .returning({ email: adminEmailGrants.email });
    if (!first.length) return false;
    const [granted] = await tx
      .update(user)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(and(eq(user.id, account.id), ne(user.role, 'admin')))
      .returning({ id: user.id, email: user.email });
    if (!granted) return false;
    await recordAudit(tx, listedAdminActor, {
      kind: 'user.promote',
      target: { type: 'user', id: granted.id, label: granted.email },
      before: { role: 'user' },
      after: { role: 'admin' },
    });
    return true;
  });
}
