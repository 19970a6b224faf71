import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, user } from '../../db/schema';
import { captureMailer, signUpVerified, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';

/**
 * ADMIN_EMAILS grants the administrator role once, when a listed address is first confirmed; the
 * grant is in the audit log. Taking the role away (or deleting the account) is final: nothing the
 * account does afterwards, and no new account at that address, gets it back from the list — only
 * an administrator or `make-admin` does.
 */
const CHIEF = 'chief@listed.example';
const LISTED = 'listed@listed.example';
const GONE = 'gone@listed.example';

let shop: TestShop;
let chief: Client;
let ip = 1;
const client = () => new Client(shop.app, shop.config.publicUrl, `10.77.0.${ip++}`);
const roleOf = async (email: string) =>
  (await shop.database.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role;
const grantsOf = (email: string) =>
  shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, 'user.promote'), eq(auditLog.targetLabel, email)));

beforeAll(async () => {
  shop = await startTestShop({
    mailer: captureMailer(),
    env: { ADMIN_EMAILS: `${CHIEF},${LISTED},${GONE}`, AUTH_RATE_LIMIT: '1000' },
  });
  chief = client();
  await signUpVerified(shop, chief, 'Chief', CHIEF);
});
afterAll(() => shop?.close());

describe('ADMIN_EMAILS', () => {
  it('records the automatic grant in the audit log, once, by ADMIN_EMAILS', async () => {
    expect(await roleOf(CHIEF)).toBe('admin');
    const entries = (await chief.get('/api/audit?kind=user.promote')).json() as {
      actor: { id: string; name: string };
      target: { label: string };
      before: unknown;
      after: unknown;
    }[];
    const granted = entries.filter((e) => e.target.label === CHIEF);
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({
      actor: { id: 'ADMIN_EMAILS', name: 'ADMIN_EMAILS' },
      before: { role: 'user' },
      after: { role: 'admin' },
    });
  });

  it('does not make a demoted listed admin admin again when they change their own profile', async () => {
    const listed = client();
    await signUpVerified(shop, listed, 'Listed', LISTED);
    expect(await roleOf(LISTED)).toBe('admin');
    expect((await chief.delete(`/api/users/admin/${LISTED}`)).statusCode).toBe(200);
    expect(await roleOf(LISTED)).toBe('user');

    const changed = await listed.post('/api/auth/update-user', { name: 'Listed Again' });
    expect(changed.statusCode).toBe(200);
    expect(await roleOf(LISTED)).toBe('user');
    expect((await listed.get('/api/users')).statusCode).toBe(403);
    expect(await grantsOf(LISTED)).toHaveLength(1);

    // An administrator can still grant it again.
    expect((await chief.put(`/api/users/admin/${LISTED}`)).statusCode).toBe(200);
    expect(await roleOf(LISTED)).toBe('admin');
  });

  it('does not make a deleted listed admin who signs up again and confirms the address admin', async () => {
    const first = client();
    await signUpVerified(shop, first, 'Gone', GONE);
    expect(await roleOf(GONE)).toBe('admin');
    expect((await chief.delete(`/api/users/${GONE}`)).statusCode).toBe(200);
    expect(await roleOf(GONE)).toBeUndefined();

    const again = client();
    await signUpVerified(shop, again, 'Gone Again', GONE);
    expect(await roleOf(GONE)).toBe('user');
    expect((await again.get(`/api/admin/${GONE}`)).json()).toEqual({ admin: false });
    expect((await again.get('/api/users')).statusCode).toBe(403);
    expect(await grantsOf(GONE)).toHaveLength(1);
  });
});
