// What a flood of anonymous catalogue reads that the cache cannot answer costs the server, on a
// catalogue of 220 tools: the production server on an embedded database filled by seed-load.
// Every read is sent as a browser sends it: Chrome's request headers (its Accept-Encoding is
// `gzip, deflate, br, zstd`, its Accept-Language, User-Agent and Sec-Fetch-*), each from its own
// client address (X-Forwarded-For, TRUST_PROXY=1) on its own connection, so neither the
// per-address limit nor a warm connection hides the cost.
//
//   1. CPU per distinct read: GET /api/handTools with a search typed from the tools' names
//      (matching 20 or more of them), a sort, and the catalogue's page size (50, which the web
//      app's catalogue asks for by sending none) or one near it, never asked before. The
//      figures say which encoding was negotiated and how many bytes a read sent. Measured in
//      rounds on a fresh server: the first rounds include the JIT's warming up, which a flood
//      on a server just started pays too. Target: ≤ 2 ms of the server's CPU per read.
//   2. A visitor's GET /api/health while such a flood goes on, open-loop at `--rate` distinct
//      reads a second (100 filled both cores before these reads were made cheap). Target: p99
//      ≤ 50 ms. Then the same with the flood as fast as `--connections` connections go.
//   3. One address flooding alone: past its 120 uncached reads a minute it gets 429s, and the
//      server's CPU per refused read.
// Other processes share the machine: every figure says the load average when it was taken, and
// CPU time (from /proc), not wall time, is what is compared. Prints figures; never fails on time.
//
//   node bench/catalog-flood.mjs [--reads 1200] [--rounds 4] [--rate 100] [--seconds 10] [--connections 16]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ensureBuilt, repoRoot } from '../scripts/build-if-needed.mjs';
import { isMain } from './lib/main.mjs';
import { pacedLoad } from './lib/paced.mjs';
import { startKanna } from './lib/server.mjs';

export const floodTargets = { cpuMsPerRead: 2, healthP99Ms: 50 };
const TOOLS = 220;

/** The server's CPU time so far (user + system, ms) and resident memory (MB), from /proc. */
function usage(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuMs: ticks * 10, rssMb: Number(rss?.[1] ?? 0) / 1024 };
}

/**
 * Chrome's headers on a `fetch` from the catalogue page. The server chooses the encoding by
 * Accept-Encoding; the rest is parsed on every request, as from a browser.
 */
const browser = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en-US;q=0.9,en;q=0.8,ja;q=0.7',
  referer: 'https://kanna.example/allProduct',
  'sec-ch-ua': '"Chromium";v="131", "Google Chrome";v="131", "Not_A Brand";v="24"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Linux"',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

/**
 * What visitors type into the catalogue's search: the pieces of the tools' names (3 to 5
 * characters, within a word) that 20 or more of them contain, so a page holds 20–60 tools.
 */
