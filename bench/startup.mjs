// Start-up and crash restart of the shop as an owner meets them: `npm start` until
// GET /api/handTools answers 200, on the embedded database (PGlite in DATA_DIR) and on
// PostgreSQL (a scratch database created and dropped on 127.0.0.1:5432). For each database:
//   - the first start on an empty data directory (initialise, migrate, add the sample data),
//   - a start on existing data, after a clean stop (SIGTERM),
//   - a restart after `kill -9` of the running shop,
//   - a restart after `kill -9` in the middle of a burst of orders (buyers placing and
//     cancelling orders while others read the catalogue), beside a clean restart after the
//     same burst: an unclean stop must not cost more than a clean one.
// Each timed start (each burst pair too) runs `runs` times and the median is reported. Prints figures; never
// fails on time.
//
//   node bench/startup.mjs [--runs 3] [--busy 8] [--no-postgres] [--no-embedded]
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureBuilt, repoRoot } from '../scripts/build-if-needed.mjs';
import { isMain } from './lib/main.mjs';
import { freePort } from './lib/server.mjs';

/** The start-up targets (decision 0016), in milliseconds; `npm run bench` prints each figure beside its own. */
export const startupTargets = { startMs: 1500, crashMs: 2000, firstEmbeddedMs: 5000 };

const postgresBase = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs `npm start` in its own process group (npm, its shell and node go down together). */
function npmStart(env) {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, exited, stderr: () => stderr };
}

const groupAlive = (pid) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Sends `signal` to the whole group and waits until every process of it is gone. */
async function stopGroup(started, signal) {
  try {
    process.kill(-started.child.pid, signal);
  } catch {}
  const deadline = Date.now() + 30_000;
  while (groupAlive(started.child.pid)) {
    if (Date.now() > deadline) process.kill(-started.child.pid, 'SIGKILL');
    await sleep(20);
  }
  await started.exited;
}

/**
 * CPU milliseconds used so far by the processes of a group (npm, its shell, node), from /proc:
 * steadier than wall time when other work shares the machine. Null where /proc is missing.
 */
function groupCpuMs(pgid) {
  try {
    let ticks = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** Starts the shop and resolves with the milliseconds until /api/handTools answered 200. */
async function timedStart(env, url) {
  const t0 = performance.now();
  const started = npmStart(env);
  for (;;) {
    if (started.child.exitCode !== null || !groupAlive(started.child.pid))
      throw new Error(`the shop exited while starting:\n${started.stderr()}`);
    try {
      const res = await fetch(`${url}/api/handTools`);
      await res.arrayBuffer();
      if (res.ok) return { ms: performance.now() - t0, cpuMs: groupCpuMs(started.child.pid), started };
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 180_000) {
      await stopGroup(started, 'SIGKILL');
      throw new Error(`the shop did not answer within 180 s:\n${started.stderr()}`);
    }
    await sleep(10);
  }
}

/**
 * A burst of traffic for `seconds`: `buyers` concurrent loops placing an order and cancelling
 * it (stock goes back, the write-ahead log grows), and as many reading the catalogue. Resolves
 * with the numbers of orders placed and cancelled. The caller kills the shop while it runs, or after.
 */
function burst(url, seconds, { buyers = 8 } = {}) {
  const origin = new URL(url).origin;
  let stop = false;
  let placed = 0;
  let cancelled = 0;
  let n = 0;
  // Each request comes from its own address (TRUST_PROXY=1), so the per-address limits of
  // 60 orders a minute do not cap the burst.
  const from = () => {
    n++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  const run = async () => {
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': from() },
      body: JSON.stringify({ email: 'buyer@kanna.example', password: 'kanna-buyer' }),
    });
    if (!signIn.ok) throw new Error(`the demo buyer could not sign in: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const tools = (await (await fetch(`${url}/api/handTools`)).json()).filter(
      (t) => t.maxQuantity >= t.minQuantity * 4,
    );
    const loops = [];
    for (let b = 0; b < buyers; b++) {
      loops.push(
        (async () => {
          for (let i = b; !stop; i++) {
            const tool = tools[i % tools.length];
            // Only the order carries a body: a DELETE that says it sends JSON and sends none is a 400.
            const headers = { origin, cookie, 'x-forwarded-for': from() };
            try {
              const res = await fetch(`${url}/api/order`, {
                method: 'POST',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify({
                  toolId: tool._id,
                  quantity: tool.minQuantity,
                  phone: '0312345678',
                  address: '1-1 Ginza, Tokyo',
                }),
              });
              const body = await res.json();
              if (res.status !== 201) continue;
              placed++;
              const cancel = await fetch(`${url}/api/order/${body.insertedId}`, {
                method: 'DELETE',
                headers,
              });
              await cancel.arrayBuffer();
              if (cancel.ok) cancelled++;
            } catch {
              return; // the shop went away
            }
          }
        })(),
        (async () => {
          while (!stop) {
            try {
              await (await fetch(`${url}/api/handTools?limit=8`)).arrayBuffer();
            } catch {
              return;
            }
          }
        })(),
      );
    }
    await sleep(seconds * 1000);
    return { loops };
  };
  return {
    done: run().then(({ loops }) => ({ loops })),
    async finish() {
      stop = true;
      const { loops } = await this.done;
      await Promise.all(loops);
      return { placed, cancelled };
    },
  };
}

async function createScratchDatabase() {
  const name = `kanna_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: postgresBase });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresBase);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: postgresBase });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** All the timings for one database. */
