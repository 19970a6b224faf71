// `npm test`: every test of the repository, in three steps, each printing its wall-clock time
// (docs/testing.md, "Tests, benchmarks and CI"; decision 0047):
//   1. typecheck, lint and the one production build side by side (with TEST_DATABASE_URL, also the
//      previous release the rolling-upgrade test runs beside this tree) — independent jobs that
//      each wait on files part of the time;
//   2. the unit + API suite (Vitest: PGlite, and PostgreSQL with TEST_DATABASE_URL) on this Node.js
//      and, at the same time, on every other Node.js binary named in KANNA_TEST_NODES
//      (colon-separated paths; CI names Node.js 24), each line prefixed with its version. With
//      other Node.js binaries named, each runs the shared project whole and a share of the web and
//      server files (decision 0056 and its amendments): four whole runs of the API suite at once
//      on two cores were half of CI's time;
//   3. the browser journeys, alone on the machine.
// The first step that fails stops the run with its exit code.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { repoRoot } from './build-if-needed.mjs';

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs a command from the repository's root; resolves with its exit code, its output prefixed when asked. */
async function run(command, args, { prefix = '', env = {} } = {}) {
  const child = spawn(command, args, {
    cwd: repoRoot,
    stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
    env: { ...process.env, ...env },
  });
  if (prefix) {
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
  }
  const [code, signal] = await once(child, 'exit');
  return code ?? (signal ? 1 : 0);
}

/** Runs jobs side by side; exits with the first failure's code once all have ended. */
async function step(name, jobs) {
  const since = Date.now();
  console.log(`\n==== ${name} ====`);
  const codes = await Promise.all(jobs.map((job) => job()));
  const failed = codes.find((code) => code !== 0);
  console.log(
    `==== ${name}: ${failed === undefined ? 'passed' : `FAILED (exit ${failed})`} in ${seconds(since)} ====`,
  );
  if (failed !== undefined) process.exit(failed);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsx = ['--import', 'tsx', '--input-type=module', '-e'];

await step('typecheck, lint and the build side by side', [
  () => run(npm, ['run', 'typecheck'], { prefix: '[typecheck] ' }),
  () => run(npm, ['run', 'lint'], { prefix: '[lint] ' }),
  () => run(process.execPath, ['scripts/build-if-needed.mjs'], { prefix: '[build] ' }),
  ...(process.env.TEST_DATABASE_URL
    ? [
        () =>
          run(
            process.execPath,
            [...tsx, "(await import('./apps/server/src/test/previous-release.ts')).previousRelease()"],
            { prefix: '[previous release] ' },
          ),
      ]
    : []),
]);

const otherNodes = (process.env.KANNA_TEST_NODES ?? '').split(':').filter(Boolean);
const vitest = 'node_modules/vitest/vitest.mjs';
const nodes = [
  { node: process.execPath, version: process.version },
  ...otherNodes.map((node) => ({
    node,
    version: spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim(),
  })),
];
await step(`unit + API tests on ${otherNodes.length ? 'each Node.js' : `Node.js ${process.version}`}`, [
  ...nodes.map(
    ({ node, version }, i) =>
      () =>
        run(
          node,
          [vitest, 'run'],
          otherNodes.length
            ? {
                prefix: `[node ${version}] `,
                // The server's files shared out per database, crosswise (decision 0056, amended).
                env: { KANNA_TEST_SHARD: `${i + 1}/${nodes.length}` },
              }
            : {},
        ),
  ),
]);

await step('browser journeys', [() => run(process.execPath, ['e2e/run.mjs'])]);
console.log(`\nnpm test passed in ${seconds(started)}`);
