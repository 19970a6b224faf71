// Lighthouse on the pages buyers land on — the home page, the catalogue, the reviews and a tool's
// public page, all rendered on the server — of the production server (fresh embedded database
// with sample data), mobile form factor with Lighthouse's default simulated throttling; per page
// one unrecorded warm-up run and then several counted ones. Prints the median of each score and
// of LCP, CLS and TBT per page, with the machine's load average (the machine is shared; the
// figures move with it). Targets: every score ≥ 0.95, LCP ≤ 2 s. Prints figures; never fails on a
// score. The report of each page's median run is kept in bench/results/ for a closer look.
//
// `/tools/{slug}` in a path stands for the page of the newest tool on sale (one of the sample
// data's). `--lang ja` measures each page at its Japanese address (`/ja`, `/ja/tools/{slug}`;
// decision 0053), as a Japanese reader (Accept-Language: ja) and a crawler arrive at it;
// `--lang en,ja` measures both (`npm run bench:lighthouse`).
//
//   node bench/lighthouse.mjs [--runs 5] [--url http://127.0.0.1:3000] [--paths /,/allProduct,/allReview,/tools/{slug}] [--lang en|ja|en,ja]
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuilt, repoRoot } from '../scripts/build-if-needed.mjs';
import { chromiumArgs, chromiumPath } from './lib/chromium.mjs';
import { isMain } from './lib/main.mjs';
import { startKanna } from './lib/server.mjs';

export const scoreTarget = 0.95;
/** The target for Largest Contentful Paint under the same mobile throttling. */
export const lcpTargetMs = 2000;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The pages measured by default: those the server renders (`{slug}`: the newest tool's). */
export const lighthousePaths = ['/', '/allProduct', '/allReview', '/tools/{slug}'];

/** `pagePath` with `{slug}` replaced by the newest tool's slug on the shop at `url`, at its address in `lang`. */
async function addressOf(pagePath, url, lang) {
  let address = pagePath;
  if (address.includes('{slug}')) {
    const response = await fetch(new URL('/api/handTools?limit=1', url));
    const [tool] = response.ok ? await response.json() : [];
    if (!tool?.slug) throw new Error(`no tool on sale at ${url} for ${pagePath}`);
    address = address.replace('{slug}', encodeURIComponent(tool.slug));
  }
  // English is unprefixed; another language's page is under its code (`/ja`, `/ja/allProduct`).
  if (lang === 'en' || address === `/${lang}` || address.startsWith(`/${lang}/`)) return address;
  return address === '/' ? `/${lang}` : `/${lang}${address}`;
}

/** The machine's load average over 1, 5 and 15 minutes, as `uptime` prints it. */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One Lighthouse run in a fresh Chromium (no cache, no profile shared between runs). */
async function audit(url, lang) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: categories,
      extraHeaders: { 'Accept-Language': lang },
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      lhr,
      html: result.report,
      scores: Object.fromEntries(categories.map((c) => [c, lhr.categories[c]?.score ?? Number.NaN])),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      warnings: lhr.runWarnings ?? [],
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * {@link audit}, tried again (up to twice) when Lighthouse itself fails to record the page —
 * NO_NAVSTART and the like, which its own message says to meet by running it again.
 */
async function auditWithRetries(url, log, lang) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, lang);
    } catch (error) {
      if (attempt >= 3 || !String(error?.message).startsWith('Lighthouse: ')) throw error;
      log(`    ${error.message.split('\n')[0]} — running it again`);
    }
  }
}

/** Audits that lost points, with the weight they carry, for a run's closer look. */
function lostPoints(lhr) {
  const lines = [];
  for (const id of categories) {
    const category = lhr.categories[id];
    if (!category) continue;
    for (const ref of category.auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 0.9) {
        lines.push(
          `    ${id}: ${a.id} — ${a.title} (score ${a.score}${a.displayValue ? `, ${a.displayValue}` : ''})`,
        );
      }
    }
  }
  return lines;
}

