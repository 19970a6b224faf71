import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTool, startTestShop, type TestShop, verifyEmail } from '../test/harness';
import { Client } from '../test/http';
import { placeOrder } from '../test/shopping';

/**
 * Signed-in users are cached per credential for a while (lib/session-cache.ts); these check
 * that every change to an account or its sessions takes effect on the very next call, on this
 * instance and on another one on the same database.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ env: { ADMIN_EMAILS: 'chief@kanna.example' } });
});
afterAll(() => shop?.close());

let ip = 1;
const client = (on = shop) => new Client(on.app, on.config.publicUrl, `10.7.0.${ip++}`);
const sameCookies = (from: Client, on = shop) => {
  const c = client(on);
  c.cookies = new Map(from.cookies);
  return c;
};
const me = (c: Client, email: string) => c.get(`/api/users/${email}`);

describe('the session cache follows every change at once', () => {
  it('a signed-out session is refused on its next call, though it was just used', async () => {
    const c = await signedUp('Ami', 'ami@kanna.example');
    const copy = sameCookies(c);
    expect((await me(copy, 'ami@kanna.example')).statusCode).toBe(200);
    expect((await c.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    expect((await me(copy, 'ami@kanna.example')).statusCode).toBe(401);
  });

  it('revoking the other sessions signs out the other device at once', async () => {
    const laptop = await signedUp('Bo', 'bo@kanna.example');
    const phone = client();
    expect((await phone.signIn('bo@kanna.example')).statusCode).toBe(200);
    expect((await me(phone, 'bo@kanna.example')).statusCode).toBe(200);
    expect((await laptop.post('/api/auth/revoke-other-sessions', {})).statusCode).toBe(200);
    expect((await me(phone, 'bo@kanna.example')).statusCode).toBe(401);
    expect((await me(laptop, 'bo@kanna.example')).statusCode).toBe(200);
  });

  it('a promoted user is an administrator on the next call', async () => {
    // ADMIN_EMAILS makes the chief an administrator once the address is confirmed.
    const chief = await signedUp('Chief', 'chief@kanna.example');
    await verifyEmail(shop, chief, 'chief@kanna.example');
    const worker = await signedUp('Cho', 'cho@kanna.example');
    expect((await worker.get('/api/users')).statusCode).toBe(403);
    expect((await chief.put('/api/users/admin/cho@kanna.example', {})).json().modifiedCount).toBe(1);
    expect((await worker.get('/api/users')).statusCode).toBe(200);
  });

  it('a deleted account is refused on its next call', async () => {
    const chief = client();
    expect((await chief.signIn('chief@kanna.example')).statusCode).toBe(200);
    const gone = await signedUp('Dai', 'dai@kanna.example');
    expect((await me(gone, 'dai@kanna.example')).statusCode).toBe(200);
    expect((await chief.delete('/api/users/dai@kanna.example')).json().deletedCount).toBe(1);
    expect((await me(gone, 'dai@kanna.example')).statusCode).toBe(401);
  });

  it('a new display name is the one the next order is placed under', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 1000 });
    const c = await signedUp('Emi', 'emi@kanna.example');
    await verifyEmail(shop, c, 'emi@kanna.example');
    expect((await me(c, 'emi@kanna.example')).statusCode).toBe(200);
    expect((await c.put('/api/users/emi@kanna.example', { displayName: 'Emi Sato' })).statusCode).toBe(200);
    await placeOrder(c, tool._id, 1);
    const [order] = (await c.get('/api/order/emi@kanna.example')).json() as { name: string }[];
    expect(order?.name).toBe('Emi Sato');
  });

  it('a sign-out on one instance is refused on another that had the session cached', async () => {
    // Instances behind one address share the signing secret.
    const env = { AUTH_SECRET: shop.config.authSecret };
    const other = await startTestShop(
      shop.databaseUrl ? { databaseUrl: shop.databaseUrl, env } : { sharedDatabase: shop.database, env },
    );
    try {
      const c = await signedUp('Fumi', 'fumi@kanna.example');
      const there = sameCookies(c, other);
      expect((await me(there, 'fumi@kanna.example')).statusCode).toBe(200);
      expect((await c.post('/api/auth/sign-out', {})).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await me(there, 'fumi@kanna.example')).statusCode).toBe(401), {
        timeout: 5000,
        interval: 50,
      });
    } finally {
      await other.close();
    }
  });
});

async function signedUp(name: string, email: string): Promise<Client> {
  const c = client();
  await c.signUp(name, email);
  return c;
}
