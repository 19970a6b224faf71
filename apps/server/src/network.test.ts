import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Db } from './db/client';
import { onPostgres, openTestPglite, startTestShop } from './test/harness';

/**
 * What a hostile client meets on the network: slow senders are cut off, and X-Forwarded-For is
 * believed only from the proxies the owner named.
 */

describe.skipIf(onPostgres())('timeouts (a real listening server)', () => {
  let app: FastifyInstance;
  let database: Db;
  let dataDir = '';
  let port = 0;
  let origin = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kanna-timeouts-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    origin = config.publicUrl;
    database = await openTestPglite();
    await database.migrate();
    // The production values are tens of seconds; the same mechanism with short ones.
    ({ app } = await buildApp(
      {
        ...config,
        timeouts: { headersMs: 300, requestMs: 600, idleMs: 5_000, keepAliveMs: 1_000, checkIntervalMs: 50 },
      },
      database,
    ));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Opens a raw connection, writes `head`, then one more byte of `drip` every 20 ms for as long
   * as the server keeps the connection open. Resolves with what the server answered when it
   * closes the connection (the test's own time limit fails it if the server never does).
   */
  function trickle(head: string, drip: string): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        answer += chunk;
      });
      socket.on('error', () => {}); // writing after the server hung up
      socket.on('close', () => {
        clearInterval(timer);
        resolve(answer);
      });
      socket.write(head);
      const timer = setInterval(() => {
        if (!socket.destroyed) socket.write(drip);
      }, 20);
    });
  }

  it('cuts off a client that sends its headers and then trickles the body (408 or closed)', async () => {
    const answer = await trickle(
      'POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Origin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"email":"`,
      'a',
    );
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('cuts off a client that trickles its headers', async () => {
    const answer = await trickle('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n');
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('still answers a client that sends its request at a normal pace', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/newsletter`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'steady@kanna.example' }),
    });
    expect(res.status).toBe(200);
  });
});

describe('TRUST_PROXY and the sign-in rate limit', () => {
  const signIn = (
    shop: Awaited<ReturnType<typeof startTestShop>>,
    remoteAddress: string,
    forwardedFor?: string,
  ) =>
    shop.app
      .inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'nobody@kanna.example', password: 'whatever1' },
        headers: {
          origin: shop.config.publicUrl,
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
        remoteAddress,
      })
      .then((res) => res.statusCode);

  it('with a hop count (1), a forged first X-Forwarded-For entry per attempt does not get past the limit', async () => {
    const shop = await startTestShop({ env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT: '3' } });
    try {
      // The proxy (10.0.0.2) appends the address it saw; the client forges what comes before.
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push(await signIn(shop, '10.0.0.2', `198.51.100.${i}, 203.0.113.7`));
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // Another client behind the same proxy has its own allowance.
      expect(await signIn(shop, '10.0.0.2', '198.51.100.99, 203.0.113.8')).toBe(401);
    } finally {
      await shop.close();
    }
  });

  it('with addresses, only those proxies are believed', async () => {
    const shop = await startTestShop({ env: { TRUST_PROXY: '10.0.0.2,10.0.5.0/24', AUTH_RATE_LIMIT: '3' } });
    try {
      // A client that reaches the shop directly cannot pose as others.
      const direct = [];
      for (let i = 0; i < 4; i++) direct.push(await signIn(shop, '192.0.2.50', `198.51.100.${i}`));
      expect(direct).toEqual([401, 401, 401, 429]);
      // Behind a named proxy (one in the CIDR too), the client is the last address before the proxies.
      const proxied = [];
      for (let i = 0; i < 4; i++)
        proxied.push(await signIn(shop, i % 2 ? '10.0.5.9' : '10.0.0.2', `198.51.100.${i}, 203.0.113.7`));
      expect(proxied).toEqual([401, 401, 401, 429]);
      expect(await signIn(shop, '10.0.0.2', '203.0.113.8')).toBe(401);
    } finally {
      await shop.close();
    }
  });
});
