// What a flood of anonymous catalogue reads that the cache cannot answer costs the server, on a
// catalogue of 200 tools: the production server on an embedded database filled by seed-load.
//
//   1. CPU per distinct read: GET /api/handTools with a different page size, sort and search
//      each time (pages of 41–60 tools, as browsers ask: Accept-Encoding br), each from its own
//      client address (TRUST_PROXY=1), so the per-address limit does not hide the cost.
//      Target: ≤ 2 ms of the server's CPU per read.
//   2. A visitor's GET /api/health while such a flood goes on, open-loop at `--rate` distinct
//      reads a second (100 filled both cores before these reads were made cheap). Target: p99
//      ≤ 50 ms. Then the same with the flood as fast as `--connections` connections go.
//   3. One address flooding alone: past its 120 uncached reads a minute it gets 429s, and the
//      server's CPU per refused read.
// Prints figures; never fails on time.
//
//   node bench/catalog-flood.mjs [--reads 1200] [--rate 100] [--seconds 10] [--connections 16]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ensureBuilt, repoRoot } from '../scripts/build-if-needed.mjs';
import { isMain } from './lib/main.mjs';
import { pacedLoad } from './lib/paced.mjs';
import { startKanna } from './lib/server.mjs';

export const floodTargets = { cpuMsPerRead: 2, healthP99Ms: 50 };
const TOOLS = 200;

/** The server's CPU time so far (user + system, ms) and resident memory (MB), from /proc. */
function usage(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuMs: ticks * 10, rssMb: Number(rss?.[1] ?? 0) / 1024 };
}

/**
 * The i-th distinct catalogue read: a page size of 31–70, a sort, and a one-letter search (each
 * matching many of the tools' names). The 1,560 of them come round again, by when the cache's
 * bounded answers (500 at most) and the replays (256 URLs) have long let them go.
 */
const letters = 'aeinorstlhkmu';
const sorts = ['newest', 'price-asc', 'price-desc'];
const distinctReads = letters.length * sorts.length * 40;
function distinctRead(i) {
  const n = i % distinctReads;
  const limit = 31 + (n % 40);
  const sort = sorts[Math.floor(n / 40) % sorts.length];
  const search = letters[Math.floor(n / 120)];
  return `/api/handTools?limit=${limit}&sort=${sort}&search=${search}`;
}
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** GETs each path (closed loop over `connections` keep-alive connections); statuses counted. */
async function getAll(url, paths, connections, headersOf) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = {};
  let next = 0;
  const one = (i) =>
    new Promise((resolve) => {
      const req = http.get({ agent, hostname, port, path: paths[i], headers: headersOf(i) }, (res) => {
        res.resume();
        res.on('end', () => {
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          resolve();
        });
      });
      req.on('error', () => {
        statuses.error = (statuses.error ?? 0) + 1;
        resolve();
      });
    });
  const lane = async () => {
    while (next < paths.length) await one(next++);
  };
  await Promise.all(Array.from({ length: connections }, lane));
  agent.destroy();
  return statuses;
}

