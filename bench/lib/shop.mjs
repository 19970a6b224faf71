// A shop for the order benchmarks: the production server (apps/server/dist/server.js) on a
// PostgreSQL database with sample data, and what its buyers and its administrator do through the
// API (sign up, sign in, add tools, switch on tax and shipping), each buyer from its own address.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../scripts/build-if-needed.mjs';
import { freePort } from './server.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The demo administrator of the sample data. */
export const demoAdmin = { email: 'admin@kanna.example', password: 'kanna-admin' };

/** Starts the production server on `databaseUrl`; resolves to { url, stop }. */
export async function startOnPostgres(databaseUrl, prefix = 'kanna-bench-orders-') {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_ARGS, e.g. "--cpu-prof", passes Node flags to the server (profiling).
  const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SAMPLE_DATA: 'on',
      AUTH_RATE_LIMIT: '100000',
      // Each account places many orders during a run and pays none: the benchmark measures
      // placement, not the cap on unpaid orders (10 by default).
      MAX_UNPAID_ORDERS: '1000',
      // As behind a load balancer: each buyer is counted by its own address.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await sleep(200);
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function cookieOf(res) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A distinct private address per account (TRUST_PROXY=1, as behind a load balancer). */
export const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** The e-mail address of the pool's account `i`. */
export const benchEmail = (i) => `bench${i}@kanna.example`;

/** Signs up the pool's account `i` from its own address: resolves to its session cookie. */
export async function signUp(url, i) {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': addressOf(i) },
    body: JSON.stringify({ name: `Bench Buyer ${i}`, email: benchEmail(i), password: 'bench-pass' }),
  });
  if (!res.ok) throw new Error(`sign-up ${i}: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

export async function signIn(url, email, password) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status}`);
  return cookieOf(res);
}

/** A JSON request with the shop's origin and `cookie`: resolves to { status, body }. */
export async function call(url, method, pathname, { cookie, body, address } = {}) {
  const res = await fetch(`${url}${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      origin: url,
      ...(cookie ? { cookie } : {}),
      ...(address ? { 'x-forwarded-for': address } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, body: json, text };
}

/** Calls and expects `status`: resolves to the answer's JSON. */
export async function expectStatus(status, url, method, pathname, options) {
  const res = await call(url, method, pathname, options);
  if (res.status !== status) throw new Error(`${method} ${pathname}: ${res.status} ${res.text}`);
  return res.body;
}

/** Tools with plenty of stock, added by the demo admin through the API like a shop owner would. */
export async function addBenchTools(url, count) {
  const cookie = await signIn(url, demoAdmin.email, demoAdmin.password);
  const [sample] = await (await fetch(`${url}/api/handTools?limit=1`)).json();
  const ids = [];
  for (let i = 0; i < count; i++) {
    const added = await expectStatus(201, url, 'POST', '/api/handTools', {
      cookie,
      body: {
        productName: `Bench Chisel ${i}`,
        description: 'Stock for the order benchmark.',
        kind: 'chisel',
        minQuantity: 1,
        maxQuantity: 10_000_000,
        perPrice: 12.5,
        img: sample.img,
      },
    });
    ids.push(added.insertedId);
  }
  return ids;
}

/** Tax and two shipping zones, saved by the demo admin as a shop owner would on the Settings screen. */
export async function switchOnCharges(url, yen) {
  const cookie = await signIn(url, demoAdmin.email, demoAdmin.password);
  await expectStatus(200, url, 'PUT', '/api/shop-settings', {
    cookie,
    body: {
      legalName: 'Kanna Tool Works',
      tax: { enabled: true, ratePercent: 10, country: 'JP' },
      shippingZones: [
        { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500 },
        { name: 'Asia', countries: ['KR', 'TW'], rate: 40, freeFrom: null },
      ],
      ...(yen ? { yenPerDollar: 150, yenCountries: ['JP'] } : {}),
    },
  });
}

/** Runs `count` jobs, `width` at a time: resolves to their results in order. */
export async function inParallel(count, width, job) {
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await job(i);
      }
    }),
  );
  return results;
}
