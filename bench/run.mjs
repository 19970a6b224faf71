// `npm run bench`: builds what is stale, runs the benchmarks one after another (they would
// disturb each other on a 2-core machine if run together), then prints a summary and
// keeps it in bench/results/latest.json. Figures are reported against their targets but never
// fail the run; only a benchmark that cannot run makes the exit code non-zero.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, repoRoot } from '../scripts/build-if-needed.mjs';
import { runApiThroughput, throughputTarget } from './api-throughput.mjs';
import { bundleTargetKB, runBundleSize } from './bundle-size.mjs';
import { floodTargets, runCatalogFlood } from './catalog-flood.mjs';
import { lcpTargetMs, runLighthouse, scoreTarget } from './lighthouse.mjs';
import { ordersCapacityTarget, runOrders } from './orders.mjs';
import { runStartup, startupTargets } from './startup.mjs';

ensureBuilt();

// A benchmark's browser library may reject a promise nobody awaits (e.g. Lighthouse's Chromium
// closing a target): reported, and the other benchmarks still run.
let stray = null;
process.on('unhandledRejection', (error) => {
  stray = error;
  console.error(`\na benchmark left an error unhandled: ${error instanceof Error ? error.message : error}`);
});

const benches = [
  ['api', runApiThroughput],
  ['flood', runCatalogFlood],
  ['startup', runStartup],
  ['bundle', runBundleSize],
  ['lighthouse', runLighthouse],
  // One-line orders on PostgreSQL (the 5-line variant: `npm run bench:orders`).
  ['orders', () => runOrders({ lines: 1 })],
];
const results = {};
const failures = [];
for (const [name, run] of benches) {
  try {
    stray = null;
    results[name] = await run();
    if (stray) throw stray;
  } catch (error) {
    failures.push(name);
    console.error(`\n${name} benchmark could not run: ${error instanceof Error ? error.stack : error}`);
  }
}

const rows = [];
const meets = (ok) => (ok ? 'meets' : 'MISSES');
/** Lighthouse's four scores in one cell. */
const categories = (scores) =>
  `perf ${scores.performance}, a11y ${scores.accessibility}, bp ${scores['best-practices']}, seo ${scores.seo}`;
