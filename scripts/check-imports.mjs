#!/usr/bin/env node
// Part of `npm run lint`: imports in the web app flow one way, shared → features → app.
// - a feature (apps/web/src/features/<name>/) never imports another feature or src/app;
// - shared code never imports a feature or src/app. Shared code is src/api (the calls several
//   features make), src/components, src/lib and src/test; any other folder under src must be
//   named here first, so a new layer is a decision and not an accident.
// The router in src/app composes the features. Exits 1 and names every import that breaks this.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/web/src');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

const sharedFolders = new Set(['api', 'components', 'lib', 'test']);

/** Which layer a file under src belongs to: `feature:<name>`, `app`, `shared`, or `unknown`. */
function layerOf(file) {
  const parts = path.relative(src, file).split(path.sep);
  const [top, name] = parts;
  if (top === 'features') return `feature:${name}`;
  if (top === 'app' || top === 'main.tsx' || top === 'entry-server.tsx') return 'app';
  if (sharedFolders.has(top) || parts.length === 1) return 'shared';
  return 'unknown';
}

const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
const problems = [];
for (const file of files(src)) {
  const from = layerOf(file);
  if (from === 'unknown')
    problems.push(`${path.relative(root, file)}  is in no layer: name its folder in sharedFolders`);
  if (from === 'app' || from === 'unknown') continue;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const spec = match[1];
    if (!spec.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(src + path.sep)) continue;
    const to = layerOf(target);
    const allowed = to === from || to === 'shared';
    if (!allowed) {
      const line = text.slice(0, match.index).split('\n').length;
      problems.push(`${path.relative(root, file)}:${line}  ${from} imports ${to} ('${spec}')`);
    }
  }
}

if (problems.length) {
  console.error('Imports must flow shared → features → app; features never import each other:');
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log('imports: features stay apart (shared → features → app)');
