import { randomBytes } from 'node:crypto';
import type { Auth } from '../auth/auth';
import type { UsersService } from './users.service';

/**
 * Sample-data accounts, added with the sample data outside production only (their passwords
 * are published: the server prints them at start and the README shows them).
 */
export const demoAccounts = [
  { name: 'Kanna Admin', email: 'admin@kanna.example', password: 'kanna-admin', role: 'admin' },
  { name: 'Demo Buyer', email: 'buyer@kanna.example', password: 'kanna-buyer', role: 'user' },
] as const;

/** Signs up the demo accounts that are missing (through Better Auth, like any user). Returns how many. */
export async function seedDemoAccounts(auth: Auth, users: UsersService): Promise<number> {
  let added = 0;
  for (const a of demoAccounts) {
    if (await users.exists(a.email)) continue;
    await auth.api.signUpEmail({ body: { name: a.name, email: a.email, password: a.password } });
    if (a.role === 'admin') await users.promote(a.email);
    await users.markVerified(a.email);
    added++;
  }
  return added;
}

/**
 * Production: a demo account that an older version added and whose password is still the
 * published one gets a random password and loses its sessions, so nobody can sign in with
 * what the README prints. Its orders and reviews stay; the owner can delete it or take it over
 * with a password reset. Returns the addresses locked.
 */
export async function lockPublishedPasswords(auth: Auth): Promise<string[]> {
  const ctx = await auth.$context;
  const locked: string[] = [];
  for (const a of demoAccounts) {
    const found = await ctx.internalAdapter.findUserByEmail(a.email, { includeAccounts: true });
    const hash = found?.accounts.find((acc) => acc.providerId === 'credential')?.password;
    if (!found || !hash || !(await ctx.password.verify({ hash, password: a.password }))) continue;
    await ctx.internalAdapter.updatePassword(
      found.user.id,
      await ctx.password.hash(randomBytes(32).toString('base64url')),
    );
    await ctx.internalAdapter.deleteUserSessions(found.user.id);
    locked.push(a.email);
  }
  return locked;
}
