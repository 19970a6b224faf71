// How close the catalogue read GET /api/handTools?limit=8 comes to the ceiling of this
// machine: the production server against a bare node:http server answering the same bytes.
// Target: Kanna ≥ 0.7 × bare on Node.js 24, ≥ 0.6 × bare on Node.js 20 (whose promise hooks,
// on for Better Auth's AsyncLocalStorage, tax every request of the framework and not the bare
// server). Then the same read with a browser's Accept-Encoding, for the
// figure a phone sees (compressed answers). Prints figures; never fails on time. Measured with
// price lists on: the demo buyer pays an 85 % list, as a shop with regular customers runs (the
// public read still answers list prices).
//
// Beside the target's ratio, a second yardstick: node:http answering the same body with every
// header Kanna sends (security headers, ETag, Link…). The gap between the two bare servers is
// what those header bytes cost (the load generator parses them too); the gap between that one
// and Kanna is what the framework and our code cost.
//
//   node bench/api-throughput.mjs [--connections 50] [--duration 10] [--warmup 3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuilt, repoRoot } from '../scripts/build-if-needed.mjs';
import { isMain } from './lib/main.mjs';
import { startKanna } from './lib/server.mjs';
import { demoAdmin, expectStatus, signIn } from './lib/shop.mjs';

const route = '/api/handTools?limit=8';
export const throughputTarget = Number(process.versions.node.split('.')[0]) >= 24 ? 0.7 : 0.6;

/** One GET with no Accept-Encoding (as autocannon sends it): status, headers and raw bytes. */
function getRaw(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks),
          raw: res.rawHeaders,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Headers node:http writes itself, or that describe the body: not copied to the yardstick. */
const ownHeaders = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-type',
]);

/** Starts bench/lib/bare-server.mjs answering `body` (with `headers` too); resolves to { url, stop }. */
async function startBare(body, contentType, headers = null) {
  const dir = mkdtempSync(path.join(tmpdir(), 'kanna-bare-'));
  const bodyFile = path.join(dir, 'body');
  writeFileSync(bodyFile, body);
  const headersFile = path.join(dir, 'headers.json');
  if (headers) writeFileSync(headersFile, JSON.stringify(headers));
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'bench/lib/bare-server.mjs'),
      bodyFile,
      contentType,
      ...(headers ? [headersFile] : []),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with code ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The owner makes an 85 % price list and gives it to the demo buyer. */
async function priceListsOn(url) {
  const cookie = await signIn(url, demoAdmin.email, demoAdmin.password);
  const list = await expectStatus(201, url, 'POST', '/api/price-lists', {
    cookie,
    body: { name: 'Regular customers', percent: 85 },
  });
  await expectStatus(200, url, 'PUT', `/api/users/${encodeURIComponent('buyer@kanna.example')}/price-list`, {
    cookie,
    body: { priceListId: list.id },
  });
}

function load(url, connections, duration, headers = {}) {
  return autocannon({ url, connections, duration, timeout: 10, headers });
}

/** What a browser sends with every fetch: it takes compressed answers. */
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Adds up several autocannon results of one target. */
function combine(results) {
  const seconds = results.reduce((s, r) => s + r.duration, 0);
  const ok = results.reduce((s, r) => s + r['2xx'], 0);
  return {
    rps: ok / seconds,
    ok,
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    errors: results.reduce((s, r) => s + r.errors + r.timeouts, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    seconds,
  };
}

export async function runApiThroughput({
  connections = 50,
  duration = 10,
  warmup = 3,
  log = console.log,
} = {}) {
  ensureBuilt({ log });
  log(`\n== API throughput: GET ${route}, ${connections} connections ==`);
  const kanna = await startKanna();
  let bare;
  let bareHeaders;
  try {
    await priceListsOn(kanna.url);
    log('Price lists on: the demo buyer pays 85 % of list.');
    const sample = await getRaw(`${kanna.url}${route}`);
    if (sample.status !== 200) throw new Error(`GET ${route} answered ${sample.status}`);
    const tools = JSON.parse(sample.body.toString('utf8'));
    const contentType = sample.headers['content-type'];
    log(`Kanna answers ${sample.body.length} bytes of ${contentType} (${tools.length} tools).`);
    bare = await startBare(sample.body, contentType);
    const check = await getRaw(bare.url);
    if (!check.body.equals(sample.body)) throw new Error('the bare server does not answer the same bytes');
    const kannaHeaders = Object.fromEntries(
      Object.entries(sample.headers).filter(([name]) => !ownHeaders.has(name)),
    );
    bareHeaders = await startBare(sample.body, contentType, kannaHeaders);
    const targets = {
      kanna: `${kanna.url}${route}`,
      bare: `${bare.url}${route}`,
      bareHeaders: `${bareHeaders.url}${route}`,
    };

    log(`Warming up each for ${warmup} s…`);
    for (const url of Object.values(targets)) await load(url, connections, warmup);

    // Alternating halves, A B C C B A, so a slow moment of the machine hits all alike.
    const half = duration / 2;
    const runs = { kanna: [], bare: [], bareHeaders: [] };
    for (const name of ['kanna', 'bare', 'bareHeaders', 'bareHeaders', 'bare', 'kanna']) {
      const result = await load(targets[name], connections, half);
      runs[name].push(result);
      log(`  ${name.padEnd(11)} ${half} s: ${Math.round(result['2xx'] / result.duration)} req/s`);
    }
    const k = combine(runs.kanna);
    const b = combine(runs.bare);
    const bh = combine(runs.bareHeaders);
    const ratio = k.rps / b.rps;
    log(
      `Kanna      ${Math.round(k.rps)} req/s  (p50 ${k.p50} ms, p99 ${k.p99} ms, non-2xx ${k.non2xx}, errors ${k.errors})`,
    );
    log(
      `node:http  ${Math.round(b.rps)} req/s  (p50 ${b.p50} ms, p99 ${b.p99} ms, non-2xx ${b.non2xx}, errors ${b.errors})`,
    );
    log(`Ratio      ${ratio.toFixed(2)}  (target ≥ ${throughputTarget})`);
    log(
      `node:http with Kanna's ${Object.keys(kannaHeaders).length} headers: ${Math.round(bh.rps)} req/s ` +
        `(${(bh.rps / b.rps).toFixed(2)} of bare; Kanna is ${(k.rps / bh.rps).toFixed(2)} of it)`,
    );
    // Not part of the ratio (the bare server does not compress): the same read as browsers ask.
    const compressed = await load(targets.kanna, connections, half, browserHeaders);
    const perRequest = compressed.throughput.average / compressed.requests.average;
    log(
      `Kanna, as browsers ask (Accept-Encoding br): ${Math.round(compressed['2xx'] / compressed.duration)} req/s, ` +
        `p99 ${compressed.latency.p99} ms, ~${Math.round(perRequest)} bytes per answer`,
    );
    if (k.non2xx > 0 || k.errors > 0)
      log('Note: Kanna answered some requests with an error; its figure is not a clean one.');
    return {
      route,
      connections,
      duration,
      kannaRps: k.rps,
      bareRps: b.rps,
      bareHeadersRps: bh.rps,
      ratio,
      kanna: k,
      bare: b,
      bareHeaders: bh,
    };
  } finally {
    await bareHeaders?.stop();
    await bare?.stop();
    await kanna.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { connections: { type: 'string' }, duration: { type: 'string' }, warmup: { type: 'string' } },
  });
  await runApiThroughput({
    connections: Number(values.connections ?? 50),
    duration: Number(values.duration ?? 10),
    warmup: Number(values.warmup ?? 3),
  });
}
