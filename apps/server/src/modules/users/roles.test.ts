import { messages } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { user } from '../../db/schema';
import { onPostgres, startTestShop, type TestShop } from '../../test/harness';
import { type Client, clientsFrom } from '../../test/http';

/**
 * Roles both ways: `PUT /api/users/admin/{email}` makes an administrator and
 * `DELETE /api/users/admin/{email}` takes the role away, never from the last administrator —
 * not even when two administrators demote each other at the same moment. A demoted account's
 * sessions lose the role on their very next request, on every instance.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(() => shop?.close());

const nextClient = clientsFrom('10.14');
const client = (on = shop) => nextClient(on);
const signedUp = async (name: string, email: string) => {
  const c = client();
  await c.signUp(name, email);
  return c;
};
const anAdmin = async (name: string, email: string) => {
  const c = await signedUp(name, email);
  await shop.services.users.promote(email);
  return c;
};
const roleOf = async (email: string) =>
  (await shop.database.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role;
const adminEmails = async () =>
  (await shop.database.db.select({ email: user.email }).from(user).where(eq(user.role, 'admin'))).map(
    (a) => a.email,
  );
/** Any route for administrators only: 200 for an admin, 403 for anyone else signed in. */
const adminRead = (c: Client) => c.get('/api/users');
const demote = (by: Client, email: string) => by.delete(`/api/users/admin/${email}`);

describe('DELETE /api/users/admin/{email}', () => {
  it("takes another admin's role (200, modifiedCount 1): their next admin request is 403, here and on another instance", async () => {
    const chief = await anAdmin('Chief', 'chief@roles.example');
    const deputy = await anAdmin('Deputy', 'deputy@roles.example');
    // Instances behind one address share the signing secret.
    const env = { AUTH_SECRET: shop.config.authSecret };
    const other = await startTestShop(
      shop.databaseUrl ? { databaseUrl: shop.databaseUrl, env } : { sharedDatabase: shop.database, env },
    );
    try {
      const there = client(other);
      there.cookies = new Map(deputy.cookies);
      // Both instances have the deputy's session cached as an administrator's.
      expect((await adminRead(deputy)).statusCode).toBe(200);
      expect((await adminRead(there)).statusCode).toBe(200);

      const res = await demote(chief, 'deputy@roles.example');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
      expect((await adminRead(deputy)).statusCode).toBe(403);
      await vi.waitFor(async () => expect((await adminRead(there)).statusCode).toBe(403), {
        timeout: 5000,
        interval: 50,
      });
      expect(await roleOf('deputy@roles.example')).toBe('user');
      expect((await demote(chief, 'deputy@roles.example')).json()).toEqual({
        acknowledged: true,
        modifiedCount: 0,
      });
    } finally {
      await other.close();
    }
  });

  it('refuses a customer (403) and an anonymous caller (401), the role unchanged', async () => {
    await anAdmin('Kept', 'kept@roles.example');
    const customer = await signedUp('Customer', 'customer@roles.example');
    const refused = await demote(customer, 'kept@roles.example');
    expect(refused.statusCode).toBe(403);
    expect((await demote(client(), 'kept@roles.example')).statusCode).toBe(401);
    expect(await roleOf('kept@roles.example')).toBe('admin');
  });

  it('answers 404 for an e-mail no account has', async () => {
    const chief = client();
    expect((await chief.signIn('chief@roles.example')).statusCode).toBe(200);
    const res = await demote(chief, 'nobody@roles.example');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.notFound('This user'));
  });

  it('keeps the last administrator (409 with the message, still an admin)', async () => {
    await shop.database.db.update(user).set({ role: 'user' });
    const solo = await anAdmin('Solo', 'solo@roles.example');
    const res = await demote(solo, 'solo@roles.example');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.lastAdminRoleKept);
    expect(await roleOf('solo@roles.example')).toBe('admin');
    expect((await adminRead(solo)).statusCode).toBe(200);
  });

  it('lets an admin give up their own role while another admin remains; their session loses it at once', async () => {
    const solo = client();
    expect((await solo.signIn('solo@roles.example')).statusCode).toBe(200);
    const heir = await anAdmin('Heir', 'heir@roles.example');
    expect((await adminRead(solo)).statusCode).toBe(200);
    const res = await demote(solo, 'solo@roles.example');
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await adminRead(solo)).statusCode).toBe(403);
    expect(await adminEmails()).toEqual(['heir@roles.example']);
    const last = await demote(heir, 'heir@roles.example');
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(messages.lastAdminRoleKept);
  });

  it.skipIf(!onPostgres())(
    'two administrators demoting each other at the same moment: exactly one succeeds and one admin remains',
    async () => {
      for (let round = 1; round <= 5; round++) {
        await shop.database.db.update(user).set({ role: 'user' });
        const [aEmail, bEmail] = [`pair-${round}-a@roles.example`, `pair-${round}-b@roles.example`];
        const a = await anAdmin(`A ${round}`, aEmail);
        const b = await anAdmin(`B ${round}`, bEmail);
        const answers = await Promise.all([demote(a, bEmail), demote(b, aEmail)]);
        // The loser finds its target the last administrator (409), or, a moment later, that it
        // is no administrator any more (403).
        const won = answers.filter((r) => r.statusCode === 200);
        expect(won, `round ${round}`).toHaveLength(1);
        expect(won[0]?.json().modifiedCount, `round ${round}`).toBe(1);
        const lost = answers.find((r) => r.statusCode !== 200);
        expect([403, 409], `round ${round}`).toContain(lost?.statusCode);
        if (lost?.statusCode === 409) expect(lost.json().message).toBe(messages.lastAdminRoleKept);
        expect(await adminEmails(), `round ${round}`).toHaveLength(1);
      }
    },
  );
});
