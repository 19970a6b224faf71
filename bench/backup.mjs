// Backups at the size of years of trade (docs/operations.md, "Backups", decision 0031): a scratch shop loaded by
// `npm run shop -- seed-load` (a million orders by default), the production server on it taking
// orders, and then, measured:
//   - order placement without a backup, and while `npm run shop -- backup` runs (on the
//     embedded database the running shop writes it, asked through its socket);
//   - the backup's time and file size (target: ≤ 2 minutes at 1,000,000 orders; placement
//     during it ≥ 50 % of normal);
//   - restore time into a new PostgreSQL database, and into a new DATA_DIR (embedded).
// Prints figures and a table, writes bench/results/backup-<db>.json; never fails on time.
//
//   SCALE_ORDERS (1000000), SCALE_USERS (orders / 20), SCALE_TOOLS (200),
//   BACKUP_DB (postgres | pglite; default postgres), BACKUP_LOAD_SECONDS (10): each placement
//   figure's length, BACKUP_BUYERS (50): concurrent buyers, BACKUP_RESTORE_INTO
//   (postgres,pglite): where the file is restored,
//   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres): the server on which the
//   scratch databases are created and dropped.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureBuilt, repoRoot } from '../scripts/build-if-needed.mjs';
import { freePort } from './lib/server.mjs';

export const backupTargets = { backupSeconds: 120, placementDuringBackup: 0.5 };

const ORDERS = Number(process.env.SCALE_ORDERS ?? 1_000_000);
const USERS = Number(process.env.SCALE_USERS ?? Math.max(20, Math.round(ORDERS / 20)));
const TOOLS = Number(process.env.SCALE_TOOLS ?? 200);
const DB = process.env.BACKUP_DB ?? 'postgres';
const LOAD_SECONDS = Number(process.env.BACKUP_LOAD_SECONDS ?? 10);
const BUYERS = Number(process.env.BACKUP_BUYERS ?? 50);
const RESTORE_INTO = (process.env.BACKUP_RESTORE_INTO ?? 'postgres,pglite').split(',').filter(Boolean);
const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs the operator's CLI, echoing its output with a prefix; resolves to its output and seconds. */
function shop(args, env, prefix) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/dist/cli.js', ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const echo = (chunk) => {
      out += chunk;
      for (const line of String(chunk).split('\n')) if (line.trim()) console.log(`${prefix}${line}`);
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    child.once('exit', (code) =>
      code === 0
        ? resolve({ out, seconds: (performance.now() - started) / 1000 })
        : reject(new Error(`shop ${args.join(' ')} exited ${code}`)),
    );
  });
}