async function measure(kind, { runs, busySeconds, log }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `kanna-startup-${kind}-`));
  const scratch = kind === 'postgres' ? await createScratchDatabase() : null;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SAMPLE_DATA: 'on',
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT: '100000',
    MAX_UNPAID_ORDERS: '1000',
    LOG_LEVEL: 'warn',
  };
  if (scratch) env.DATABASE_URL = scratch.url;
  else delete env.DATABASE_URL;
  const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
  try {
    const first = await timedStart(env, url);
    log(
      `  ${kind}: first start on an empty data directory ${fmt(first.ms)}${first.cpuMs === null ? '' : ` (CPU ${fmt(first.cpuMs)})`}`,
    );
    await stopGroup(first.started, 'SIGTERM');

    const clean = [];
    const cleanCpu = [];
    for (let i = 0; i < runs; i++) {
      const s = await timedStart(env, url);
      clean.push(s.ms);
      cleanCpu.push(s.cpuMs);
      await stopGroup(s.started, 'SIGTERM');
    }
    const cpu = (xs) => (xs.every((x) => x !== null) ? ` (CPU ${xs.map(fmt).join(', ')})` : '');
    log(`  ${kind}: start on existing data ${clean.map(fmt).join(', ')}${cpu(cleanCpu)}`);

    const crash = [];
    const crashCpu = [];
    let running = (await timedStart(env, url)).started;
    for (let i = 0; i < runs; i++) {
      await sleep(300);
      await stopGroup(running, 'SIGKILL');
      const s = await timedStart(env, url);
      crash.push(s.ms);
      crashCpu.push(s.cpuMs);
      running = s.started;
    }
    log(`  ${kind}: restart after kill -9 ${crash.map(fmt).join(', ')}${cpu(crashCpu)}`);

    // A burst, then a clean stop and a timed start; a burst, kill -9 in its middle, timed
    // start: `runs` pairs, each compared by its median (one start varies by a tenth or two).
    const afterBurst = { clean: [], crash: [] };
    for (let i = 0; i < runs; i++) {
      for (const signal of ['SIGTERM', 'SIGKILL']) {
        const load = burst(url, busySeconds);
        await load.done;
        let orders;
        if (signal === 'SIGTERM') {
          // Clean: the burst stops, then the shop is stopped.
          orders = await load.finish();
          await stopGroup(running, 'SIGTERM');
        } else {
          await stopGroup(running, 'SIGKILL');
          orders = await load.finish();
        }
        const s = await timedStart(env, url);
        afterBurst[signal === 'SIGTERM' ? 'clean' : 'crash'].push({ ms: s.ms, cpuMs: s.cpuMs, ...orders });
        running = s.started;
      }
    }
    const burstRuns = (xs) =>
      xs.map((x) => `${fmt(x.ms)} (${x.placed} orders, ${x.cancelled} cancelled)`).join(', ');
    log(`  ${kind}: after ${busySeconds} s of orders — clean restart ${burstRuns(afterBurst.clean)}`);
    log(
      `  ${kind}: after ${busySeconds} s of orders — restart after kill -9 mid-burst ${burstRuns(afterBurst.crash)}`,
    );
    await stopGroup(running, 'SIGTERM');
    const medianOrNull = (xs) => (xs.every((x) => x !== null) ? median(xs) : null);
    return {
      firstMs: first.ms,
      firstCpuMs: first.cpuMs,
      startMs: median(clean),
      starts: clean,
      startCpuMs: medianOrNull(cleanCpu),
      crashMs: median(crash),
      crashes: crash,
      crashCpuMs: medianOrNull(crashCpu),
      busy: {
        clean: { ms: median(afterBurst.clean.map((x) => x.ms)), runs: afterBurst.clean },
        crash: { ms: median(afterBurst.crash.map((x) => x.ms)), runs: afterBurst.crash },
      },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop().catch(() => {});
  }
}

export async function runStartup({
  runs = 3,
  busySeconds = 8,
  postgres = true,
  embedded = true,
  log = console.log,
} = {}) {
  ensureBuilt({ log });
  log(`\n== Start-up: npm start until GET /api/handTools answers (median of ${runs}) ==`);
  const results = {};
  if (embedded) results.embedded = await measure('embedded', { runs, busySeconds, log });
  if (postgres) {
    try {
      results.postgres = await measure('postgres', { runs, busySeconds, log });
    } catch (error) {
      log(`  postgres: could not run (${error instanceof Error ? error.message : error})`);
    }
  }
  return results;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      busy: { type: 'string' },
      'no-postgres': { type: 'boolean' },
      'no-embedded': { type: 'boolean' },
    },
  });
  const results = await runStartup({
    runs: Number(values.runs ?? 3),
    busySeconds: Number(values.busy ?? 8),
    postgres: !values['no-postgres'],
    embedded: !values['no-embedded'],
  });
  console.log(JSON.stringify(results, null, 2));
}