function searchesFrom(tools) {
  const counts = new Map();
  for (const tool of tools) {
    const seen = new Set();
    for (const word of tool.productName.toLowerCase().split(/\s+/))
      for (let length = 3; length <= 5; length++)
        for (let at = 0; at + length <= word.length; at++) seen.add(word.slice(at, at + length));
    for (const piece of seen) counts.set(piece, (counts.get(piece) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n >= 20)
    .map(([piece]) => piece)
    .sort();
}

/**
 * The i-th distinct catalogue read: a search, a sort, and the page size the catalogue asks for
 * (none: 50) or one of 41–60. Thousands of them, none asked twice in a run.
 */
const sorts = ['newest', 'price-asc', 'price-desc'];
function distinctReads(searches) {
  const sizes = [undefined, ...Array.from({ length: 20 }, (_, n) => 41 + n).filter((n) => n !== 50)];
  const count = searches.length * sorts.length * sizes.length;
  const at = (i) => {
    const n = i % count;
    const search = searches[n % searches.length];
    const sort = sorts[Math.floor(n / searches.length) % sorts.length];
    const size = sizes[Math.floor(n / searches.length / sorts.length)];
    return `/api/handTools?search=${encodeURIComponent(search)}${sort === 'newest' ? '' : `&sort=${sort}`}${size ? `&limit=${size}` : ''}`;
  };
  return { at, count };
}
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const load = () => `load ${loadavg()[0].toFixed(1)}`;

/**
 * GETs each path, closed loop over `connections` lanes; statuses, encodings and bytes received
 * counted. `visitors`: each request on a connection of its own, as each visitor's browser opens
 * one (otherwise keep-alive connections are shared).
 */
async function getAll(url, paths, connections, headersOf, { visitors = false } = {}) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: !visitors, maxSockets: connections });
  const statuses = {};
  const encodings = {};
  let bytes = 0;
  let next = 0;
  const one = (i) =>
    new Promise((resolve) => {
      const req = http.get({ agent, hostname, port, path: paths[i], headers: headersOf(i) }, (res) => {
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () => {
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          const encoding = res.headers['content-encoding'] ?? 'none';
          encodings[encoding] = (encodings[encoding] ?? 0) + 1;
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
  return { statuses, encodings, bytesPerRead: bytes / paths.length };
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
  rounds = 4,
  rate = 100,
  seconds = 10,
  connections = 16,
  log = console.log,
} = {}) {
  ensureBuilt({ log });
  log(`\n== Catalogue flood: distinct uncached reads, ${TOOLS} tools, Node.js ${process.version} ==`);
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
    // Every tool on sale, page after page (the largest page is 200).
    const tools = [];
    for (let next = `${kanna.url}/api/handTools?limit=200`; next; ) {
      const response = await fetch(new URL(next, kanna.url));
      tools.push(...(await response.json()));
      next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
    }
    const searches = searchesFrom(tools);
    const distinct = distinctReads(searches);
    log(`${tools.length} tools on sale; ${searches.length} searches, ${distinct.count} distinct reads.`);
    if (distinct.count < rounds * reads + rate * seconds + reads + 600)
      throw new Error('too few distinct reads for these options');
    const before = usage(kanna.pid);

    // 1. CPU per distinct read, each from its own address, in rounds from a fresh server.
    let offset = 0;
    const perRound = [];
    let sampleEncodings = {};
    let sampleBytes = 0;
    for (let round = 1; round <= rounds; round++) {
      const paths = Array.from({ length: reads }, (_, i) => distinct.at(offset + i));
      const first = offset;
      const t0 = usage(kanna.pid);
      const r = await getAll(
        kanna.url,
        paths,
        connections,
        (i) => ({ ...browser, 'x-forwarded-for': addressOf(first + i) }),
        { visitors: true },
      );
      const t1 = usage(kanna.pid);
      offset += reads;
      const cpuMs = (t1.cpuMs - t0.cpuMs) / reads;
      perRound.push(cpuMs);
      sampleEncodings = r.encodings;
      sampleBytes = r.bytesPerRead;
      log(
        `1. round ${round}: ${reads} distinct reads (${fmt(r.statuses)}; encodings ${fmt(r.encodings)}; ` +
          `${(r.bytesPerRead / 1024).toFixed(1)} KB received a read): ${cpuMs.toFixed(2)} ms of server CPU each ` +
          `(target ≤ ${floodTargets.cpuMsPerRead}); ${load()}`,
      );
    }
    const sample = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${kanna.url}${distinct.at(i)}`).then((r) => r.json())),
    );
    const perPage = sample.reduce((n, page) => n + page.length, 0) / sample.length;
    const bytesPerPage = sample.reduce((n, page) => n + JSON.stringify(page).length, 0) / sample.length;
    // After the first round (the JIT warming up): the steady cost, the median of the rest.
    const warm = perRound.slice(1).sort((a, b) => a - b);
    const cpuMsPerRead = warm.length ? warm[Math.floor((warm.length - 1) / 2)] : perRound[0];
    log(
      `   pages of ${perPage.toFixed(0)} tools, ${(bytesPerPage / 1024).toFixed(0)} KB of JSON on average; ` +
        `first round ${perRound[0].toFixed(2)} ms, the rest's median ${cpuMsPerRead.toFixed(2)} ms; ` +
        `memory ${before.rssMb.toFixed(0)} → ${usage(kanna.pid).rssMb.toFixed(0)} MB`,
    );

    // 0. The yardstick, on this machine at this moment: a read the cache answers.
    const cachedPath = '/api/handTools?limit=50';
    await getAll(kanna.url, [cachedPath, cachedPath], 1, () => browser);
    const c0 = usage(kanna.pid);
    await getAll(kanna.url, Array(5000).fill(cachedPath), connections, () => browser);
    const cachedCpuMs = (usage(kanna.pid).cpuMs - c0.cpuMs) / 5000;
    log(
      `   a cached read (${cachedPath}, 5000 times): ${cachedCpuMs.toFixed(3)} ms of server CPU each; ${load()}`,
    );

    // 2. Health during a paced flood, then during an unpaced one (new reads each time).
    const pacedFrom = offset;
    const paced = await probeHealth(kanna.url, () =>
      pacedLoad({
        url: kanna.url,
        rate,
        seconds,
        connections: 50,
        request: (i) => ({
          method: 'GET',
          path: distinct.at(pacedFrom + i),
          headers: { ...browser, 'x-forwarded-for': addressOf(pacedFrom + i) },
        }),
      }),
    );
    offset += Math.floor(rate * seconds);
    log(
      `2. /api/health during ${rate} distinct reads/s for ${seconds} s (${fmt(paced.result.statuses)}; reads p99 ` +
        `${paced.result.p99.toFixed(1)} ms): p50 ${paced.p50.toFixed(1)} ms, p99 ${paced.p99.toFixed(1)} ms, ` +
        `max ${paced.max.toFixed(1)} ms (target p99 ≤ ${floodTargets.healthP99Ms}); ${load()}`,
    );
    const flatFrom = offset;
    const flat = Array.from({ length: reads }, (_, i) => distinct.at(flatFrom + i));
    const unpaced = await probeHealth(kanna.url, async () => {
      const start = performance.now();
      const s = await getAll(
        kanna.url,
        flat,
        connections,
        (i) => ({ ...browser, 'x-forwarded-for': addressOf(flatFrom + i) }),
        { visitors: true },
      );
      return { statuses: s.statuses, perSecond: reads / ((performance.now() - start) / 1000) };
    });
    offset += reads;
    log(
      `   …during ${reads} distinct reads as fast as ${connections} connections go (${Math.round(unpaced.result.perSecond)}/s): ` +
        `p50 ${unpaced.p50.toFixed(1)} ms, p99 ${unpaced.p99.toFixed(1)} ms, max ${unpaced.max.toFixed(1)} ms; ${load()}`,
    );

    // 3. One address alone.
    const alone = Array.from({ length: 600 }, (_, i) => distinct.at(offset + i));
    const a0 = usage(kanna.pid);
    const aloneResult = await getAll(kanna.url, alone, connections, () => ({
      ...browser,
      'x-forwarded-for': '10.255.255.254',
    }));
    const a1 = usage(kanna.pid);
    const refused = aloneResult.statuses[429] ?? 0;
    log(
      `3. one address, 600 distinct reads: ${fmt(aloneResult.statuses)}; ${((a1.cpuMs - a0.cpuMs) / alone.length).toFixed(2)} ms of CPU each on average; ${load()}`,
    );
    const after = usage(kanna.pid);
    log(
      `Server memory: ${before.rssMb.toFixed(0)} MB before the floods, ${after.rssMb.toFixed(0)} MB after.`,
    );
    return {
      tools: tools.length,
      cachedCpuMs,
      cpuMsPerRead,
      cpuMsPerRound: perRound,
      encodings: sampleEncodings,
      bytesPerRead: sampleBytes,
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
      rounds: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
    },
  });
  await runCatalogFlood({
    reads: Number(values.reads ?? 1200),
    rounds: Number(values.rounds ?? 4),
    rate: Number(values.rate ?? 100),
    seconds: Number(values.seconds ?? 10),
    connections: Number(values.connections ?? 16),
  });
}
