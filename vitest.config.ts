import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run over every workspace. The server's API suite runs on a fresh embedded PGlite,
 * and a second time on PostgreSQL when TEST_DATABASE_URL is set (CI sets it), each whole or a
 * share of it (`leftOut`).
 */
const server = (name: string, db: 'pglite' | 'postgres', exclude?: string[]) => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  // `exclude`, not `include`: a project's arrays are added to those of the config it extends.
  test: { name, env: { KANNA_TEST_DB: db }, ...(exclude ? { exclude } : {}) },
});

/** `KANNA_TEST_SHARD=k/n` as numbers, when set (scripts/test.mjs gives the k-th of n Node.js binaries its own). */
function shard(): { index: number; count: number } | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(process.env.KANNA_TEST_SHARD ?? '');
  return match ? { index: Number(match[1]), count: Number(match[2]) } : undefined;
}

/** A workspace's test files (`*.test.ts` or `*.test.tsx` under `src`), as paths from its root, in name order. */
function testFiles(workspace: string, suffix: string): string[] {
  const root = fileURLToPath(new URL(`./${workspace}/`, import.meta.url));
  return readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .sort();
}

/**
 * With a shard: of the server's test files in name order, the PGlite project takes files k, k + n,
 * k + 2n, … and the PostgreSQL project the next share (k + 1, k + 1 + n, …, wrapping at n), by
 * leaving out the others (the answer). Every file then runs once on each database, and with two
 * binaries (CI: Node.js 20 and 24) once on each of them, crosswise (decision 0056, amended).
 */
function leftOut(db: 'pglite' | 'postgres'): string[] | undefined {
  const s = shard();
  if (!s) return undefined;
  const share = db === 'pglite' ? s.index - 1 : s.index % s.count;
  return testFiles('apps/server', '.test.ts').filter((_, i) => i % s.count !== share);
}

/**
 * With a shard: the web app's files shared out the same way, each run on one Node.js (decision
 * 0056, second amendment) — they test code that runs in the browser, which no Node.js version
 * changes — but for the server-side rendering's own files (`entry-server*`), which the server runs
 * on its Node.js, and so run on each.
 */
function webLeftOut(): string[] | undefined {
  const s = shard();
  if (!s) return undefined;
  return testFiles('apps/web', '.test.tsx')
    .filter((file) => !file.startsWith('src/entry-server'))
    .filter((_, i) => i % s.count !== s.index - 1);
}

const webExcluded = webLeftOut();

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one, so a single file at a time on two cores;
    // API tests spend much of their time waiting on PostgreSQL, sockets and child processes,
    // so two files at a time keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/shared',
      {
        extends: './apps/web/vitest.config.ts',
        root: './apps/web',
        test: { name: 'web', ...(webExcluded ? { exclude: webExcluded } : {}) },
      },
      server('server (PGlite)', 'pglite', leftOut('pglite')),
      ...(process.env.TEST_DATABASE_URL
        ? [server('server (PostgreSQL)', 'postgres', leftOut('postgres'))]
        : []),
    ],
  },
});
