#!/usr/bin/env node
// Measures the JavaScript the home page needs, from the build's manifest (run after `vite build`):
//   entry   — the entry chunk and its static imports: what blocks the first paint. Budget: 100 KB gzip.
//   home    — plus the chunk with the rest of the home page (and the data layer), which loads right
//             after the first paint without any interaction. Reported, not enforced.
// web-vitals and react-toastify load later (after the load event / on the first toast) and are not counted.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** The chunk for `key` and everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const sum = (keys) => [...keys].reduce((total, key) => total + gzipKb(manifest[key].file), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const homeKey = Object.keys(manifest).find((key) => key.endsWith('src/app/routes/home-sections.tsx'));
const entry = closure(entryKey);
const home = homeKey ? closure(homeKey, new Set(entry)) : entry;

const entryKb = sum(entry);
const homeKb = sum(home);
console.log(`entry + static imports: ${entryKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
for (const key of entry) console.log(`  ${manifest[key].file}  ${gzipKb(manifest[key].file).toFixed(1)} KB`);
console.log(
  `home page before interaction (adds the sections below the banner): ${homeKb.toFixed(1)} KB gzip`,
);
for (const key of home)
  if (!entry.has(key)) console.log(`  ${manifest[key].file}  ${gzipKb(manifest[key].file).toFixed(1)} KB`);

if (entryKb > BUDGET_KB) {
  console.error(`The entry is over budget by ${(entryKb - BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}