async function admin(sql) {
  const c = new pg.Client({ connectionString: BASE });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A new, empty PostgreSQL database on BASE's server: its URL and how to drop it. */
async function scratchDatabase(label) {
  const name = `kanna_bench_${label}_${Date.now().toString(36)}`;
  await admin(`create database ${name}`);
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function startServer(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (i > 900) throw new Error('the server did not start within 3 minutes');
    await sleep(200);
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * A client address per request (TRUST_PROXY=1, as behind a load balancer): the order route
 * allows 60 orders a minute per address, which a few hundred buyers at full speed for minutes
 * would exceed; a real shop's orders come from as many addresses as buyers.
 */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Buyers signed up through the API and confirmed through their verification mails (the outbox). */
async function makeBuyers(url, dataDir, count) {
  const cookies = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': addressOf(i) },
      body: JSON.stringify({
        name: `Backup Buyer ${i}`,
        email: `backup.bench.${i}@kanna.example`,
        password: 'bench-pass',
      }),
    });
    if (!res.ok) throw new Error(`sign-up ${i}: ${res.status} ${await res.text()}`);
    cookies.push(cookieOf(res));
  }
  const outbox = path.join(dataDir, 'outbox.mbox');
  let links = [];
  for (let i = 0; i < 100 && links.length < count; i++) {
    const text = existsSync(outbox)
      ? readFileSync(outbox, 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=')
      : '';
    links = [...new Set(text.match(/http\S*verify-email\?token=[^\s>"]+/g) ?? [])];
    if (links.length < count) await sleep(200);
  }
  for (const link of links) await fetch(link, { redirect: 'manual' });
  return cookies;
}

/** Tools a buyer can order at their minimum many times over, from the first page of the catalogue. */
async function orderableTools(url) {
  const tools = await (await fetch(`${url}/api/handTools?limit=50`)).json();
  return tools
    .filter((t) => t.maxQuantity >= 20 * t.minQuantity)
    .map((t) => ({ id: t._id, quantity: t.minQuantity }));
}

/** Orders placed as fast as they are answered by `BUYERS` connections until `stop()`: orders/s. */
function placeOrders(url, cookies, tools) {
  let next = 0;
  const instance = autocannon({
    url: `${url}/api/order`,
    connections: BUYERS,
    duration: 3600,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const i = next++;
          const b = i % cookies.length;
          const tool = tools[i % tools.length];
          return Object.assign(request, {
            method: 'POST',
            path: '/api/order',
            headers: {
              'content-type': 'application/json',
              origin: url,
              cookie: cookies[b],
              'x-forwarded-for': addressOf(1000 + (i % 1_000_000)),
            },
            body: JSON.stringify({
              toolId: tool.id,
              quantity: tool.quantity,
              phone: '0312345678',
              address: 'Kyoto',
            }),
          });
        },
      },
    ],
  });
  const started = performance.now();
  const done = new Promise((resolve) => instance.once('done', resolve));
  return {
    async stop() {
      instance.stop();
      const run = await done;
      const seconds = (performance.now() - started) / 1000;
      const placed = run.statusCodeStats?.['201']?.count ?? 0;
      const other = Object.entries(run.statusCodeStats ?? {}).filter(([k]) => k !== '201');
      return {
        perSecond: placed / seconds,
        placed,
        seconds,
        other: Object.fromEntries(other.map(([k, v]) => [k, v.count])),
      };
    },
  };
}

async function main() {
  ensureBuilt();
  console.log(
    `bench:backup on ${DB}: ${ORDERS} orders, ${USERS} customers, ${TOOLS} tools; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const work = mkdtempSync(path.join(tmpdir(), 'kanna-bench-backup-'));
  const dataDir = path.join(work, 'shop');
  const file = path.join(work, 'shop.kbak');
  const cleanups = [() => rmSync(work, { recursive: true, force: true })];
  const result = { db: DB, orders: ORDERS, users: USERS, tools: TOOLS, loadAverage: loadavg()[0] };
  try {
    const source = DB === 'postgres' ? await scratchDatabase('src') : null;
    if (source) cleanups.unshift(source.drop);
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      ...(source ? { DATABASE_URL: source.url } : {}),
      SAMPLE_DATA: 'off',
      LOG_LEVEL: 'warn',
      MAX_UNPAID_ORDERS: '1000',
      MAX_UNPAID_VALUE: '1000000000',
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT: '100000',
    };
    if (!source) delete env.DATABASE_URL;
    const seeded = await shop(
      ['seed-load', '--orders', String(ORDERS), '--users', String(USERS), '--tools', String(TOOLS)],
      env,
      '  seed-load: ',
    );
    result.seedSeconds = seeded.seconds;

    const server = await startServer(env);
    cleanups.unshift(server.stop);
    // Each account may hold at most 1,000 unpaid orders (MAX_UNPAID_ORDERS' ceiling).
    const cookies = await makeBuyers(server.url, dataDir, 200);
    const tools = await orderableTools(server.url);

    const warm = placeOrders(server.url, cookies, tools);
    await sleep(2000);
    await warm.stop();
    const normal = placeOrders(server.url, cookies, tools);
    await sleep(LOAD_SECONDS * 1000);
    result.placementNormal = await normal.stop();
    console.log(
      `  placement without a backup: ${result.placementNormal.perSecond.toFixed(0)} orders/s (other answers: ${JSON.stringify(result.placementNormal.other)})`,
    );

    const during = placeOrders(server.url, cookies, tools);
    await sleep(1000);
    const backup = await shop(['backup', file], env, '  backup: ');
    result.placementDuring = await during.stop();
    result.backupSeconds = backup.seconds;
    result.backupBytes = statSync(file).size;
    console.log(
      `  backup: ${backup.seconds.toFixed(1)} s, ${(result.backupBytes / 1024 / 1024).toFixed(1)} MB; placement meanwhile ${result.placementDuring.perSecond.toFixed(0)} orders/s (other answers: ${JSON.stringify(result.placementDuring.other)})`,
    );
    await server.stop();

    result.restore = {};
    for (const into of RESTORE_INTO) {
      const target = into === 'postgres' ? await scratchDatabase('restore') : null;
      const targetDir = path.join(work, `restore-${into}`);
      try {
        const restoreEnv = { ...env, DATA_DIR: targetDir, ...(target ? { DATABASE_URL: target.url } : {}) };
        if (!target) delete restoreEnv.DATABASE_URL;
        const restored = await shop(['restore', file], restoreEnv, `  restore into ${into}: `);
        result.restore[into] = restored.seconds;
      } finally {
        await target?.drop();
        rmSync(targetDir, { recursive: true, force: true });
      }
    }
  } finally {
    for (const c of cleanups)
      await Promise.resolve()
        .then(c)
        .catch(() => {});
  }

  const ratio = result.placementDuring.perSecond / result.placementNormal.perSecond;
  const rows = [
    [
      'backup time',
      `${result.backupSeconds.toFixed(1)} s`,
      `≤ ${backupTargets.backupSeconds} s at 1,000,000 orders`,
    ],
    ['backup file', `${(result.backupBytes / 1024 / 1024).toFixed(1)} MB`, ''],
    ['placement without backup', `${result.placementNormal.perSecond.toFixed(0)} orders/s`, ''],
    [
      'placement during backup',
      `${result.placementDuring.perSecond.toFixed(0)} orders/s (${(ratio * 100).toFixed(0)} %)`,
      `≥ ${backupTargets.placementDuringBackup * 100} %`,
    ],
    ...Object.entries(result.restore).map(([into, s]) => [`restore into ${into}`, `${s.toFixed(1)} s`, '']),
  ];
  console.log(
    `\nBackups on ${DB}, ${ORDERS} orders (load average ${result.loadAverage.toFixed(1)} at start)`,
  );
  for (const [what, got, target] of rows) console.log(`  ${what.padEnd(26)} ${got.padEnd(28)} ${target}`);
  mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(repoRoot, `bench/results/backup-${DB}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
