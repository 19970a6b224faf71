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
