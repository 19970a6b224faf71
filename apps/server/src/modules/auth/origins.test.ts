import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../config';
import { onPostgres, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { startServerProcess } from '../../test/server-process';

/**
 * Which pages may sign in, and what a request with a broken Host is told. Without PUBLIC_URL the
 * shop is http://localhost:3000 but `npm start` listens on 127.0.0.1: outside production both
 * names work. A page opened anywhere else is told where to open the shop; a Host header that is
 * no host name is a 400 with a reason, never a 500.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await shop?.close();
});

/** What a browser adds to a fetch from a page of the same site (Better Auth checks the Origin when it sees them). */
const fromPage = (origin: string) => ({
  origin,
  host: new URL(origin).host,
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
});

let ip = 1;
const client = (s: TestShop, origin: string) =>
  new Client(s.app, origin, `10.23.${Math.floor(ip / 250)}.${ip++ % 250}`);

describe('without PUBLIC_URL, the shop signs in from both names of this machine', () => {
  for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
    it(`signs up and in from a page at ${origin}`, async () => {
      const email = `both-${new URL(origin).hostname}@kanna.example`;
      const c = client(shop, origin);
      const up = await c.post(
        '/api/auth/sign-up/email',
        { name: 'Both', email, password: 'secret123' },
        fromPage(origin),
      );
      expect(up.statusCode, up.body).toBe(200);
      const fresh = client(shop, origin);
      const signedIn = await fresh.post(
        '/api/auth/sign-in/email',
        { email, password: 'secret123' },
        fromPage(origin),
      );
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect((await fresh.get('/api/auth/get-session')).json().user.email).toBe(email);
    });
  }

  it('the configuration trusts both names outside production, and only PUBLIC_URL in production', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kanna-origins-'));
    try {
      const base = { DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') };
      expect(loadConfig({ ...base, NODE_ENV: 'test' }).trustedOrigins).toEqual([
        'http://localhost:3000',
        'http://127.0.0.1:3000',
      ]);
      expect(
        loadConfig({ ...base, NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1:8080/' }).trustedOrigins,
      ).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
      expect(
        loadConfig({ ...base, NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(32), PAYMENT_MODE: 'test' })
          .trustedOrigins,
      ).toEqual(['http://localhost:3000']);
      expect(
        loadConfig({ ...base, NODE_ENV: 'test', PUBLIC_URL: 'https://shop.example' }).trustedOrigins,
      ).toEqual(['https://shop.example']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A port nothing listens on just now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe.skipIf(onPostgres())('the real server as `npm start` runs it, without PUBLIC_URL', () => {
  it('signs the demo buyer in from http://127.0.0.1 and http://localhost, and tells any other page where to go', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'kanna-loopback-'));
    const port = await freePort();
    const server = startServerProcess(work, {
      NODE_ENV: 'development',
      DATA_DIR: path.join(work, 'data'),
      PORT: String(port),
    });
    // Stopped however the test ends, a time-out included.
    onTestFinished(async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(work, { recursive: true, force: true });
    });
    const url = await server.listening();
    const signIn = (origin: string) =>
      fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...fromPage(origin), host: new URL(url).host },
        body: JSON.stringify({ email: 'buyer@kanna.example', password: 'kanna-buyer' }),
      });
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const res = await signIn(origin);
      expect(res.status, `${origin}: ${await res.clone().text()}`).toBe(200);
      expect(res.headers.getSetCookie().join()).toMatch(/session_token=/);
    }
    const refused = await signIn('http://127.0.0.1:1');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      messages.openAtPublicUrl(`http://localhost:${port}`),
    );
  }, 60_000);
});

describe('a page opened elsewhere is told where to open the shop', () => {
  let elsewhere: TestShop;
  beforeAll(async () => {
    elsewhere = await startTestShop({ env: { AUTH_RATE_LIMIT: '1000', PUBLIC_URL: 'https://shop.example' } });
  });
  afterAll(async () => {
    await elsewhere?.close();
  });

  it('refuses sign-in from another name of the same server, or another site, naming PUBLIC_URL', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost:3000', 'https://evil.example']) {
      const c = client(elsewhere, origin);
      const res = await c.post(
        '/api/auth/sign-in/email',
        { email: 'anyone@kanna.example', password: 'secret123' },
        fromPage(origin),
      );
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().message, origin).toBe(messages.openAtPublicUrl('https://shop.example'));
      expect(res.json().message).toContain('https://shop.example');
    }
  });

  it('refuses another write from another site with the same words', async () => {
    const res = await client(elsewhere, 'https://evil.example').post('/api/newsletter', {
      email: 'a@kanna.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.openAtPublicUrl('https://shop.example'));
  });
});

const badHosts = ['exa mple', '[', '%', 'a:b:c'];

describe('a Host header that is no host name', () => {
  it('is answered 400 with a reason on Better Auth’s routes (inject)', async () => {
    for (const host of badHosts) {
      for (const [method, url] of [
        ['GET', '/api/auth/get-session'],
        ['GET', '/api/auth/verify-email?token=x'],
        ['POST', '/api/auth/sign-in/email'],
      ] as const) {
        const res = await shop.app.inject({
          method,
          url,
          headers: { host, origin: shop.config.publicUrl },
          ...(method === 'POST' ? { payload: { email: 'a@kanna.example', password: 'secret123' } } : {}),
        });
        expect(res.statusCode, `${host} ${url}`).toBe(400);
        expect(res.json().message).toBe(messages.hostInvalid);
      }
    }
  });

  it('is answered 400 over a real socket too', async () => {
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const host of badHosts) {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => {
          text += chunk;
        });
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
        socket.write(`GET /api/auth/get-session HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      });
      expect(answer.split('\r\n')[0], host).toBe('HTTP/1.1 400 Bad Request');
      expect(answer, host).not.toMatch(/Internal Server Error/);
    }
  });
});
