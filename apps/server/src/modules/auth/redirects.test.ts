import { messages } from '@kanna/shared';
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { captureMailer, startTestShop, type TestShop } from '../../test/harness';
import { type Client, clientsFrom } from '../../test/http';
import { siteLocation } from './redirects';

/**
 * Where the shop sends a browser: no link of the shop (a verification or reset link, whatever
 * `callbackURL` it carries) answers with a `Location` a browser follows to another site, and no
 * request may name one as the page to return to.
 */
let shop: TestShop;
const mailer = captureMailer();
beforeAll(async () => {
  shop = await startTestShop({ mailer, env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(() => shop?.close());

const nextClient = clientsFrom('10.21');
const client = () => nextClient(shop);

/** Pages to return to that a browser reads as another site, written plainly and encoded. */
const offSite = [
  '/.//evil.example',
  '/x/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/\\evil.example',
  '/%5Cevil.example',
  '//evil.example',
  '///evil.example',
  '/%2F%2Fevil.example',
  'https://evil.example',
  'https://evil.example/login',
  'HTTPS://EVIL.EXAMPLE',
  '/\t/evil.example',
  'javascript:alert(1)',
];

/** The site a browser lands on when it follows `location`, answered to a request for `requested`. */
const landsOn = (location: string, requested: string) =>
  new URL(location, new URL(requested, shop.config.publicUrl)).origin;

/** Every answer to `url`: a `Location`, if any, that keeps the browser on the shop. */
async function expectStaysOnSite(c: Client, url: string) {
  const res = await c.get(url);
  expect(res.statusCode, url).toBeLessThan(500);
  const location = res.headers.location;
  if (location !== undefined)
    expect(landsOn(String(location), url), `${url} → ${location}`).toBe(
      new URL(shop.config.publicUrl).origin,
    );
  return res;
}

describe('links never send a browser to another site', () => {
  it('a verification link with a bad token and any callbackURL', async () => {
    for (const target of offSite) {
      await expectStaysOnSite(
        client(),
        `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(target)}`,
      );
    }
  });

  it('a genuine verification link whose callbackURL leads away verifies the address and stays on the shop', async () => {
    for (const [i, target] of offSite.entries()) {
      const email = `genuine-${i}@kanna.example`;
      await client().signUp('Gen', email);
      const token = await createEmailVerificationToken(shop.config.authSecret, email);
      const res = await expectStaysOnSite(
        client(),
        `/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(target)}`,
      );
      expect(res.statusCode, target).toBe(302);
      const [row] = await shop.database.db.select().from(user).where(eq(user.email, email));
      expect(row?.emailVerified, target).toBe(true);
    }
  });

  it('a reset-password link with any callbackURL', async () => {
    for (const target of offSite) {
      await expectStaysOnSite(
        client(),
        `/api/auth/reset-password/not-a-token?callbackURL=${encodeURIComponent(target)}`,
      );
    }
  });

  it('a page of the shop stays as it was asked for, query and all', async () => {
    const email = 'stays@kanna.example';
    const owner = client();
    await owner.signUp('Stays', email);
    const token = await createEmailVerificationToken(shop.config.authSecret, email);
    const res = await owner.get(
      `/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent('/purchase/abc?quantity=2')}`,
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/purchase/abc?quantity=2');
  });
});

describe('a request cannot name another site as the page to return to', () => {
  it('sign-up refuses it with 400, creating no account and sending no mail', async () => {
    for (const [i, callbackURL] of offSite.entries()) {
      const email = `away-${i}@kanna.example`;
      const sent = mailer.sent.length;
      const res = await client().post('/api/auth/sign-up/email', {
        name: 'Away',
        email,
        password: 'secret123',
        callbackURL,
      });
      expect(res.statusCode, callbackURL).toBe(400);
      expect(res.json().message).toBe(messages.redirectInvalid);
      expect(await shop.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
      expect(mailer.sent.length).toBe(sent);
    }
  });

  it('a reset request and a new verification mail refuse it with 400 and send nothing', async () => {
    await client().signUp('Reset', 'reset-away@kanna.example');
    for (const target of offSite) {
      const sent = mailer.sent.length;
      const reset = await client().post('/api/auth/request-password-reset', {
        email: 'reset-away@kanna.example',
        redirectTo: target,
      });
      expect(reset.statusCode, target).toBe(400);
      expect(reset.json().message).toBe(messages.redirectInvalid);
      const again = await client().post('/api/auth/send-verification-email', {
        email: 'reset-away@kanna.example',
        callbackURL: target,
      });
      expect(again.statusCode, target).toBe(400);
      expect(mailer.sent.length).toBe(sent);
    }
  });

  it('pages of the shop are taken, written as paths or in full', async () => {
    for (const [i, callbackURL] of [
      '/',
      '/purchase/abc',
      '/dashboard/myProfile?tab=1#top',
      `${shop.config.publicUrl}/cart`,
    ].entries()) {
      const res = await client().post('/api/auth/sign-up/email', {
        name: 'Home',
        email: `home-${i}@kanna.example`,
        password: 'secret123',
        callbackURL,
      });
      expect(res.statusCode, callbackURL).toBe(200);
    }
    const reset = await client().post('/api/auth/request-password-reset', {
      email: 'home-0@kanna.example',
      redirectTo: '/reset-password',
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('siteLocation', () => {
  const site = 'https://shop.example';
  it('keeps the shop’s pages, the trusted origins and nothing else', () => {
    expect(siteLocation('/purchase/1?token=a#b', site, [])).toBe('/purchase/1?token=a#b');
    expect(siteLocation('https://shop.example/cart', site, [])).toBe('/cart');
    expect(siteLocation('https://accounts.example/authorize?x=1', site, ['https://accounts.example'])).toBe(
      'https://accounts.example/authorize?x=1',
    );
    for (const location of [...offSite, 'https://shop.example//evil.example', 'http://[']) {
      const kept = siteLocation(location, site, []);
      expect(new URL(kept, `${site}/api/auth/x`).origin, location).toBe(site);
    }
  });
});
