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

/**
 * Adds the demo accounts that are missing, verified from the start and with their password, as
 * sign-up would store them but without its confirmation mail (nobody reads the demo addresses, and
 * the mail would say to confirm an address that is confirmed). Returns how many.
 */
export async function seedDemoAccounts(auth: Auth, users: UsersService): Promise<number> {
  const ctx = await auth.$context;
  let added = 0;
  for (const a of demoAccounts) {
    if (await users.exists(a.email)) continue;
    const user = await ctx.internalAdapter.createUser(
      { name: a.name, email: a.email, emailVerified: true },
      { method: 'email-password' },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await ctx.password.hash(a.password),
    });
    if (a.role === 'admin') await users.promote(a.email);
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
