import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './test/harness';
import { startServerProcess } from './test/server-process';

/**
 * The real server process as an owner starts it with NODE_ENV=production: it is safe by
 * default. Few starts, each costing a second or more (the third a fresh embedded database).
 */
let work = '';
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'kanna-production-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Starts the server in `work` (so a default ./data lands there) with exactly `env` (and PATH). */
const start = (env: Record<string, string>) => startServerProcess(work, env);

const hasStackTrace = (text: string) => /^\s+at .+:\d+:\d+\)?$/m.test(text);

describe.skipIf(onPostgres())('NODE_ENV=production (the real server process)', () => {
  it('with no other setting, refuses to start and says to set the Stripe keys or PAYMENT_MODE=test', async () => {
    const s = start({ NODE_ENV: 'production' });
    expect(await s.exited).not.toBe(0);
    const message = s.stderr();
    expect(message).toMatch(/PAYMENT_MODE/);
    expect(message).toMatch(/STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/);
    expect(message).toMatch(/AUTH_SECRET/);
    expect(hasStackTrace(message)).toBe(false);
  }, 60_000);

  it('with a DATA_DIR it cannot use, exits with a one-line message and no stack trace', async () => {
    const file = path.join(work, 'a-file');
    writeFileSync(file, 'not a folder');
    const s = start({ DATA_DIR: path.join(file, 'data') });
    expect(await s.exited).toBe(1);
    expect(s.stderr().trim()).toMatch(/^DATA_DIR \(.+\) cannot be used: .*file, not a folder$/);
  }, 60_000);

  it('with PAYMENT_MODE=test: starts, says test mode on every page, has no demo accounts, keeps DATA_DIR private', async () => {
    const web = path.join(work, 'web');
    mkdirSync(web);
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html lang="en"><body><div id="root"></div></body></html>',
    );
    const dataDir = path.join(work, 'no', 'such', 'parent', 'data');
    const s = start({
      NODE_ENV: 'production',
      PAYMENT_MODE: 'test',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      DATA_DIR: dataDir,
      PORT: '0',
      WEB_DIST: web,
    });
    try {
      const url = await s.listening();
      const page = await fetch(`${url}/allProduct`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<html [^>]*data-payments="test"/);
      expect(await (await fetch(`${url}/api/settings`)).json()).toMatchObject({ payments: 'test' });
      // The sample catalogue is there; the demo accounts are not.
      expect(((await (await fetch(`${url}/api/handTools`)).json()) as unknown[]).length).toBeGreaterThan(0);
      for (const [email, password] of [
        ['admin@kanna.example', 'kanna-admin'],
        ['buyer@kanna.example', 'kanna-buyer'],
      ]) {
        const res = await fetch(`${url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://localhost:0' },
          body: JSON.stringify({ email, password }),
        });
        expect(res.status).toBe(401);
      }
      expect(s.stdout()).not.toContain('kanna-admin');
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
    }
    const open = readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .map((e) => path.join(e.parentPath, e.name))
      .filter((p) => statSync(p).mode & 0o077);
    expect(open).toEqual([]);
  }, 120_000);
});
