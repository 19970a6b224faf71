// The shop at the size of years of trade: a scratch database loaded by
// `npm run shop -- seed-load` (a million orders by default), the production server on it, and
// the admin's and a heavy customer's reads measured against their targets:
//   every page call p95 ≤ 50 ms, the overview ≤ 200 ms, the CSV export ≥ 50,000 rows/s with the
//   server's RSS growing ≤ 100 MB, the first rows of /dashboard/allOrders on screen ≤ 1.5 s,
//   seed-load ≤ 10 min.
// Prints figures and a table, writes bench/results/scale-<db>.json; never fails on time.
//
//   SCALE_ORDERS (1000000), SCALE_USERS (orders / 20), SCALE_TOOLS (200), SCALE_DB (postgres | pglite),
//   SCALE_REQUESTS (30 per figure, after 5 warm-up requests),
//   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres): the server on which the
//   scratch database is created and dropped.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { ensureBuilt, repoRoot } from '../scripts/build-if-needed.mjs';
import { chromiumArgs, chromiumPath } from './lib/chromium.mjs';
import { freePort } from './lib/server.mjs';

export const scaleTargets = {
  pageP95Ms: 50,
  overviewP95Ms: 200,
  exportRowsPerSecond: 50_000,
  exportRssGrowthMb: 100,
  firstRowsMs: 1500,
  seedSeconds: 600,
};

