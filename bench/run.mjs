// `npm run bench`: builds what is stale, runs the three benchmarks one after another (they
// would disturb each other on a 2-core machine if run together), then prints a summary and
// keeps it in bench/results/latest.json. Figures are reported against their targets but never
// fail the run; only a benchmark that cannot run makes the exit code non-zero.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, repoRoot } from '../e2e/support/ensure-built.mjs';
import { runApiThroughput, throughputTarget } from './api-throughput.mjs';
import { bundleTargetKB, runBundleSize } from './bundle-size.mjs';
import { runLighthouse, scoreTarget } from './lighthouse.mjs';

ensureBuilt();

const benches = [
  ['api', runApiThroughput],
  ['bundle', runBundleSize],
  ['lighthouse', runLighthouse],
];
const results = {};
const failures = [];
for (const [name, run] of benches) {
  try {
    results[name] = await run();
  } catch (error) {
    failures.push(name);
    console.error(`\n${name} benchmark could not run: ${error instanceof Error ? error.stack : error}`);
  }
}

const rows = [];
const meets = (ok) => (ok ? 'meets' : 'MISSES');
if (results.api) {
  const { kannaRps, bareRps, ratio } = results.api;
  rows.push([
    'API GET /api/handTools?limit=8',
    `${Math.round(kannaRps)} req/s vs node:http ${Math.round(bareRps)} req/s = ${ratio.toFixed(2)}`,
    `≥ ${throughputTarget}`,
    meets(ratio >= throughputTarget),
  ]);
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
  const { scores, lcpMs, cls, tbtMs } = results.lighthouse;
  for (const [category, score] of Object.entries(scores)) {
    rows.push([
      `Lighthouse ${category} (median)`,
      String(score),
      `≥ ${scoreTarget}`,
      meets(score >= scoreTarget),
    ]);
  }
  rows.push([
    'Lighthouse metrics (median)',
    `LCP ${Math.round(lcpMs)} ms, CLS ${cls.toFixed(3)}, TBT ${Math.round(tbtMs)} ms`,
    '',
    '',
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