/** `runs` counted audits of `url` after a warm-up; the medians, and the median run's report kept as `name`. */
async function auditPage(url, name, runs, log, lang) {
  const loadBefore = load();
  log(
    `\n== Lighthouse (mobile, simulated throttling) on ${url} in ${lang}, ${runs} runs (load average ${loadBefore}) ==`,
  );
  // One unrecorded run first: no counted run pays for the server's first-request caches (its
  // rendering of the page among them) or for Chromium's first start from a cold disk.
  await auditWithRetries(url, log, lang);
  const results = [];
  for (let i = 1; i <= runs; i++) {
    const r = await auditWithRetries(url, log, lang);
    results.push(r);
    const s = r.scores;
    log(
      `  run ${i}: perf ${s.performance} a11y ${s.accessibility} bp ${s['best-practices']} seo ${s.seo}` +
        `  LCP ${Math.round(r.lcpMs)} ms  CLS ${r.cls.toFixed(3)}  TBT ${Math.round(r.tbtMs)} ms` +
        `  (machine benchmark index ${Math.round(r.benchmarkIndex)})`,
    );
    for (const w of r.warnings) log(`    warning: ${w}`);
  }
  const summary = {
    url,
    runs,
    scores: Object.fromEntries(categories.map((c) => [c, median(results.map((r) => r.scores[c]))])),
    lcpMs: median(results.map((r) => r.lcpMs)),
    cls: median(results.map((r) => r.cls)),
    tbtMs: median(results.map((r) => r.tbtMs)),
    load: { before: loadBefore, after: load() },
  };
  const s = summary.scores;
  log(
    `Median: performance ${s.performance}, accessibility ${s.accessibility}, best-practices ${s['best-practices']}, SEO ${s.seo} (target ≥ ${scoreTarget} each)`,
  );
  log(
    `Median: LCP ${Math.round(summary.lcpMs)} ms, CLS ${summary.cls.toFixed(3)}, TBT ${Math.round(summary.tbtMs)} ms (load average after ${summary.load.after})`,
  );

  // Keep the report of the run whose performance score is the median one.
  const middle = [...results].sort((a, b) => a.scores.performance - b.scores.performance)[
    Math.floor(runs / 2)
  ];
  if (middle) {
    const lost = lostPoints(middle.lhr);
    if (lost.length > 0) log(`  audits below 0.9 in the median run:\n${lost.join('\n')}`);
    const dir = path.join(repoRoot, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `lighthouse-${name}.html`);
    writeFileSync(file, middle.html);
    log(`  report of the median run: ${path.relative(repoRoot, file)}`);
  }
  return summary;
}

/** The name of a page's report: `home` for `/`, else its path (`allProduct`, `tools-slug`). */
const reportName = (pagePath) =>
  pagePath
    .replace(/[{}]/g, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/[^\w-]+/g, '-') || 'home';

/**
 * Each of `paths` on the shop at `url` (a fresh production server when none is given), one after
 * another, in each of `langs` (at that language's address); resolves to
 * `{ pages: [{ path, lang, url, runs, scores, lcpMs, cls, tbtMs, load }] }`.
 */
export async function runLighthouse({
  runs = 5,
  url,
  paths = lighthousePaths,
  langs = ['en'],
  log = console.log,
} = {}) {
  let kanna;
  if (!url) {
    ensureBuilt({ log });
    kanna = await startKanna();
    url = kanna.url;
  }
  try {
    const pages = [];
    for (const lang of langs)
      for (const pagePath of paths) {
        const name = lang === 'en' ? reportName(pagePath) : `${reportName(pagePath)}-${lang}`;
        const address = await addressOf(pagePath, url, lang);
        const page = await auditPage(new URL(address, url).href, name, runs, log, lang);
        pages.push({ path: address, lang, ...page });
      }
    return { pages };
  } finally {
    await kanna?.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      url: { type: 'string' },
      paths: { type: 'string' },
      lang: { type: 'string', default: 'en' },
    },
  });
  await runLighthouse({
    runs: Number(values.runs ?? 5),
    url: values.url,
    paths: values.paths ? values.paths.split(',') : lighthousePaths,
    langs: values.lang.split(','),
  });
}
