import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../../db/schema';
import { startTestShop, type TestShop } from '../../test/harness';
import { clientsFrom } from '../../test/http';

/**
 * Opening a verification link confirms the address and signs nobody in: a visitor sent from
 * another site to an attacker's unopened link must not end up signed in as the attacker (login
 * CSRF). A browser that is not signed in is sent to log in, told that the address is confirmed.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(() => shop?.close());

const nextClient = clientsFrom('10.22');
const client = () => nextClient(shop);
const row = async (email: string) =>
  (await shop.database.db.select().from(user).where(eq(user.email, email)))[0];
const sessionsOf = async (userId: string) =>
  (await shop.database.db.select().from(session).where(eq(session.userId, userId))).length;
const linkFor = async (email: string, callbackURL?: string) => {
  const token = await createEmailVerificationToken(shop.config.authSecret, email);
  return `/api/auth/verify-email?token=${token}${callbackURL ? `&callbackURL=${encodeURIComponent(callbackURL)}` : ''}`;
};

describe("a signed-out visitor opening someone else's verification link", () => {
  it('is not signed in: the address is confirmed and the visitor is sent to log in', async () => {
    await client().signUp('Mallory', 'mallory-csrf@kanna.example');
    const attacker = await row('mallory-csrf@kanna.example');
    const sessionsBefore = await sessionsOf(attacker?.id as string);

    const visitor = client();
    const opened = await visitor.get(await linkFor('mallory-csrf@kanna.example', '/dashboard/myProfile'));
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/login?confirmed=1');
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect(opened.headers['set-auth-token']).toBeUndefined();
    expect(visitor.cookies.size).toBe(0);
    expect((await visitor.get('/api/auth/get-session')).json()).toBeNull();
    expect((await visitor.get('/api/users/mallory-csrf@kanna.example')).statusCode).toBe(401);

    expect((await row('mallory-csrf@kanna.example'))?.emailVerified).toBe(true);
    expect(await sessionsOf(attacker?.id as string)).toBe(sessionsBefore);
  });

  it('is not signed in when the link has no page to return to either (the JSON answer)', async () => {
    await client().signUp('Trudy', 'trudy-csrf@kanna.example');
    const visitor = client();
    const opened = await visitor.get(await linkFor('trudy-csrf@kanna.example'));
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect(opened.headers['set-auth-token']).toBeUndefined();
    expect((await visitor.get('/api/auth/get-session')).json()).toBeNull();
    expect((await row('trudy-csrf@kanna.example'))?.emailVerified).toBe(true);
  });

  it('is told when the link is not valid, not that the address is confirmed', async () => {
    const opened = await client().get('/api/auth/verify-email?token=not-a-token&callbackURL=%2F');
    expect(opened.statusCode).toBe(302);
    expect(String(opened.headers.location)).toMatch(/error=INVALID_TOKEN/);
    expect(String(opened.headers.location)).not.toMatch(/confirmed/);
  });
});

describe('the browser that signed up', () => {
  it('stays signed in and goes to the page the link names', async () => {
    const owner = await (async () => {
      const c = client();
      await c.signUp('Hana', 'hana-own@kanna.example');
      return c;
    })();
    const opened = await owner.get(await linkFor('hana-own@kanna.example', '/purchase/abc'));
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/purchase/abc');
    expect((await owner.get('/api/auth/get-session')).json().user).toMatchObject({
      email: 'hana-own@kanna.example',
      emailVerified: true,
    });
  });
});
