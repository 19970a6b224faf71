import type { UserRecord } from '@kanna/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';

type UserRow = typeof user.$inferSelect;

export const toUserRecord = (u: UserRow): UserRecord => ({
  email: u.email,
  displayName: u.name,
  role: u.role,
  emailVerified: u.emailVerified,
  phone: u.phone,
  district: u.district,
  city: u.city,
  streetAddress: u.streetAddress,
  facebook: u.facebook,
  linkedin: u.linkedin,
  img: u.image,
  createdAt: u.createdAt.toISOString(),
});

export type ProfileChanges = Partial<{
  displayName: string;
  phone: string;
  district: string;
  city: string;
  streetAddress: string | undefined;
  facebook: string | undefined;
  linkedin: string | undefined;
  img: string | undefined;
}>;

/** `accountChanged` is told of every committed change to an account (the session cache forgets it). */
export function usersService(db: Database, accountChanged: (userId: string) => Promise<void>) {
  async function find(email: string): Promise<UserRow> {
    const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
    if (!row) throw notFound('This user');
    return row;
  }

  return {
    get: async (email: string) => toUserRecord(await find(email)),

    exists: async (email: string) =>
      (await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()))).length > 0,

    async markVerified(email: string): Promise<void> {
      await db.update(user).set({ emailVerified: true }).where(eq(user.email, email.toLowerCase()));
    },

    isAdmin: async (email: string) => (await find(email)).role === 'admin',

    /** Updates the record's profile fields; a role is not among them. */
    async update(
      email: string,
      changes: ProfileChanges,
    ): Promise<{ modifiedCount: number; user: UserRecord }> {
      const current = await find(email);
      const set: Partial<UserRow> = {};
      if (changes.displayName !== undefined) set.name = changes.displayName;
      for (const key of ['phone', 'district', 'city', 'streetAddress', 'facebook', 'linkedin'] as const) {
        if (key in changes) set[key] = changes[key] ?? null;
      }
      if ('img' in changes) set.image = changes.img ?? null;
      const differs = Object.entries(set).some(([k, v]) => current[k as keyof UserRow] !== v);
      if (!differs) return { modifiedCount: 0, user: toUserRecord(current) };
      const [row] = await db
        .update(user)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(user.id, current.id))
        .returning();
      await accountChanged(current.id);
      return { modifiedCount: 1, user: toUserRecord(row ?? current) };
    },

    async list(): Promise<UserRecord[]> {
      return (await db.select().from(user).orderBy(asc(user.createdAt))).map(toUserRecord);
    },

    /** Promotion is one-way (spec §4: no demotion). */
    async promote(email: string): Promise<number> {
      const target = await find(email);
      const changed = await db
        .update(user)
        .set({ role: 'admin', updatedAt: new Date() })
        .where(and(eq(user.id, target.id), ne(user.role, 'admin')))
        .returning({ id: user.id });
      if (changed.length) await accountChanged(target.id);
      return changed.length;
    },

    /** Removes an account; never oneself, never the last administrator. Orders keep their copy. */
    async remove(email: string, callerEmail: string): Promise<number> {
      const target = await find(email);
      if (target.email === callerEmail.toLowerCase())
        throw new AppError(409, 'You cannot delete your own account.');
      const removed = await db.transaction(async (tx) => {
        if (target.role === 'admin') {
          const [admins] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(user)
            .where(eq(user.role, 'admin'));
          if ((admins?.n ?? 0) <= 1) throw new AppError(409, 'The last administrator cannot be deleted.');
        }
        const gone = await tx.delete(user).where(eq(user.id, target.id)).returning({ id: user.id });
        return gone.length;
      });
      if (removed) await accountChanged(target.id);
      return removed;
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
