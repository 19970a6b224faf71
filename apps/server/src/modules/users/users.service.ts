import { pictureId, says, type UserRecord, type UsersQuery } from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import { profileTextFields } from '@kanna/shared/profile';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { safePicture } from '../../lib/identity';
import { containing, DEFAULT_PAGE_SIZE, newestFirst, type Page, pageOf } from '../../lib/paging';
import { type AuditActor, changes as changedFields, recordAudit } from '../audit/audit.service';
import { mediaService } from '../media/media.service';

type UserRow = typeof user.$inferSelect;

/** A profile's address and links, as the contract and the audit log both name them. */
const contactFields = (u: UserRow) => ({
  phone: u.phone,
  district: u.district,
  city: u.city,
  streetAddress: u.streetAddress,
  country: u.country,
  company: u.company,
  department: u.department,
  facebook: u.facebook,
  linkedin: u.linkedin,
});

const toUserRecord = (u: UserRow): UserRecord => ({
  email: u.email,
  displayName: u.name,
  role: u.role,
  emailVerified: u.emailVerified,
  ...contactFields(u),
  img: safePicture(u.image),
  approved: u.approved,
  language: u.language,
  createdAt: u.createdAt.toISOString(),
});

export type ProfileChanges = Partial<{
  displayName: string;
  phone: string;
  district: string;
  city: string;
  streetAddress: string | undefined;
  country: string | undefined;
  company: string | undefined;
  department: string | undefined;
  facebook: string | undefined;
  linkedin: string | undefined;
  img: string | undefined;
  language: Language;
}>;

/**
 * Every administrator row, locked for the rest of the transaction, in id order: two callers
 * queue rather than deadlock, and the second reads the administrators the first one left.
 */
const lockAdmins = (tx: Pick<Database, 'select'>) =>
  tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.role, 'admin'))
    .orderBy(asc(user.id))
    .for('update');

/** A profile as the audit log records an admin's edit of it: the contract's names. */
const profileFields = (u: UserRow) => ({
  displayName: u.name,
  ...contactFields(u),
  picture: u.image,
});

/** An account's role changing, as the audit log records it. */
const roleChange = (kind: 'user.promote' | 'user.demote', target: UserRow, role: 'admin' | 'user') => ({
  kind,
  target: { type: 'user' as const, id: target.id, label: target.email },
  before: { role: role === 'admin' ? 'user' : 'admin' },
  after: { role },
});

