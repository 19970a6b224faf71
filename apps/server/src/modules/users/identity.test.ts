import { randomUUID } from 'node:crypto';
import { messages } from '@kanna/shared';
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { session, user } from '../../db/schema';
import { captureMailer, startTestShop, type TestShop } from '../../test/harness';
import { type Client, clientsFrom } from '../../test/http';
import { multipartFile } from '../../test/multipart';

/**
 * Accounts and identity under attack: what a profile picture may be, the profile rules on
 * Better Auth's own endpoints, verification links that must not switch a signed-in visitor
 * into someone else's account, a new password ending the other sessions, a session cache a
 * client cannot inflate, and the last administrator under concurrent deletions.
 */
let shop: TestShop;
const mailer = captureMailer();
beforeAll(async () => {
  shop = await startTestShop({ mailer, env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(() => shop?.close());

const nextClient = clientsFrom('10.11');
const client = () => nextClient(shop);
const signedUp = async (name: string, email: string) => {
  const c = client();
  await c.signUp(name, email);
  return c;
};
const row = async (email: string) => {
  const [found] = await shop.database.db.select().from(user).where(eq(user.email, email));
  return found;
};
const sessionsOf = async (userId: string) =>
  (await shop.database.db.select().from(session).where(eq(session.userId, userId))).length;
const aPicture = async () => {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#406080' } })
    .png()
    .toBuffer();
  return `/media/${await shop.services.media.storeImage(png)}/320.webp`;
};
const profile = { phone: '0312345678', district: 'Chuo', city: 'Tokyo' };

/** Addresses that passed the old `^/media/\S+$` check, or came from another site. */
const hostilePictures = (token: string) => [
  `/media/../api/auth/verify-email?token=${token}`,
  '/media/%2e%2e/api/auth/sign-out',
  `/media/${randomUUID()}/320.webp?x=1`,
  `/media/${randomUUID()}/500.webp`,
  'https://images.example/me.png',
  'javascript:alert(1)',
];

describe('profile pictures are only pictures of this shop that exist', () => {
  it('PUT /api/users/{email} refuses any other address (400, nothing written) and takes an uploaded picture', async () => {
    const c = await signedUp('Pia', 'pia@kanna.example');
    for (const img of [...hostilePictures('t'), `/media/${randomUUID()}/320.webp`]) {
      const res = await c.put('/api/users/pia@kanna.example', { displayName: 'Pia', ...profile, img });
      expect(res.statusCode, img).toBe(400);
    }
    const missing = await c.put('/api/users/pia@kanna.example', {
      displayName: 'Pia',
      ...profile,
      img: `/media/${randomUUID()}/320.webp`,
    });
    expect(missing.json().message).toBe(messages.pictureMissing);
    expect((await row('pia@kanna.example'))?.image).toBeNull();
    expect((await row('pia@kanna.example'))?.phone).toBeNull();

    const picture = await aPicture();
    const ok = await c.put('/api/users/pia@kanna.example', { displayName: 'Pia', ...profile, img: picture });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.img).toBe(picture);
    const cleared = await c.put('/api/users/pia@kanna.example', { displayName: 'Pia', ...profile, img: '' });
    expect(cleared.json().user.img).toBeNull();
  });

  it('a customer uploads their own picture: judged by its bytes, stored by the shop, the only kind a profile shows', async () => {
    const c = await signedUp('Quinn', 'quinn@kanna.example');
    const upload = (who: Client, email: string, type: string, bytes: Buffer) => {
      const { payload, contentType } = multipartFile('image', 'me', type, bytes);
      return who.request({
        method: 'PUT',
        url: `/api/users/${email}/picture`,
        payload,
        headers: { 'content-type': contentType },
      });
    };
    const jpeg = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#a05030' } })
      .jpeg()
      .toBuffer();
    const res = await upload(c, 'quinn@kanna.example', 'image/jpeg', jpeg);
    expect(res.statusCode).toBe(200);
    const img = res.json().user.img as string;
    expect(img).toMatch(/^\/media\/[0-9a-f-]{36}\/320\.webp$/);
    expect((await row('quinn@kanna.example'))?.image).toBe(img);
    const served = await c.get(img);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload(c, 'quinn@kanna.example', 'image/svg+xml', svg);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(messages.pictureWrongType);
    expect(
      (
        await upload(
          await signedUp('Other', 'other-pic@kanna.example'),
          'quinn@kanna.example',
          'image/jpeg',
          jpeg,
        )
      ).statusCode,
    ).toBe(403);
    expect((await upload(client(), 'quinn@kanna.example', 'image/jpeg', jpeg)).statusCode).toBe(401);
    expect((await row('quinn@kanna.example'))?.image).toBe(img);
  });

  it("Better Auth's sign-up and update-user refuse the same addresses (the reproduced verify-email attack among them)", async () => {
    const attacker = await signedUp('Mallory', 'mallory@kanna.example');
    const token = await createEmailVerificationToken(shop.config.authSecret, 'mallory@kanna.example');
    for (const image of hostilePictures(token)) {
      const updated = await attacker.post('/api/auth/update-user', { image });
      expect(updated.statusCode, image).toBe(400);
      const email = `pic-${randomUUID()}@kanna.example`;
      const signUp = await client().post('/api/auth/sign-up/email', {
        name: 'Pic',
        email,
        password: 'secret123',
        image,
      });
      expect(signUp.statusCode, image).toBe(400);
      expect(await row(email)).toBeUndefined();
    }
    expect((await row('mallory@kanna.example'))?.image).toBeNull();

    const picture = await aPicture();
    expect((await attacker.post('/api/auth/update-user', { image: picture })).statusCode).toBe(200);
    expect((await row('mallory@kanna.example'))?.image).toBe(picture);
    const withPicture = await client().post('/api/auth/sign-up/email', {
      name: 'Pictured',
      email: 'pictured@kanna.example',
      password: 'secret123',
      image: picture,
    });
    expect(withPicture.statusCode).toBe(200);
    expect((await row('pictured@kanna.example'))?.image).toBe(picture);
  });
});

describe('a verification link never replaces a different signed-in session', () => {
  it("verifies the attacker's address but keeps the visitor signed in as themself, with no new session made", async () => {
    const attacker = await signedUp('Mal', 'mal@kanna.example');
    const attackerId = (await row('mal@kanna.example'))?.id as string;
    const victim = await signedUp('Vic', 'vic@kanna.example');
    const sessionsBefore = await sessionsOf(attackerId);
    const token = await createEmailVerificationToken(shop.config.authSecret, 'mal@kanna.example');

    const opened = await victim.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect(opened.headers['set-auth-token']).toBeUndefined();
    expect((await victim.get('/api/auth/get-session')).json().user.email).toBe('vic@kanna.example');
    expect((await victim.get('/api/users/vic@kanna.example')).statusCode).toBe(200);
    expect((await victim.get('/api/users/mal@kanna.example')).statusCode).toBe(403);
    expect((await row('mal@kanna.example'))?.emailVerified).toBe(true);
    expect(await sessionsOf(attackerId)).toBe(sessionsBefore);
    void attacker;
  });

  it('signs in nobody who opens the link with no session (modules/auth/verification.test.ts), and keeps the same account signed in', async () => {
    await signedUp('Nao', 'nao@kanna.example');
    const token = await createEmailVerificationToken(shop.config.authSecret, 'nao@kanna.example');
    const fresh = client();
    expect((await fresh.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).statusCode).toBe(
      200,
    );
    expect((await fresh.get('/api/auth/get-session')).json()).toBeNull();
    expect((await row('nao@kanna.example'))?.emailVerified).toBe(true);

    const own = await signedUp('Oki', 'oki@kanna.example');
    const ownToken = await createEmailVerificationToken(shop.config.authSecret, 'oki@kanna.example');
    expect((await own.get(`/api/auth/verify-email?token=${encodeURIComponent(ownToken)}`)).statusCode).toBe(
      200,
    );
    expect((await own.get('/api/auth/get-session')).json().user).toMatchObject({
      email: 'oki@kanna.example',
      emailVerified: true,
    });
  });
});

describe("Better Auth's endpoints apply the profile rules", () => {
  const tooLong = 'A'.repeat(60_000);
  const badNames = [tooLong, 'B'.repeat(81), '   ', '', 'Bad\u0000Name', 'Two\nLines', 'Esc\u001b[31m'];

  it('sign-up/email refuses a bad name with 400 and a clear message, creating nothing and mailing nothing', async () => {
    for (const name of badNames) {
      const email = `name-${randomUUID()}@kanna.example`;
      const mailsBefore = mailer.sent.length;
      const res = await client().post('/api/auth/sign-up/email', { name, email, password: 'secret123' });
      expect(res.statusCode, JSON.stringify(name.slice(0, 20))).toBe(400);
      expect([
        messages.nameRequired,
        messages.nameTooLong,
        messages.nameInvalid,
        messages.nulCharacter,
      ]).toContain(res.json().message);
      expect(await row(email)).toBeUndefined();
      expect(mailer.sent.length).toBe(mailsBefore);
    }
    expect(
      (
        await client().post('/api/auth/sign-up/email', {
          name: tooLong,
          email: 'x@kanna.example',
          password: 'secret123',
        })
      ).json().message,
    ).toBe(messages.nameTooLong);
    const trimmed = await client().post('/api/auth/sign-up/email', {
      name: '  Kaito Mori  ',
      email: 'kaito@kanna.example',
      password: 'secret123',
    });
    expect(trimmed.statusCode).toBe(200);
    expect((await row('kaito@kanna.example'))?.name).toBe('Kaito Mori');
  });

  it('update-user refuses the same names, leaving the name as it was', async () => {
    const c = await signedUp('Rin', 'rin@kanna.example');
    for (const name of badNames) {
      const res = await c.post('/api/auth/update-user', { name });
      expect(res.statusCode, JSON.stringify(name.slice(0, 20))).toBe(400);
    }
    expect((await row('rin@kanna.example'))?.name).toBe('Rin');
    expect((await c.post('/api/auth/update-user', { name: ' Rin Abe ' })).statusCode).toBe(200);
    expect((await row('rin@kanna.example'))?.name).toBe('Rin Abe');
  });

  it('PUT /api/users/{email} refuses control characters in the name and the address fields', async () => {
    const c = await signedUp('Sho', 'sho@kanna.example');
    for (const changes of [
      { displayName: 'Sho\u0000' },
      { displayName: 'Sho', ...profile, city: 'Tok\u0000yo' },
      { displayName: 'Sho', ...profile, streetAddress: '1-1\nGinza' },
    ]) {
      expect((await c.put('/api/users/sho@kanna.example', changes)).statusCode).toBe(400);
    }
    expect((await row('sho@kanna.example'))?.name).toBe('Sho');
    expect((await row('sho@kanna.example'))?.city).toBeNull();
  });
});

describe('a new password ends every other session', () => {
  it("signs out the other device's cookie and its bearer token, whatever the client asks", async () => {
    const laptop = await signedUp('Tomo', 'tomo@kanna.example');
    const phone = client();
    expect((await phone.signIn('tomo@kanna.example')).statusCode).toBe(200);
    const bearer = client();
    bearer.bearer = (await phone.put('/api/users/tomo@kanna.example', {})).json().jwtAccessToken;
    expect((await bearer.get('/api/users/tomo@kanna.example')).statusCode).toBe(200);
    expect((await phone.get('/api/users/tomo@kanna.example')).statusCode).toBe(200);

    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: 'secret123',
      newPassword: 'newpass123',
      revokeOtherSessions: false,
    });
    expect(changed.statusCode).toBe(200);
    expect((await phone.get('/api/users/tomo@kanna.example')).statusCode).toBe(401);
    expect((await bearer.get('/api/users/tomo@kanna.example')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/get-session')).json()).toBeNull();
    // The device that changed it carries on, and the new password signs in.
    expect((await laptop.get('/api/users/tomo@kanna.example')).statusCode).toBe(200);
    expect((await client().signIn('tomo@kanna.example', 'newpass123')).statusCode).toBe(200);
  });
});

describe('the session cache is keyed on the session token', () => {
  it('many requests with one session and different padding are looked up once; a forged signature is never let in', async () => {
    const c = await signedUp('Uta', 'uta@kanna.example');
    const [name, value] = [...c.cookies].find(([k]) => k.endsWith('session_token')) ?? [];
    const bearerToken = (await c.put('/api/users/uta@kanna.example', {})).json().jwtAccessToken;
    const lookups = vi.spyOn(shop.services.auth.api, 'getSession');
    try {
      for (let i = 0; i < 200; i++) {
        const res = await shop.app.inject({
          method: 'GET',
          url: '/api/users/uta@kanna.example',
          headers: { cookie: `pad${i}=${'x'.repeat(i)}; ${name}=${value}; theme=${i}` },
        });
        expect(res.statusCode).toBe(200);
      }
      const bearer = await shop.app.inject({
        method: 'GET',
        url: '/api/users/uta@kanna.example',
        headers: { authorization: `Bearer ${bearerToken}`, cookie: `pad=${'y'.repeat(1000)}` },
      });
      expect(bearer.statusCode).toBe(200);
      expect(lookups.mock.calls.length).toBeLessThanOrEqual(1);

      const token = decodeURIComponent(value as string).split('.')[0];
      const forged = await shop.app.inject({
        method: 'GET',
        url: '/api/users/uta@kanna.example',
        headers: { cookie: `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}` },
      });
      expect(forged.statusCode).toBe(401);
    } finally {
      lookups.mockRestore();
    }
  });
});

describe('the last administrator', () => {
  it("Better Auth's own account-removal and role endpoints are not there to go around the rule", async () => {
    const admin = await signedUp('Ada', 'ada@kanna.example');
    await shop.services.users.promote('ada@kanna.example');
    const other = await signedUp('Ben', 'ben-admin@kanna.example');
    const benId = (await row('ben-admin@kanna.example'))?.id;
    for (const [path, body] of [
      ['/api/auth/delete-user', { password: 'secret123' }],
      ['/api/auth/admin/remove-user', { userId: benId }],
      ['/api/auth/admin/set-role', { userId: benId, role: 'admin' }],
    ] as const) {
      expect((await admin.post(path, body)).statusCode, path).toBeGreaterThanOrEqual(400);
    }
    expect((await row('ada@kanna.example'))?.role).toBe('admin');
    expect((await row('ben-admin@kanna.example'))?.role).toBe('user');
    void other;
  });

  it('two administrators deleting each other at the same moment always leave one (200, and 409 or 401; never 500)', async () => {
    const db = shop.database.db;
    // Start from one administrator, then, each round, add a second and let the two race.
    await db.update(user).set({ role: 'user' });
    let keeper = await signedUp('Keeper', 'keeper-0@kanna.example');
    let keeperEmail = 'keeper-0@kanna.example';
    await shop.services.users.promote(keeperEmail);
    for (let round = 1; round <= 20; round++) {
      const email = `rival-${round}@kanna.example`;
      const rival = await signedUp(`Rival ${round}`, email);
      await shop.services.users.promote(email);
      const [a, b] = await Promise.all([
        keeper.delete(`/api/users/${email}`),
        rival.delete(`/api/users/${keeperEmail}`),
      ]);
      // One deletion wins; the other finds its target the last administrator (409), or, when it
      // comes a moment later, its own account already gone (401).
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes[0], `round ${round}`).toBe(200);
      expect([401, 409], `round ${round}`).toContain(codes[1]);
      const admins = await db.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
      expect(admins, `round ${round}`).toHaveLength(1);
      const survivor = admins[0]?.email as string;
      if (survivor === email) {
        keeper = rival;
        keeperEmail = email;
      }
    }
  });
});
