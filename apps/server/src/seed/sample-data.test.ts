import { afterEach, describe, expect, it } from 'vitest';
import { demoAccounts, lockPublishedPasswords } from '../modules/users/demo-accounts';
import { addTool, startTestShop, type TestShop } from '../test/harness';
import { Client } from '../test/http';
import { SAMPLE_DATA_KEY, seedSampleData } from './sample-data';

/** Sample data goes into an empty database once; demo accounts (published passwords) only outside production. */
let shop: TestShop | null = null;
afterEach(async () => {
  await shop?.close();
  shop = null;
});

const client = (s: TestShop) => new Client(s.app, s.config.publicUrl);
const [admin, buyer] = demoAccounts;

describe('sample data', () => {
  it('without demo accounts (production): adds the catalogue and reviews, and nobody can sign in with a published password', async () => {
    shop = await startTestShop({ env: { AUTH_RATE_LIMIT: '1000' } });
    const added = await seedSampleData(shop.services, { demoAccounts: false });
    expect(added).toMatchObject({ accounts: 0 });
    expect(added.tools).toBeGreaterThan(0);
    expect(added.reviews).toBeGreaterThan(0);
    for (const a of demoAccounts)
      expect((await client(shop).signIn(a.email, a.password)).statusCode).toBe(401);
    expect((await client(shop).get('/api/handTools')).json()).toHaveLength(added.tools);
  });

  it('is added once: a tool and a demo account an admin deleted do not come back at the next start', async () => {
    shop = await startTestShop({ env: { AUTH_RATE_LIMIT: '1000' } });
    expect(await seedSampleData(shop.services, { demoAccounts: true })).toMatchObject({ accounts: 2 });
    const owner = client(shop);
    expect((await owner.signIn(admin.email, admin.password)).statusCode).toBe(200);
    const [tool] = (await owner.get('/api/handTools')).json();
    expect((await owner.delete(`/api/handTools/${tool._id}`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/users/${buyer.email}`)).statusCode).toBe(200);
    const toolsLeft = (await owner.get('/api/handTools')).json().length;

    // The next start, on the same database.
    const again = await startTestShop({
      sharedDatabase: shop.database,
      databaseUrl: shop.databaseUrl,
      env: { AUTH_RATE_LIMIT: '1000' },
    });
    try {
      expect(await seedSampleData(again.services, { demoAccounts: true })).toEqual({
        tools: 0,
        reviews: 0,
        accounts: 0,
      });
      expect((await client(again).signIn(buyer.email, buyer.password)).statusCode).toBe(401);
      const list = (await client(again).get('/api/handTools')).json();
      expect(list).toHaveLength(toolsLeft);
      expect(list.map((t: { _id: string }) => t._id)).not.toContain(tool._id);
    } finally {
      await again.close();
    }
  });

  it('treats a database that already has tools but no record (seeded by an older version) as seeded', async () => {
    shop = await startTestShop();
    await addTool(shop, { minQuantity: 1, available: 5, priceCents: 100, productName: 'Our own chisel' });
    expect(await shop.services.meta.get(SAMPLE_DATA_KEY)).toBeNull();

    expect(await seedSampleData(shop.services, { demoAccounts: true })).toEqual({
      tools: 0,
      reviews: 0,
      accounts: 0,
    });
    expect(await shop.services.meta.get(SAMPLE_DATA_KEY)).toMatch(/not added/);
    expect((await client(shop).get('/api/handTools')).json()).toHaveLength(1);
    expect(await shop.services.users.exists(admin.email)).toBe(false);
  });

  it('in production, locks a demo account an older version left with its published password, and only that one', async () => {
    shop = await startTestShop({ env: { AUTH_RATE_LIMIT: '1000' } });
    await seedSampleData(shop.services, { demoAccounts: true });
    // The buyer changed the password; the admin still has the published one and is signed in.
    const buyerClient = client(shop);
    await buyerClient.signIn(buyer.email, buyer.password);
    expect(
      (
        await buyerClient.post('/api/auth/change-password', {
          currentPassword: buyer.password,
          newPassword: 'a-private-one',
        })
      ).statusCode,
    ).toBe(200);
    const signedInAdmin = client(shop);
    await signedInAdmin.signIn(admin.email, admin.password);
    expect((await signedInAdmin.get('/api/users')).statusCode).toBe(200);

    expect(await lockPublishedPasswords(shop.services.auth)).toEqual([admin.email]);

    expect((await client(shop).signIn(admin.email, admin.password)).statusCode).toBe(401);
    expect((await signedInAdmin.get('/api/users')).statusCode).toBe(401);
    expect((await client(shop).signIn(buyer.email, 'a-private-one')).statusCode).toBe(200);
    expect(await lockPublishedPasswords(shop.services.auth)).toEqual([]);
  });
});
