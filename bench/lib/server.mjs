// Starts the production server (apps/server/dist/server.js) on a free port and a fresh
// embedded database with sample data, the way a visitor would meet it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../scripts/build-if-needed.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200, the process dies, or `timeoutMs` passes. */
async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts the server; resolves to { url, pid, dataDir, stop } (its mails are appended to
 * dataDir/outbox.mbox). Its log goes to /dev/null (cheap, and the same amount of logging work as
 * in production) unless `log` is 'inherit'.
 */
export async function startKanna({ env = {}, log = 'ignore' } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kanna-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SAMPLE_DATA: '1',
    ...env,
  };
  // The embedded database unless the caller names a PostgreSQL one.
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // BENCH_SERVER_ARGS, e.g. "--cpu-prof", passes Node flags to the server (profiling).
  const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', log, 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`${url}/api/health`, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, dataDir, stop };
}
