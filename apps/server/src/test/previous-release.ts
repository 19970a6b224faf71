import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The previous release of the shop, built and ready to start beside this tree (the rolling-upgrade
 * test, docs/operations.md "Upgrades"). Its commit is named in upgrade/previous-release; its
 * tree is taken from git history, its locked dependencies installed and its server built once
 * per commit, in the system's temporary folder, and reused by the next run.
 */
export type PreviousRelease = {
  commit: string;
  /** The extracted tree, with its node_modules and apps/server/dist. */
  root: string;
  /** Its built server (apps/server/dist/server.js) and operator's command line (cli.js). */
  server: string;
  cli: string;
};

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const cacheRoot = path.join(tmpdir(), 'kanna-previous-release');
/** Another commit's folder unused this long, or a preparation left half-done (its process killed), is removed. */
const UNUSED_MS = 24 * 60 * 60 * 1000;

/** The commit upgrade/previous-release names (its first line that is not a comment). */
function previousReleaseCommit(): string {
  const file = path.join(repoRoot, 'upgrade/previous-release');
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('#'));
  if (!line || !/^[0-9a-f]{40}$/.test(line))
    throw new Error(`${file} must name the previous release by its full 40-character commit hash`);
  return line;
}

/** Runs a command to completion; throws with what it printed when it fails. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`,
    );
}

/**
 * The environment for the previous release's own npm: the settings of the npm that started this
 * run for this tree (its package, script and folders) left out; where packages come from
 * (the cache, the registry, the user's npmrc) kept.
 */
const KEPT_NPM_SETTINGS =
  /^npm_config_(cache|registry|userconfig|globalconfig|prefer_offline|fetch_.*|.*proxy|cafile|strict_ssl)$/;
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    const npmOwn = /^npm_/.test(k) && !KEPT_NPM_SETTINGS.test(k);
    if (!npmOwn && k !== 'NODE_ENV' && k !== 'INIT_CWD') env[k] = v;
  }
  return { ...env, ...extra };
}

/** Extracts, installs and builds `commit` into a new folder under the cache; returns the folder. */
function prepare(commit: string, log: (line: string) => void): string {
  const exists = spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: repoRoot });
  if (exists.status !== 0)
    throw new Error(
      `The previous release ${commit} (upgrade/previous-release) is not in this clone's history: ` +
        'fetch it (git fetch --unshallow, or git fetch origin <commit>), or correct upgrade/previous-release.',
    );
  mkdirSync(cacheRoot, { recursive: true });
  const work = mkdtempSync(path.join(cacheRoot, `${commit}.partial-`));
  try {
    const started = performance.now();
    log(`Preparing the previous release ${commit.slice(0, 10)} in ${work} (once per commit)…`);
    run('git', ['archive', '--format=tar', '-o', path.join(work, 'tree.tar'), commit], repoRoot);
    run('tar', ['-xf', 'tree.tar'], work);
    rmSync(path.join(work, 'tree.tar'));
    // Its own lockfile, from npm's cache where the versions are those this tree uses.
    run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], work, cleanEnv({}));
    // Only its server: the web app is not needed to serve the API.
    run('npm', ['run', 'build', '-w', 'apps/server'], work, cleanEnv({ NODE_ENV: 'production' }));
    writeFileSync(path.join(work, '.prepared'), `${new Date().toISOString()}\n`);
    log(`Prepared the previous release in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return work;
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

/** When a cached folder was last used (its .prepared is touched at each use) or begun. */
function lastUsed(folder: string): number {
  const mark = path.join(folder, '.prepared');
  return statSync(existsSync(mark) ? mark : folder).mtimeMs;
}

/** Removes the folders of other commits, and half-done preparations, unused for a day. */
function prune(keep: string): void {
  for (const name of readdirSync(cacheRoot)) {
    const full = path.join(cacheRoot, name);
    if (name !== keep && Date.now() - lastUsed(full) > UNUSED_MS)
      rmSync(full, { recursive: true, force: true });
  }
}

/**
 * The previous release, prepared if this machine has not done so yet (a minute or so: npm ci
 * and its server's build); otherwise at once. Several runs at once each prepare their own
 * folder and the first to finish is kept (renamed into place whole).
 */
export function previousRelease(log: (line: string) => void = console.log): PreviousRelease {
  const commit = previousReleaseCommit();
  const root = path.join(cacheRoot, commit);
  const mark = path.join(root, '.prepared');
  if (existsSync(mark)) {
    const now = new Date();
    utimesSync(mark, now, now);
  } else {
    const work = prepare(commit, log);
    try {
      renameSync(work, root);
    } catch (error) {
      // Another run finished first (its folder is whole: it was renamed into place whole).
      rmSync(work, { recursive: true, force: true });
      if (!existsSync(mark)) throw error;
    }
  }
  prune(commit);
  const dist = path.join(root, 'apps/server/dist');
  return { commit, root, server: path.join(dist, 'server.js'), cli: path.join(dist, 'cli.js') };
}
