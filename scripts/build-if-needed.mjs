// Builds the web app and the server when their output is missing or older than their sources,
// so `npm start` works straight after `npm ci` on a fresh clone and stays quick afterwards.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const targets = [
  {
    name: 'web app',
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web', 'packages/shared/src'],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    output: 'apps/server/dist/server.js',
    sources: ['apps/server/src', 'packages/shared/src'],
  },
];

export function buildIfNeeded() {
  for (const t of targets) {
    const out = path.join(root, t.output);
    const sourceTime = Math.max(...t.sources.map((s) => newest(path.join(root, s))));
    if (existsSync(out) && statSync(out).mtimeMs >= sourceTime) continue;
    console.log(`Building the ${t.name}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', t.workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