const ORDERS = Number(process.env.SCALE_ORDERS ?? 1_000_000);
const USERS = Number(process.env.SCALE_USERS ?? Math.max(20, Math.round(ORDERS / 20)));
const TOOLS = Number(process.env.SCALE_TOOLS ?? 200);
const DB = process.env.SCALE_DB ?? 'postgres';
const REQUESTS = Number(process.env.SCALE_REQUESTS ?? 30);
const WARMUP = 5;
const ADMIN = 'scale-admin@kanna.example';
const ADMIN_PASSWORD = 'scale-admin-password';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs a command, echoing its output with a prefix; resolves to its whole output. */
function runLogged(args, env, prefix) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const echo = (chunk) => {
      out += chunk;
      for (const line of String(chunk).split('\n')) if (line.trim()) console.log(`${prefix}${line}`);
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
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
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function post(url, pathname, body, cookie = '') {
  return fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function signIn(url, email, password) {
  const res = await post(url, '/api/auth/sign-in/email', { email, password });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

/**
 * The administrator, the operator's way: listed in ADMIN_EMAILS, signed up, and the address
 * confirmed through the link of the verification mail (the outbox file, no SMTP).
 */
async function makeAdmin(url, dataDir) {
  const res = await post(url, '/api/auth/sign-up/email', {
    name: 'Scale Admin',
    email: ADMIN,
    password: ADMIN_PASSWORD,
  });
  if (!res.ok) {
    // A reused database already has its administrator.
    if (process.env.SCALE_REUSE_DB) return signIn(url, ADMIN, ADMIN_PASSWORD);
    throw new Error(`admin sign-up: ${res.status} ${await res.text()}`);
  }
  const outbox = path.join(dataDir, 'outbox.mbox');
  let link;
  for (let i = 0; i < 50 && !link; i++) {
    // The mail is quoted-printable: undo its soft line breaks and escaped "=".
    const text = existsSync(outbox)
      ? readFileSync(outbox, 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=')
      : '';
    link = text.match(/http\S*verify-email\?token=[^\s>]+/)?.[0];
    if (!link) await sleep(100);
  }
  if (!link) throw new Error('no verification mail for the admin');
  const verified = await fetch(link, { redirect: 'manual' });
  if (verified.status >= 400) throw new Error(`verification: ${verified.status}`);
  return signIn(url, ADMIN, ADMIN_PASSWORD);
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function get(url, pathname, cookie) {
  const res = await fetch(`${url}${pathname}`, { headers: cookie ? { cookie } : {} });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${pathname}: ${res.status} ${body.slice(0, 200)}`);
  return { res, body };
}

/** p50/p95 of `REQUESTS` sequential calls after a warm-up. */
async function timeCalls(url, pathname, cookie) {
  for (let i = 0; i < WARMUP; i++) await get(url, pathname, cookie);
  const ms = [];
  let items = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const { body } = await get(url, pathname, cookie);
    ms.push(performance.now() - t);
    if (i === 0) items = Array.isArray(JSON.parse(body)) ? JSON.parse(body).length : 1;
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1], items };
}

const nextLink = (res) => res.headers.get('link')?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;

/** The path of page `n` (1-based) of a list, following the Link rel="next" cursors. */
async function pagePath(url, first, n, cookie) {
  let pathname = first;
  for (let i = 1; i < n; i++) {
    const { res } = await get(url, pathname, cookie);
    const next = nextLink(res);
    if (!next) return pathname;
    pathname = next;
  }
  return pathname;
}

const rssKb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);

/** CPU seconds the process has used (user + system; Linux counts 100 ticks a second). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The whole CSV export, read as it streams, with the server's resident memory sampled meanwhile. */
async function measureExport(url, cookie, pid) {
  const before = rssKb(pid);
  const cpuBefore = cpuSeconds(pid);
  let peak = before;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssKb(pid));
    } catch {}
  }, 50);
  const t = performance.now();
  const res = await fetch(`${url}/api/order/export.csv`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`export: ${res.status}`);
  let newlines = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++;
  }
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  const rows = newlines - 1; // the header
  // On a shared machine the wall clock also counts other programs: rows per CPU-second of the
  // server says what the export itself costs.
  const serverCpuSeconds = cpuSeconds(pid) - cpuBefore;
  return {
    rows,
    seconds,
    rowsPerSecond: rows / seconds,
    serverCpuSeconds,
    rowsPerServerCpuSecond: rows / serverCpuSeconds,
    megabytes: bytes / 1e6,
    rssGrowthMb: (peak - before) / 1024,
  };
}

/** Time from the start of the navigation until /dashboard/allOrders shows its first row, signed in by cookie. */
async function measureFirstRows(url, cookie, runs = 5) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(
      cookie.split('; ').map((c) => {
        const i = c.indexOf('=');
        return { name: c.slice(0, i), value: c.slice(i + 1), url };
      }),
    );
    const times = [];
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage();
      await page.goto(`${url}/dashboard/allOrders`, { waitUntil: 'commit' });
      // Checked on every animation frame, and timed by the page's own clock from the start of
      // the navigation (Playwright's own waiting polls ever more slowly, up to 500 ms apart).
      const shown = await page.waitForFunction(
        () => {
          const row = document.querySelector('table tbody tr');
          return row && row.getBoundingClientRect().height > 0 ? performance.now() : false;
        },
        null,
        { polling: 'raf', timeout: 120_000 },
      );
      times.push(await shown.jsonValue());
      await page.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    return { cold: times[0], median: percentile(sorted, 50), max: sorted[sorted.length - 1], runs };
  } finally {
    await browser.close();
  }
}

function monthBefore(now, monthsBack) {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
  const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
  return [d.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

export async function runScale() {
  ensureBuilt();
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kanna-bench-scale-'));
  const name = `kanna_scale_${Date.now()}`;
  let admin;
  let databaseUrl;
  // SCALE_REUSE_DB=<name> (with SCALE_PASSWORD, SCALE_HEAVY): measure a database a previous
  // run kept (SCALE_KEEP_DB) instead of seeding a new one; it is kept again.
  const reuse = process.env.SCALE_REUSE_DB;
  if (reuse) {
    const u = new URL(base);
    u.pathname = `/${reuse}`;
    databaseUrl = u.toString();
  } else if (DB === 'postgres') {
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(base);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  } else if (DB !== 'pglite') {
    throw new Error(`SCALE_DB must be postgres or pglite, not ${DB}`);
  }
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  let server;
  try {
    console.log(`\nseed-load: ${ORDERS} orders, ${USERS} customers, ${TOOLS} tools on ${DB}`);
    const t = performance.now();
    const out = reuse
      ? `customers' password: ${process.env.SCALE_PASSWORD}\nheaviest customer: ${process.env.SCALE_HEAVY}\n`
      : await runLogged(
          [
            'apps/server/dist/cli.js',
            'seed-load',
            '--orders',
            String(ORDERS),
            '--users',
            String(USERS),
            '--tools',
            String(TOOLS),
          ],
          env,
          '  | ',
        );
    const seedSeconds = reuse
      ? Number(process.env.SCALE_SEED_SECONDS ?? Number.NaN)
      : (performance.now() - t) / 1000;
    const password = out.match(/customers' password: (\S+)/)?.[1];
    const heavy = out.match(/heaviest customer: (\S+) \((\d+) orders\)/);
    if (!password || !heavy)
      throw new Error('seed-load did not print the password and the heaviest customer');
    const [, heavyEmail, heavyOrders] = heavy;

    server = await startServer({
      ...env,
      SAMPLE_DATA: 'off',
      ADMIN_EMAILS: ADMIN,
      AUTH_RATE_LIMIT: '100000',
    });
    const { url } = server;
    const adminCookie = await makeAdmin(url, dataDir);
    const heavyCookie = await signIn(url, heavyEmail, password);

    // Search terms taken from what the shop shows.
    const page50 = await pagePath(url, '/api/order', 50, adminCookie);
    const sample = JSON.parse((await get(url, page50, adminCookie)).body);
    const someOrder = sample[7] ?? sample[0];
    const toolsPage = JSON.parse((await get(url, '/api/handTools')).body);
    const product = toolsPage[3]?.productName ?? toolsPage[0].productName;
    const [from, to] = monthBefore(new Date(), 3);
    const lastName = someOrder.name.split(' ').pop().toLowerCase();
    const heavyPage20 = await pagePath(url, `/api/order/${encodeURIComponent(heavyEmail)}`, 20, heavyCookie);
    const toolsPage2 = await pagePath(url, '/api/handTools', 2);
    const busyTool = toolsPage[3] ?? toolsPage[0];
    const stockPage20 = await pagePath(url, `/api/handTools/${busyTool._id}/stock`, 20, adminCookie);

    const calls = [
      ['orders: first page', '/api/order', adminCookie],
      ['orders: 50th page', page50, adminCookie],
      ['orders: status=paid', '/api/order?status=paid', adminCookie],
      [`orders: from/to one month (${from.slice(0, 7)})`, `/api/order?from=${from}&to=${to}`, adminCookie],
      ['orders: q=<an e-mail>', `/api/order?q=${encodeURIComponent(someOrder.email)}`, adminCookie],
      [
        `orders: q=<a name> (${someOrder.name})`,
        `/api/order?q=${encodeURIComponent(someOrder.name)}`,
        adminCookie,
      ],
      [`orders: q=<a product> (${product})`, `/api/order?q=${encodeURIComponent(product)}`, adminCookie],
      ['orders: q=<8 chars of an id>', `/api/order?q=${someOrder._id.slice(0, 8)}`, adminCookie],
      [
        `heavy customer (${heavyOrders} orders): first page`,
        `/api/order/${encodeURIComponent(heavyEmail)}`,
        heavyCookie,
      ],
      ['heavy customer: 20th page', heavyPage20, heavyCookie],
      ['users: first page', '/api/users', adminCookie],
      [`users: q=${lastName}`, `/api/users?q=${encodeURIComponent(lastName)}`, adminCookie],
      ['users: q=<an e-mail>', `/api/users?q=${encodeURIComponent(someOrder.email)}`, adminCookie],
      ['users: role=admin', '/api/users?role=admin', adminCookie],
      ['order page: one order whole', `/api/orders/${someOrder._id}`, adminCookie],
      ['stock history: first page', `/api/handTools/${busyTool._id}/stock`, adminCookie],
      ['stock history: 20th page', stockPage20, adminCookie],
      ['handTools: first page', '/api/handTools', undefined],
      ['handTools: second page', toolsPage2, undefined],
    ];
    const figures = [];
    for (const [label, pathname, cookie] of calls) {
      const r = await timeCalls(url, pathname, cookie);
      figures.push({ label, path: pathname, ...r, target: scaleTargets.pageP95Ms, kind: 'page' });
      console.log(`  ${label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.items} items)`);
    }
    const overview = await timeCalls(url, '/api/admin-overview', adminCookie);
    figures.push({
      label: 'admin overview',
      path: '/api/admin-overview',
      ...overview,
      target: scaleTargets.overviewP95Ms,
      kind: 'overview',
    });
    console.log(`  admin overview: p50 ${overview.p50.toFixed(1)} ms, p95 ${overview.p95.toFixed(1)} ms`);

    // The page first, on a server that has not just streamed a large export.
    const firstRows = await measureFirstRows(url, adminCookie).catch((err) => {
      console.log(`  /dashboard/allOrders: ${err.message.split('\n')[0]}`);
      return { cold: Number.NaN, median: Number.NaN, max: Number.NaN, runs: 0, error: err.message };
    });
    console.log(
      `  /dashboard/allOrders first rows: cold ${firstRows.cold.toFixed(0)} ms, median of ${firstRows.runs} ${firstRows.median.toFixed(0)} ms`,
    );
    const exported = await measureExport(url, adminCookie, server.pid);
    console.log(
      `  export: ${exported.rows} rows in ${exported.seconds.toFixed(1)} s = ${exported.rowsPerSecond.toFixed(0)} rows/s, ` +
        `${exported.megabytes.toFixed(0)} MB, server RSS +${exported.rssGrowthMb.toFixed(0)} MB, ` +
        `${exported.serverCpuSeconds.toFixed(1)} server CPU-s (${exported.rowsPerServerCpuSecond.toFixed(0)} rows per CPU-s)`,
    );

    // Is the server still answering after the export (an earlier run's page never showed rows then)?
    const probe = performance.now();
    const after = await fetch(`${url}/api/order`, {
      headers: { cookie: adminCookie },
      signal: AbortSignal.timeout(60_000),
    })
      .then((r) => r.status)
      .catch((err) => err.name);
    console.log(
      `  GET /api/order after the export: ${after} in ${(performance.now() - probe).toFixed(0)} ms`,
    );

    const ok = (good) => (good ? 'ok' : 'MISSED');
    const rows = [
      [
        'seed-load',
        `${seedSeconds.toFixed(0)} s`,
        `≤ ${scaleTargets.seedSeconds} s`,
        ok(seedSeconds <= scaleTargets.seedSeconds),
      ],
      ...figures.map((f) => [
        f.label,
        `p50 ${f.p50.toFixed(1)} / p95 ${f.p95.toFixed(1)} ms`,
        `p95 ≤ ${f.target} ms`,
        ok(f.p95 <= f.target),
      ]),
      [
        'export rows/s',
        `${exported.rowsPerSecond.toFixed(0)} (${exported.rows} rows; ${exported.rowsPerServerCpuSecond.toFixed(0)} per server CPU-s)`,
        `≥ ${scaleTargets.exportRowsPerSecond}`,
        ok(exported.rowsPerSecond >= scaleTargets.exportRowsPerSecond),
      ],
      [
        'export RSS growth',
        `${exported.rssGrowthMb.toFixed(0)} MB`,
        `≤ ${scaleTargets.exportRssGrowthMb} MB`,
        ok(exported.rssGrowthMb <= scaleTargets.exportRssGrowthMb),
      ],
      [
        'allOrders first rows (median)',
        `${firstRows.median.toFixed(0)} ms (cold ${firstRows.cold.toFixed(0)})`,
        `≤ ${scaleTargets.firstRowsMs} ms`,
        ok(firstRows.median <= scaleTargets.firstRowsMs),
      ],
    ];
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
    // The machine is shared: its load says how much the figures are worth.
    const load = loadavg().map((l) => l.toFixed(1));
    console.log(
      `\nScale on ${DB}: ${ORDERS} orders, ${USERS} customers, ${TOOLS} tools (load average ${load.join(' ')})`,
    );
    for (const r of rows) console.log(`  ${r.map((c, i) => c.padEnd(widths[i])).join('  ')}`);

    const result = {
      db: DB,
      orders: ORDERS,
      users: USERS,
      tools: TOOLS,
      at: new Date().toISOString(),
      node: process.version,
      loadAverage: loadavg(),
      seedSeconds,
      figures,
      export: exported,
      firstRows,
      targets: scaleTargets,
    };
    mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    writeFileSync(
      path.join(repoRoot, `bench/results/scale-${DB}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    return result;
  } finally {
    await server?.stop();
    if (admin) {
      if (!process.env.SCALE_KEEP_DB) await admin.query(`drop database if exists ${name} with (force)`);
      else console.log(`kept database ${name} (SCALE_KEEP_DB)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await runScale();