/** Health probes every 50 ms while `during` runs; their latencies, sorted. */
async function probeHealth(url, during) {
  const latencies = [];
  let running = true;
  const probes = (async () => {
    while (running) {
      const start = performance.now();
      await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const result = await during();
  running = false;
  await probes;
  latencies.sort((a, b) => a - b);
  const at = (p) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  return { result, p50: at(50), p99: at(99), max: latencies.at(-1) ?? 0, probes: latencies.length };
}

const fmt = (statuses) =>
  Object.entries(statuses)
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ');

export async function runCatalogFlood({
  reads = 1200,
  rate = 100,
  seconds = 10,
  connections = 16,
  log = console.log,
} = {}) {
  ensureBuilt({ log });
  log(`\n== Catalogue flood: distinct uncached reads, ${TOOLS} tools ==`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kanna-flood-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  const seeded = spawnSync(
    process.execPath,
    ['apps/server/dist/cli.js', 'seed-load', '--orders', '0', '--users', '1', '--tools', String(TOOLS)],
    { cwd: repoRoot, env, encoding: 'utf8' },
  );
  if (seeded.status !== 0) throw new Error(`seed-load failed: ${seeded.stderr || seeded.stdout}`);
  const kanna = await startKanna({ env: { DATA_DIR: dataDir, SAMPLE_DATA: 'off', TRUST_PROXY: '1' } });
  try {
    const tools = await (await fetch(`${kanna.url}/api/handTools?limit=200`)).json();
    log(`${tools.length} tools on sale.`);
    const before = usage(kanna.pid);

    // 0. The yardstick, on this machine at this moment: a read the cache answers.
    const cachedPath = '/api/handTools?limit=50';
    await getAll(kanna.url, [cachedPath, cachedPath], 1, () => browser);
    const c0 = usage(kanna.pid);
    await getAll(kanna.url, Array(5000).fill(cachedPath), connections, () => browser);
    const cachedCpuMs = (usage(kanna.pid).cpuMs - c0.cpuMs) / 5000;
    log(`0. a cached read (${cachedPath}, 5000 times): ${cachedCpuMs.toFixed(3)} ms of server CPU each`);

    // 1. CPU per distinct read, each from its own address.
    const paths = Array.from({ length: reads }, (_, i) => distinctRead(i));
    const t0 = usage(kanna.pid);
    const statuses = await getAll(kanna.url, paths, connections, (i) => ({
      ...browser,
      'x-forwarded-for': addressOf(i),
    }));
    const t1 = usage(kanna.pid);
    const cpuMsPerRead = (t1.cpuMs - t0.cpuMs) / reads;
    const sample = await Promise.all(
      paths.slice(0, 40).map((p) => fetch(`${kanna.url}${p}`).then((r) => r.json())),
    );
    const perPage = sample.reduce((n, page) => n + page.length, 0) / sample.length;
    const bytesPerPage = sample.reduce((n, page) => n + JSON.stringify(page).length, 0) / sample.length;
    log(
      `1. ${reads} distinct reads (${fmt(statuses)}; ${perPage.toFixed(0)} tools, ${(bytesPerPage / 1024).toFixed(0)} KB of JSON a page on average): ` +
        `${cpuMsPerRead.toFixed(2)} ms of server CPU each (${(cpuMsPerRead / cachedCpuMs).toFixed(0)}× a cached read) ` +
        `(target ≤ ${floodTargets.cpuMsPerRead}); memory ${before.rssMb.toFixed(0)} → ${t1.rssMb.toFixed(0)} MB`,
    );

    // 2. Health during a paced flood, then during an unpaced one (new reads each time).
    let offset = reads;
    const paced = await probeHealth(kanna.url, () =>
      pacedLoad({
        url: kanna.url,
        rate,
        seconds,
        connections: 50,
        request: (i) => ({
          method: 'GET',
          path: distinctRead(offset + i),
          headers: { ...browser, 'x-forwarded-for': addressOf(offset + i) },
        }),
      }),
    );
    offset += Math.floor(rate * seconds);
    log(
      `2. /api/health during ${rate} distinct reads/s for ${seconds} s (${fmt(paced.result.statuses)}; reads p99 ` +
        `${paced.result.p99.toFixed(1)} ms): p50 ${paced.p50.toFixed(1)} ms, p99 ${paced.p99.toFixed(1)} ms, ` +
        `max ${paced.max.toFixed(1)} ms (target p99 ≤ ${floodTargets.healthP99Ms})`,
    );
    const flat = Array.from({ length: reads }, (_, i) => distinctRead(offset + i));
    const unpaced = await probeHealth(kanna.url, async () => {
      const start = performance.now();
      const s = await getAll(kanna.url, flat, connections, (i) => ({
        ...browser,
        'x-forwarded-for': addressOf(offset + i),
      }));
      return { statuses: s, perSecond: reads / ((performance.now() - start) / 1000) };
    });
    offset += reads;
    log(
      `   …during ${reads} distinct reads as fast as ${connections} connections go (${Math.round(unpaced.result.perSecond)}/s): ` +
        `p50 ${unpaced.p50.toFixed(1)} ms, p99 ${unpaced.p99.toFixed(1)} ms, max ${unpaced.max.toFixed(1)} ms`,
    );

    // 3. One address alone.
    const alone = Array.from({ length: 600 }, (_, i) => distinctRead(offset + i));
    const a0 = usage(kanna.pid);
    const aloneStatuses = await getAll(kanna.url, alone, connections, () => ({
      ...browser,
      'x-forwarded-for': '10.255.255.254',
    }));
    const a1 = usage(kanna.pid);
    const refused = aloneStatuses[429] ?? 0;
    log(
      `3. one address, 600 distinct reads: ${fmt(aloneStatuses)}; ${((a1.cpuMs - a0.cpuMs) / alone.length).toFixed(2)} ms of CPU each on average`,
    );
    const after = usage(kanna.pid);
    log(
      `Server memory: ${before.rssMb.toFixed(0)} MB before the floods, ${after.rssMb.toFixed(0)} MB after.`,
    );
    return {
      tools: tools.length,
      cachedCpuMs,
      cpuMsPerRead,
      health: { paced, unpaced },
      rate,
      refused,
      rssMb: { before: before.rssMb, after: after.rssMb },
    };
  } finally {
    await kanna.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      reads: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
    },
  });
  await runCatalogFlood({
    reads: Number(values.reads ?? 1200),
    rate: Number(values.rate ?? 100),
    seconds: Number(values.seconds ?? 10),
    connections: Number(values.connections ?? 16),
  });
}