if (results.api) {
  const { kannaRps, bareRps, ratio } = results.api;
  rows.push([
    `API GET /api/handTools?limit=8 (Node.js ${process.versions.node.split('.')[0]})`,
    `${Math.round(kannaRps)} req/s vs node:http ${Math.round(bareRps)} req/s = ${ratio.toFixed(2)}`,
    `≥ ${throughputTarget}`,
    meets(ratio >= throughputTarget),
  ]);
  rows.push([
    '  the same, node:http sending every header Kanna sends',
    `${Math.round(results.api.bareHeadersRps)} req/s = ${(results.api.bareHeadersRps / bareRps).toFixed(2)} of bare; Kanna ${(kannaRps / results.api.bareHeadersRps).toFixed(2)} of it`,
    '',
    '',
  ]);
}
if (results.flood) {
  const { cpuMsPerRead, cachedCpuMs, health, rate } = results.flood;
  rows.push([
    `Catalogue flood: CPU per distinct uncached read (${results.flood.tools} tools)`,
    `${cpuMsPerRead.toFixed(2)} ms (a cached read: ${cachedCpuMs.toFixed(3)} ms)`,
    `≤ ${floodTargets.cpuMsPerRead} ms`,
    meets(cpuMsPerRead <= floodTargets.cpuMsPerRead),
  ]);
  rows.push([
    `  /api/health during ${rate} distinct reads/s`,
    `p99 ${health.paced.p99.toFixed(1)} ms (max ${health.paced.max.toFixed(1)} ms)`,
    `p99 ≤ ${floodTargets.healthP99Ms} ms`,
    meets(health.paced.p99 <= floodTargets.healthP99Ms),
  ]);
}
if (results.startup) {
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const runs = (xs) => xs.map((ms) => (ms / 1000).toFixed(2)).join(', ');
  for (const [kind, label] of [
    ['embedded', 'embedded'],
    ['postgres', 'PostgreSQL'],
  ]) {
    const r = results.startup[kind];
    if (!r) {
      rows.push([`Start-up, ${label}`, 'did not run (see above)', '', '']);
      continue;
    }
    rows.push([
      `npm start on existing data, ${label} (median of ${r.starts.length})`,
      `${s(r.startMs)} (${runs(r.starts)}${r.startCpuMs === null ? '' : `; CPU ${s(r.startCpuMs)}`})`,
      `≤ ${s(startupTargets.startMs)}`,
      meets(r.startMs <= startupTargets.startMs),
    ]);
    rows.push([
      `Restart after kill -9, ${label} (median of ${r.crashes.length})`,
      `${s(r.crashMs)} (${runs(r.crashes)}${r.crashCpuMs === null ? '' : `; CPU ${s(r.crashCpuMs)}`})`,
      `≤ ${s(startupTargets.crashMs)}`,
      meets(r.crashMs <= startupTargets.crashMs),
    ]);
    const { clean, crash } = r.busy;
    const orders = (x) => x.runs.map((run) => run.placed).join('/');
    rows.push([
      `Restart after kill -9 mid-burst, ${label} (median of ${crash.runs.length})`,
      `${s(crash.ms)} vs ${s(clean.ms)} after a clean stop (${runs(crash.runs.map((x) => x.ms))} vs ${runs(clean.runs.map((x) => x.ms))}; ${orders(crash)} and ${orders(clean)} orders)`,
      // "No worse than a clean restart", within what one start varies on a busy machine (a
      // tenth or two of a second): the target printed is the test applied.
      `≤ ${s(startupTargets.crashMs)}, ≤ clean + 15 %`,
      meets(crash.ms <= startupTargets.crashMs && crash.ms <= clean.ms * 1.15),
    ]);
    rows.push([
      `First npm start on an empty data directory, ${label}`,
      `${s(r.firstMs)}${r.firstCpuMs === null ? '' : ` (CPU ${s(r.firstCpuMs)})`}`,
      kind === 'embedded' ? `≤ ${s(startupTargets.firstEmbeddedMs)}` : '',
      kind === 'embedded' ? meets(r.firstMs <= startupTargets.firstEmbeddedMs) : '',
    ]);
  }
}
if (results.bundle) {
  const { totalKB, staticKB } = results.bundle;
  rows.push([
    'Home page JS before interaction',
    `${totalKB.toFixed(1)} KB gzip-9 (index.html alone ${staticKB.gzip9.toFixed(1)} KB)`,
    `≤ ${bundleTargetKB} KB`,
    meets(totalKB <= bundleTargetKB),
  ]);
}
if (results.lighthouse) {
  for (const page of results.lighthouse.pages) {
    const { scores, lcpMs, cls, tbtMs } = page;
    rows.push([
      `Lighthouse ${page.path} (median of ${page.runs}; load ${page.load.before})`,
      categories(scores),
      `≥ ${scoreTarget} each`,
      meets(Object.values(scores).every((score) => score >= scoreTarget)),
    ]);
    rows.push([
      `  its metrics (median)`,
      `LCP ${Math.round(lcpMs)} ms, CLS ${cls.toFixed(3)}, TBT ${Math.round(tbtMs)} ms`,
      `LCP ≤ ${lcpTargetMs} ms`,
      meets(lcpMs <= lcpTargetMs),
    ]);
  }
}
if (results.orders) {
  const { capacity, atTarget } = results.orders;
  rows.push([
    `Order placement, PostgreSQL, ${results.orders.buyers} buyers, closed loop (median of 3)`,
    `${Math.round(capacity.ordersPerSecond)} orders/s, ${capacity.failed} failed (at 500/s paced: p99 ${Math.round(atTarget.p99)} ms)`,
    `≥ ${ordersCapacityTarget} orders/s, 0 failed`,
    meets(capacity.ordersPerSecond >= ordersCapacityTarget && capacity.failed === 0),
  ]);
}
for (const name of failures) rows.push([`${name} benchmark`, 'did not run (see above)', '', '']);

const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), 0));
console.log('\n== Summary ==');
for (const row of rows) console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i])).join('  ')}`.trimEnd());

const dir = path.join(repoRoot, 'bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(
  path.join(dir, 'latest.json'),
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, results, failures }, null, 2)}\n`,
);
process.exitCode = failures.length > 0 ? 1 : 0;
