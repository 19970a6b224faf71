import { EventEmitter, once } from 'node:events';
import { messages } from '@kanna/shared';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';

/** Accounts end to end: real SMTP for mail, a local OpenID Connect server standing in for Google. */
let shop: TestShop;
let smtp: SMTPServer;
let oidc: OAuth2Server;
const inbox: { to: string; raw: string }[] = [];
/** Says 'mail' each time a message lands in the inbox. */
const arrivals = new EventEmitter();

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString()));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        arrivals.emit('mail');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  const issuer = oidc.issuer.url as string;

  shop = await startTestShop({
    ownMailer: true,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      ADMIN_EMAILS: 'boss@kanna.example,gboss@gmail.example,gfake@gmail.example',
      GOOGLE_CLIENT_ID: 'kanna-test-client',
      GOOGLE_CLIENT_SECRET: 'kanna-test-secret',
      GOOGLE_ISSUER: issuer,
      AUTH_RATE_LIMIT: '5',
    },
  });
});
afterAll(async () => {
  await shop?.close();
  await oidc?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

let ipCounter = 1;
const client = () => new Client(shop.app, shop.config.publicUrl, `10.1.0.${ipCounter++}`);

/** The first mail to `to` whose text matches `subject`, as soon as it has arrived (within 5 s). */
const mailTo = async (to: string, subject: RegExp) => {
  const signal = AbortSignal.timeout(5_000);
  for (;;) {
    const found = inbox.find((m) => m.to === to && subject.test(m.raw));
    if (found) return found.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    try {
      await once(arrivals, 'mail', { signal });
    } catch {
      throw new Error(`no mail to ${to} matching ${subject}`);
    }
  }
};

describe('sign-up and sign-in with e-mail and password', () => {
  it('signs up, sends a verification mail, and keeps the session across requests', async () => {
    const c = client();
    const res = await c.signUp('Hana Ito', 'hana@kanna.example');
    expect(res.json().user).toMatchObject({ email: 'hana@kanna.example', name: 'Hana Ito' });
    const cookie = res.headers['set-cookie'];
    expect(String(cookie)).toMatch(/HttpOnly/i);
    expect(String(cookie)).toMatch(/SameSite=Lax/i);
    const session = await c.get('/api/auth/get-session');
    expect(session.json().user.email).toBe('hana@kanna.example');
    const mail = await mailTo('hana@kanna.example', /Confirm your e-mail address/);
    expect(mail).toMatch(/\/api\/auth\/verify-email\?token=/);
  });

  it('refuses a password under 6 characters and a taken address, creating nothing', async () => {
    const c = client();
    const short = await c.post('/api/auth/sign-up/email', {
      name: 'A',
      email: 'short@kanna.example',
      password: '12345',
    });
    expect(short.statusCode).toBe(400);
    await c.signUp('Dup', 'dup@kanna.example');
    const again = await client().post('/api/auth/sign-up/email', {
      name: 'Dup',
      email: 'dup@kanna.example',
      password: 'other123',
    });
    expect(again.statusCode).toBe(422);
    const users = (await shop.services.users.list()).items;
    expect(users.filter((u) => u.email === 'short@kanna.example')).toHaveLength(0);
  });

  it('gives a wrong password and an unknown user the same answer', async () => {
    await client().signUp('Ken', 'ken@kanna.example');
    const wrong = await client().signIn('ken@kanna.example', 'not-his-pass');
    const unknown = await client().signIn('nobody@kanna.example', 'whatever1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('signs out by revoking the session on the server at once', async () => {
    const c = client();
    await c.signUp('Out', 'out@kanna.example');
    const stolen = new Map(c.cookies);
    expect((await c.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    const thief = client();
    thief.cookies = stolen;
    expect((await thief.get('/api/auth/get-session')).json()).toBeNull();
    expect((await thief.get('/api/users/out@kanna.example')).statusCode).toBe(401);
  });

  it('refuses a cross-site sign-in (foreign Origin)', async () => {
    await client().signUp('Cross', 'cross@kanna.example');
    const res = await client().post(
      '/api/auth/sign-in/email',
      { email: 'cross@kanna.example', password: 'secret123' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/users/{email} and the access token', () => {
  it('upserts the record after sign-in and returns a token that works as a bearer', async () => {
    const c = client();
    await c.signUp('Mika', 'mika@kanna.example');
    const res = await c.put('/api/users/mika@kanna.example', {
      email: 'mika@kanna.example',
      displayName: 'Mika S.',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      acknowledged: true,
      modifiedCount: 1,
      user: { displayName: 'Mika S.', role: 'user' },
    });
    expect(body.jwtAccessToken).toEqual(expect.any(String));

    const api = client();
    api.bearer = body.jwtAccessToken;
    const me = await api.get('/api/users/mika@kanna.example');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'mika@kanna.example', displayName: 'Mika S.', phone: null });
  });

  it('saves the profile form, street address included, with phone, city and district required', async () => {
    const c = client();
    await c.signUp('Ren', 'ren@kanna.example');
    const missing = await c.put('/api/users/ren@kanna.example', {
      displayName: 'Ren',
      phone: '',
      city: 'Kyoto',
      district: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['phone']),
    );
    const ok = await c.put('/api/users/ren@kanna.example', {
      displayName: 'Ren Abe',
      phone: '0751234567',
      city: 'Kyoto',
      district: 'Nakagyo',
      streetAddress: '1-2 Sanjo-dori',
      linkedin: 'https://www.linkedin.com/in/ren',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      displayName: 'Ren Abe',
      phone: '+81 75 123 4567',
      city: 'Kyoto',
      district: 'Nakagyo',
      streetAddress: '1-2 Sanjo-dori',
      country: null,
      facebook: null,
      linkedin: 'https://www.linkedin.com/in/ren',
    });
  });

  it("keeps the profile's country by its code, refuses one that is none, and clears it when emptied", async () => {
    const c = client();
    await c.signUp('Min', 'min@kanna.example');
    const profile = { displayName: 'Min', phone: '0751234567', city: 'Seoul', district: 'Jung-gu' };
    const put = (country: string) => c.put('/api/users/min@kanna.example', { ...profile, country });
    const saved = await put(' kr ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.country).toBe('KR');
    const unknown = await put('XX');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { path: 'country', key: 'countryInvalid', params: ['XX'], message: messages.countryInvalid('XX') },
    ]);
    expect((await c.get('/api/users/min@kanna.example')).json().country).toBe('KR');
    // Signing in again (name and e-mail only) leaves it; the form sent with it emptied clears it.
    await c.put('/api/users/min@kanna.example', { email: 'min@kanna.example', displayName: 'Min' });
    expect((await c.get('/api/users/min@kanna.example')).json().country).toBe('KR');
    expect((await put('')).json().user.country).toBeNull();
  });

  it('never lets a request set a role', async () => {
    const c = client();
    await c.signUp('Sneaky', 'sneaky@kanna.example');
    const res = await c.put('/api/users/sneaky@kanna.example', { displayName: 'Sneaky', role: 'admin' });
    expect(res.statusCode).toBe(400);
    const viaAuth = await c.post('/api/auth/update-user', { role: 'admin' });
    expect(viaAuth.statusCode).toBeGreaterThanOrEqual(400);
    const signUpAsAdmin = await client().post('/api/auth/sign-up/email', {
      name: 'Eve',
      email: 'eve@kanna.example',
      password: 'secret123',
      role: 'admin',
    });
    // Better Auth ignores the field: the account is created as a customer.
    expect(signUpAsAdmin.statusCode).toBe(200);
    expect((await shop.services.users.get('eve@kanna.example')).role).toBe('user');
    expect((await c.get('/api/admin/sneaky@kanna.example')).json()).toEqual({ admin: false });
  });

  it("refuses another user's record (403) and anonymous callers (401), changing nothing", async () => {
    const a = client();
    await a.signUp('Aya', 'aya@kanna.example');
    const b = client();
    await b.signUp('Bo', 'bo@kanna.example');
    expect((await b.get('/api/users/aya@kanna.example')).statusCode).toBe(403);
    expect((await b.get('/api/admin/aya@kanna.example')).statusCode).toBe(403);
    const put = await b.put('/api/users/aya@kanna.example', { displayName: 'Hacked' });
    expect(put.statusCode).toBe(403);
    const anon = client();
    const anonPut = await anon.put('/api/users/aya@kanna.example', { displayName: 'Hacked' });
    expect(anonPut.statusCode).toBe(401);
    expect(anonPut.json().message).toBe(messages.noUserLoggedIn);
    expect((await anon.get('/api/admin/aya@kanna.example')).statusCode).toBe(401);
    expect((await a.get('/api/users/aya@kanna.example')).json().displayName).toBe('Aya');
  });
});

describe('administrators', () => {
  it('ADMIN_EMAILS grants the role only once the address is verified by the mailed link; an admin reads any record but gets no token for it', async () => {
    const boss = client();
    await boss.signUp('Boss', 'boss@kanna.example');
    // Whoever signs up first with a listed address is not an administrator for that.
    expect((await boss.get('/api/admin/boss@kanna.example')).json()).toEqual({ admin: false });
    expect((await boss.get('/api/users')).statusCode).toBe(403);
    const mail = await mailTo('boss@kanna.example', /Confirm your e-mail address/);
    const link = new URL(
      mail.match(/(http:\/\/localhost:\d+\/api\/auth\/verify-email\?token=[^\s]+)/)?.[1] ?? '',
    );
    const opened = await boss.get(link.pathname + link.search);
    expect(opened.statusCode).toBe(302);
    expect(String(opened.headers.location)).not.toMatch(/error/);
    expect((await boss.get('/api/admin/boss@kanna.example')).json()).toEqual({ admin: true });

    const worker = client();
    await worker.signUp('Worker', 'worker@kanna.example');
    expect((await boss.get('/api/users/worker@kanna.example')).statusCode).toBe(200);
    const put = await boss.put('/api/users/worker@kanna.example', { displayName: 'Worker W.' });
    expect(put.statusCode).toBe(200);
    expect(put.json().jwtAccessToken).toBeUndefined();
    expect((await boss.get('/api/users')).json().length).toBeGreaterThanOrEqual(2);
    expect((await worker.get('/api/users')).statusCode).toBe(403);
    expect((await client().get('/api/users')).statusCode).toBe(401);
  });
});

describe('password reset through the e-mailed link', () => {
  it('mails a link, sets the new password with it, and revokes old sessions', async () => {
    const c = client();
    await c.signUp('Sora', 'sora@kanna.example', 'oldpass1');
    const ask = await client().post('/api/auth/request-password-reset', {
      email: 'sora@kanna.example',
      redirectTo: '/reset-password',
    });
    expect(ask.statusCode).toBe(200);
    const mail = await mailTo('sora@kanna.example', /Reset your Kanna password/);
    const link = mail.match(/(http:\/\/localhost:\d+\/api\/auth\/reset-password\/[^\s]+)/)?.[1];
    expect(link).toBeTruthy();
    const opened = await client().get(new URL(link as string).pathname + new URL(link as string).search);
    expect(opened.statusCode).toBe(302);
    const token = new URL(String(opened.headers.location), shop.config.publicUrl).searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await client().post('/api/auth/reset-password', { token, newPassword: 'newpass1' });
    expect(reset.statusCode).toBe(200);
    expect((await client().signIn('sora@kanna.example', 'oldpass1')).statusCode).toBe(401);
    expect((await client().signIn('sora@kanna.example', 'newpass1')).statusCode).toBe(200);
    expect((await c.get('/api/auth/get-session')).json()).toBeNull();
  });
});

describe('rate limiting', () => {
  it('answers 429 after too many sign-in attempts from one address, not for another address', async () => {
    const attacker = new Client(shop.app, shop.config.publicUrl, '10.9.9.9');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await attacker.signIn('ken@kanna.example', `guess${i}`)).statusCode);
    expect(codes).toContain(429);
    expect(codes.slice(0, 5).every((c) => c === 401)).toBe(true);
    const other = new Client(shop.app, shop.config.publicUrl, '10.9.9.10');
    expect((await other.signIn('ken@kanna.example', 'guess')).statusCode).toBe(401);
  });
});

describe('Google sign-in through OpenID Connect', () => {
  /** The whole code flow for `c` against the OpenID server, the provider vouching for these claims. */
  async function googleSignIn(
    c: Client,
    claims: { sub: string; email: string; email_verified: boolean; name: string; picture?: string },
  ) {
    const sign = (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, claims);
    oidc.service.on('beforeTokenSigning', sign);
    oidc.service.once('beforeUserinfo', (res) => {
      res.body = claims;
    });
    try {
      const start = await c.post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/dashboard/myProfile',
      });
      expect(start.statusCode).toBe(200);
      const authorize = new URL(start.json().url);
      expect(authorize.origin).toBe(new URL(oidc.issuer.url as string).origin);
      const atProvider = await fetch(authorize, { redirect: 'manual' });
      expect(atProvider.status).toBe(302);
      const back = new URL(atProvider.headers.get('location') as string);
      expect(back.pathname).toBe('/api/auth/callback/google');
      return await c.get(back.pathname + back.search);
    } finally {
      oidc.service.off('beforeTokenSigning', sign);
    }
  }

  it('runs the whole code flow against the OpenID server and signs the user in', async () => {
    const c = client();
    const done = await googleSignIn(c, {
      sub: 'google-user-1',
      email: 'yuki@gmail.example',
      email_verified: true,
      name: 'Yuki Tanaka',
      // Google's picture is another site's address: not a picture of this shop, so not kept.
      picture: 'https://lh3.googleusercontent.example/a/yuki.jpg',
    });
    expect(done.statusCode).toBe(302);
    expect(String(done.headers.location)).toMatch(/\/dashboard\/myProfile$/);
    const session = (await c.get('/api/auth/get-session')).json();
    expect(session.user).toMatchObject({ email: 'yuki@gmail.example', name: 'Yuki Tanaka', image: null });
    expect((await c.get('/api/admin/yuki@gmail.example')).json()).toEqual({ admin: false });
  });

  it("grants ADMIN_EMAILS' role to a Google account whose address Google has verified, and only then", async () => {
    const verified = client();
    expect(
      (
        await googleSignIn(verified, {
          sub: 'google-boss',
          email: 'gboss@gmail.example',
          email_verified: true,
          name: 'Google Boss',
        })
      ).statusCode,
    ).toBe(302);
    expect((await verified.get('/api/admin/gboss@gmail.example')).json()).toEqual({ admin: true });
    expect((await verified.get('/api/users')).statusCode).toBe(200);

    const unverified = client();
    expect(
      (
        await googleSignIn(unverified, {
          sub: 'google-fake',
          email: 'gfake@gmail.example',
          email_verified: false,
          name: 'Not Verified',
        })
      ).statusCode,
    ).toBe(302);
    expect((await unverified.get('/api/auth/get-session')).json().user.email).toBe('gfake@gmail.example');
    expect((await unverified.get('/api/admin/gfake@gmail.example')).json()).toEqual({ admin: false });
    expect((await unverified.get('/api/users')).statusCode).toBe(403);
  });

  it('says whether Google is configured', async () => {
    expect((await client().get('/api/settings')).json()).toMatchObject({ google: true, payments: 'test' });
  });
});

describe('demo accounts (sample data)', () => {
  it('can sign in, the admin as an administrator, and are added only once', async () => {
    const { seedDemoAccounts, demoAccounts } = await import('./demo-accounts');
    expect(await seedDemoAccounts(shop.services.auth, shop.services.users)).toBe(2);
    expect(await seedDemoAccounts(shop.services.auth, shop.services.users)).toBe(0);
    for (const a of demoAccounts) {
      const c = client();
      expect((await c.signIn(a.email, a.password)).statusCode).toBe(200);
      expect((await c.get(`/api/admin/${a.email}`)).json()).toEqual({ admin: a.role === 'admin' });
    }
  });

  it('are sent no verification mail: they are verified already', async () => {
    const { demoAccounts } = await import('./demo-accounts');
    // A sign-up after the seeding: its mail comes after any the seeding sent.
    await client().signUp('Mio', 'mio-after-demo@kanna.example', 'secret123');
    await mailTo('mio-after-demo@kanna.example', /Confirm your e-mail address/);
    for (const a of demoAccounts) expect(inbox.filter((m) => m.to === a.email)).toEqual([]);
  });
});

describe('rate limiting behind a proxy', () => {
  it('counts each client by X-Forwarded-For behind TRUST_PROXY=1, and ignores that header when it is off', async () => {
    const proxied = await startTestShop({ env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT: '3' } });
    try {
      const attempt = (forwardedFor: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: 'x@kanna.example', password: 'whatever1' },
          headers: { origin: proxied.config.publicUrl, 'x-forwarded-for': forwardedFor },
          remoteAddress: '127.0.0.1',
        });
      const a = [];
      for (let i = 0; i < 4; i++) a.push((await attempt('203.0.113.7')).statusCode);
      expect(a.slice(0, 3)).toEqual([401, 401, 401]);
      expect(a[3]).toBe(429);
      expect((await attempt('203.0.113.8')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY a client cannot dodge the limit by inventing addresses.
    const direct = await startTestShop({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const res = await direct.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: 'x@kanna.example', password: 'whatever1' },
          headers: { origin: direct.config.publicUrl, 'x-forwarded-for': `198.51.100.${i}` },
          remoteAddress: '127.0.0.1',
        });
        codes.push(res.statusCode);
      }
      expect(codes[3]).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