/** `accountChanged` is told of every committed change to an account (the session cache forgets it). */
export function usersService(db: Database, accountChanged: (userId: string) => Promise<void>) {
  const media = mediaService(db);

  async function find(email: string): Promise<UserRow> {
    const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
    if (!row) throw notFound('This user');
    return row;
  }

  const service = {
    get: async (email: string) => toUserRecord(await find(email)),

    exists: async (email: string) =>
      (await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()))).length > 0,

    isAdmin: async (email: string) => (await find(email)).role === 'admin',

    /**
     * Updates the record's profile fields; a role is not among them. An admin's edit of someone
     * else's profile (`actor`) is in the audit log, with the fields it changed.
     */
    async update(
      email: string,
      changes: ProfileChanges,
      actor?: AuditActor,
    ): Promise<{ modifiedCount: number; user: UserRecord }> {
      const current = await find(email);
      if (changes.img && changes.img !== current.image && !(await media.exists(pictureId(changes.img)))) {
        throw new AppError('invalid', says.pictureMissing);
      }
      const set: Partial<UserRow> = {};
      if (changes.displayName !== undefined) set.name = changes.displayName;
      for (const key of profileTextFields) {
        if (key in changes) set[key] = changes[key] ?? null;
      }
      if ('img' in changes) set.image = changes.img ?? null;
      if (changes.language !== undefined) set.language = changes.language;
      const differs = Object.entries(set).some(([k, v]) => current[k as keyof UserRow] !== v);
      if (!differs) return { modifiedCount: 0, user: toUserRecord(current) };
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(user)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(user.id, current.id))
          .returning();
        const changed =
          actor && updated ? changedFields(profileFields(current), profileFields(updated)) : null;
        if (actor && changed) {
          const target = { type: 'user' as const, id: current.id, label: current.email };
          await recordAudit(tx, actor, { kind: 'user.update', target, ...changed });
        }
        return updated;
      });
      await accountChanged(current.id);
      return { modifiedCount: 1, user: toUserRecord(row ?? current) };
    },

    /**
     * A customer's own profile picture, uploaded: checked like a product picture, stored at every
     * width, and made the account's one picture (the one it replaces goes with the unused-picture
     * clean-up a day later).
     */
    async setPicture(
      email: string,
      bytes: Buffer,
      actor?: AuditActor,
    ): Promise<{ modifiedCount: number; user: UserRecord }> {
      await find(email);
      const id = await media.storeUpload(bytes);
      return service.update(email, { img: `/media/${id}/320.webp` }, actor);
    },

    /** One page of accounts, newest first, matching the admin's search and role. */
    async list(query: UsersQuery = {}): Promise<Page<UserRecord>> {
      const keyset = newestFirst(user.createdAt, user.id, query.cursor, 'string');
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await db
        .select({ row: user, at: keyset.at })
        .from(user)
        .where(
          and(
            query.role ? eq(user.role, query.role) : undefined,
            // The expression of the trigram index user_search_idx.
            query.q
              ? sql`lower(${user.email} || ' ' || ${user.name}) like ${containing(query.q.toLowerCase())}`
              : undefined,
            keyset.where,
          ),
        )
        .orderBy(...keyset.orderBy)
        .limit(limit + 1);
      const page = pageOf(rows, limit, (r) => [r.at, r.row.id]);
      return { items: page.items.map((r) => toUserRecord(r.row)), next: page.next };
    },

    /**
     * Makes an account an administrator; undone by `demote` (docs/decisions/0009). An admin's
     * promotion is in the audit log (`actor`: the admin, or `make-admin`'s own; none for the seed).
     */
    async promote(email: string, actor?: AuditActor): Promise<number> {
      const target = await find(email);
      const changed = await db.transaction(async (tx) => {
        const done = await tx
          .update(user)
          .set({ role: 'admin', updatedAt: new Date() })
          .where(and(eq(user.id, target.id), ne(user.role, 'admin')))
          .returning({ id: user.id });
        if (done.length && actor) await recordAudit(tx, actor, roleChange('user.promote', target, 'admin'));
        return done;
      });
      if (changed.length) await accountChanged(target.id);
      return changed.length;
    },

    /** Approves a trade buyer (or withdraws it): placing an order reads the flag in its own call. */
    async setApproved(email: string, approved: boolean, actor: AuditActor): Promise<number> {
      const target = await find(email);
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(user)
          .set({ approved, updatedAt: new Date() })
          .where(and(eq(user.id, target.id), ne(user.approved, approved)))
          .returning({ id: user.id });
        if (changed.length) {
          await recordAudit(tx, actor, {
            kind: 'user.approve',
            target: { type: 'user', id: target.id, label: target.email },
            before: { approved: !approved },
            after: { approved },
          });
        }
        return changed.length;
      });
    },

    /**
     * Removes an account; never oneself, never the last administrator. Orders keep their copy.
     *
     * The check and the delete are one step: every administrator row is locked (in id order, so
     * two deletions queue rather than deadlock) before anything is read, so two administrators
     * deleting each other at the same moment cannot both see "another admin remains". The
     * second one waits, then finds itself gone or the target the last one.
     */
    async remove(email: string, admin: AuditActor): Promise<number> {
      const target = await find(email);
      const caller = admin.email.toLowerCase();
      if (target.email === caller) throw new AppError('conflict', says.cannotDeleteSelf);
      const removed = await db.transaction(async (tx) => {
        const admins = await lockAdmins(tx);
        const [current] = await tx
          .select({ id: user.id, role: user.role })
          .from(user)
          .where(eq(user.id, target.id));
        if (!current) return 0;
        if (current.role === 'admin' && !admins.some((a) => a.id !== current.id)) {
          throw new AppError('conflict', says.lastAdminKept);
        }
        if (!admins.some((a) => a.email === caller)) throw new AppError('forbidden', says.adminOnly);
        const gone = await tx.delete(user).where(eq(user.id, current.id)).returning({ id: user.id });
        await recordAudit(tx, admin, {
          kind: 'user.delete',
          target: { type: 'user', id: target.id, label: target.email },
          before: { name: target.name, role: current.role },
          after: null,
        });
        return gone.length;
      });
      if (removed) await accountChanged(target.id);
      return removed;
    },

    /**
     * Takes the administrator role away (oneself included), never from the last administrator.
     * Under the same locks as `remove`, so demotions and deletions racing each other queue, and
     * the one that comes second sees what the first left. The account's sessions lose the role
     * on their next request, on every instance.
     */
    async demote(email: string, admin: AuditActor): Promise<number> {
      const target = await find(email);
      const caller = admin.email.toLowerCase();
      const demoted = await db.transaction(async (tx) => {
        const admins = await lockAdmins(tx);
        if (!admins.some((a) => a.id === target.id)) return 0;
        if (admins.length === 1) throw new AppError('conflict', says.lastAdminRoleKept);
        if (!admins.some((a) => a.email === caller)) throw new AppError('forbidden', says.adminOnly);
        const changed = await tx
          .update(user)
          .set({ role: 'user', updatedAt: new Date() })
          .where(eq(user.id, target.id))
          .returning({ id: user.id });
        if (changed.length) await recordAudit(tx, admin, roleChange('user.demote', target, 'user'));
        return changed.length;
      });
      if (demoted) await accountChanged(target.id);
      return demoted;
    },
  };
  return service;
}
export type UsersService = ReturnType<typeof usersService>;
