// How much JavaScript the home page makes a phone download before anyone touches it.
// Target: ≤ 100 KB gzip. Two readings:
//   - static: the module script and modulepreload links of apps/web/dist/index.html;
//   - loaded: every script Chromium fetches while opening / until the network is idle (this
//     also counts the lazily loaded home route and anything prefetched at start).
// Each file is gzipped at level 9 (the figure compared with the target) and level 6 (what a
// server compressing on the fly typically sends); the loaded reading also shows the bytes the
// server actually sent and with which encoding. Prints figures; never fails on size.
//
// The page is opened in the browser's language `--lang` (its Accept-Language, default en), so each
// language's texts are counted as its reader loads them (docs/languages.md, "Two languages").
//
//   node bench/bundle-size.mjs [--static-only] [--lang en|ja]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureBuilt, repoRoot } from '../scripts/build-if-needed.mjs';
import { chromiumArgs, chromiumPath } from './lib/chromium.mjs';
import { isMain } from './lib/main.mjs';
import { startKanna } from './lib/server.mjs';

export const bundleTargetKB = 100;
const distDir = path.join(repoRoot, 'apps/web/dist');
const kb = (bytes) => bytes / 1024;

/** Attributes of every `<tag …>` in `html`, as plain objects. */
function tags(html, tag) {
  const found = [];
  for (const [open] of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))) {
    const attrs = {};
    const inside = open.slice(tag.length + 1, -1);
    for (const [, name, dq, sq, bare] of inside.matchAll(
      /([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    )) {
      attrs[name.toLowerCase()] = dq ?? sq ?? bare ?? '';
    }
    found.push(attrs);
  }
  return found;
}

/** The JS files index.html makes the browser fetch at once, as paths relative to dist. */
export function entryScripts(html) {
  const scripts = tags(html, 'script')
    .filter((a) => a.type === 'module' && a.src)
    .map((a) => a.src);
  const preloads = tags(html, 'link')
    .filter((a) => (a.rel ?? '').split(/\s+/).includes('modulepreload') && a.href)
    .map((a) => a.href);
  return [...new Set([...scripts, ...preloads])]
    .filter((u) => !/^https?:/.test(u))
    .map((u) => u.replace(/^\//, ''));
}

function measureFile(relative) {
  const file = path.join(distDir, relative);
  if (!existsSync(file)) throw new Error(`${relative} is named by the page but missing from apps/web/dist`);
  const raw = readFileSync(file);
  return {
    file: relative,
    raw: raw.length,
    gzip9: gzipSync(raw, { level: 9 }).length,
    gzip6: gzipSync(raw, { level: 6 }).length,
  };
}

const total = (rows, key) => rows.reduce((s, r) => s + (r[key] ?? 0), 0);

function printTable(rows, log, withServed) {
  for (const r of rows) {
    const served = withServed ? `  served ${kb(r.served).toFixed(1).padStart(6)} KB ${r.encoding}` : '';
    log(
      `  ${r.file.padEnd(48)} raw ${kb(r.raw).toFixed(1).padStart(7)} KB  gzip-9 ${kb(r.gzip9).toFixed(1).padStart(6)} KB  gzip-6 ${kb(r.gzip6).toFixed(1).padStart(6)} KB${served}`,
    );
  }
  const served = withServed ? `  served ${kb(total(rows, 'served')).toFixed(1).padStart(6)} KB` : '';
  log(
    `  ${'total'.padEnd(48)} raw ${kb(total(rows, 'raw')).toFixed(1).padStart(7)} KB  gzip-9 ${kb(total(rows, 'gzip9')).toFixed(1).padStart(6)} KB  gzip-6 ${kb(total(rows, 'gzip6')).toFixed(1).padStart(6)} KB${served}`,
  );
}

/** Opens / in Chromium at phone size in `lang` and lists the scripts fetched until the network is idle. */
async function loadedScripts(url, lang) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      locale: lang === 'ja' ? 'ja-JP' : 'en-US',
    });
    const page = await context.newPage();
    const responses = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const rows = [];
    for (const response of responses) {
      const relative = new URL(response.url()).pathname.replace(/^\//, '');
      const sizes = await response.request().sizes();
      const headers = await response.allHeaders();
      rows.push({
        ...measureFile(relative),
        served: sizes.responseBodySize,
        encoding: headers['content-encoding'] ?? 'identity',
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

export async function runBundleSize({ staticOnly = false, lang = 'en', log = console.log } = {}) {
  ensureBuilt({ log });
  log('\n== JavaScript the home page loads before any interaction ==');
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const staticRows = entryScripts(html).map(measureFile);
  log('index.html (module script + modulepreload):');
  printTable(staticRows, log, false);
  const result = {
    staticKB: {
      gzip9: kb(total(staticRows, 'gzip9')),
      gzip6: kb(total(staticRows, 'gzip6')),
      raw: kb(total(staticRows, 'raw')),
    },
    staticFiles: staticRows,
  };
  if (!staticOnly) {
    const kanna = await startKanna();
    try {
      const rows = await loadedScripts(`${kanna.url}/`, lang);
      log(`loaded by Chromium opening / in ${lang} (phone, until network idle):`);
      printTable(rows, log, true);
      result.loadedKB = {
        gzip9: kb(total(rows, 'gzip9')),
        gzip6: kb(total(rows, 'gzip6')),
        raw: kb(total(rows, 'raw')),
        served: kb(total(rows, 'served')),
      };
      result.loadedFiles = rows;
    } finally {
      await kanna.stop();
    }
  }
  const headline = result.loadedKB ?? result.staticKB;
  result.totalKB = headline.gzip9;
  log(
    `Total ${headline.gzip9.toFixed(1)} KB gzip-9 (${headline.gzip6.toFixed(1)} KB gzip-6); target ≤ ${bundleTargetKB} KB`,
  );
  return result;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { 'static-only': { type: 'boolean' }, lang: { type: 'string', default: 'en' } },
  });
  await runBundleSize({ staticOnly: values['static-only'] ?? false, lang: values.lang });
}
