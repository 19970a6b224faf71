// Builds apps/web and apps/server when their output is missing or older than their sources: the
// one "build if stale" of the repository. `npm start` and the operator CLI use it (a fresh clone
// starts after `npm ci`), and so do the browser journeys and the benchmarks, which measure the
// production build — a stale build would test yesterday's code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const targets = [
  {
    workspace: 'apps/web',
    // The browser's build and the server-rendering build of the home page, made together.
    outputs: ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'],
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/shared/src',
    ],
  },
  {
    workspace: 'apps/server',
    outputs: ['apps/server/dist/server.js'],
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/shared/src'],
  },
];

/** Newest modification time (ms) of a file or of any file under a folder; 0 if absent. */
function newestMtime(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(file, entry.name)));
  }
  return newest;
}

/** Which workspaces (all, or those named) need a build, with the reason. */
export function staleBuilds(only = targets.map((t) => t.workspace)) {
  const stale = [];
  for (const t of targets.filter((t) => only.includes(t.workspace))) {
    const missing = t.outputs.find((output) => !existsSync(path.join(repoRoot, output)));
    if (missing) {
      stale.push({ workspace: t.workspace, reason: `${missing} is missing` });
      continue;
    }
    const built = Math.min(...t.outputs.map((output) => statSync(path.join(repoRoot, output)).mtimeMs));
    const newest = Math.max(...t.sources.map((s) => newestMtime(path.join(repoRoot, s))));
    if (newest > built)
      stale.push({ workspace: t.workspace, reason: `sources changed after ${t.outputs.join(' and ')}` });
  }
  return stale;
}

/** Builds every stale workspace (of all, or of those named); throws if a build fails. */
export function ensureBuilt({ log = console.log, only } = {}) {
  for (const { workspace, reason } of staleBuilds(only)) {
    log(`Building ${workspace} (${reason})…`);
    // A build is for production whatever the caller runs under: Vite keeps a NODE_ENV it is
    // given, and a test runner's NODE_ENV=test made a development React (twice the home page's JS).
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`npm run build -w ${workspace} failed (exit ${result.status})`);
  }
}

// `node scripts/build-if-needed.mjs [workspace…]`: the API suite builds the server it starts.
if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2);
  ensureBuilt(only.length ? { only } : {});
}
