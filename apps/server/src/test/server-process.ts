import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * The real server process, as `npm start` runs it: the built bundle, which the API suite's
 * global setup brings up to date first (src/test/global-setup.ts). For the tests of what an
 * owner sees when starting, stopping and crashing the shop, and of its command line.
 */
const built = path.resolve(import.meta.dirname, '../../dist/server.js');

/** The built operator's command line (`npm run shop -- …`). */
export const builtCli = path.resolve(import.meta.dirname, '../../dist/cli.js');

export type ServerProcess = {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Everything it printed, both streams, in order. */
  output(): string;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** The address it listens on; fails with what it printed if it exits first. */
  listening(): Promise<string>;
};

/**
 * Starts the built server in `cwd` with exactly `env` (and PATH); `bundle` names another
 * release's built server (src/test/previous-release.ts).
 */
export function startServerProcess(cwd: string, env: Record<string, string>, bundle = built): ServerProcess {
  const child = spawn(process.execPath, [bundle], {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let both = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
    both += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
    both += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const address = () => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  const listening = () =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = address();
        if (!found) return;
        child.stdout?.off('data', check);
        resolve(found);
      };
      // Listeners run in order: `out` has the new chunk by the time `check` reads it.
      child.stdout?.on('data', check);
      check();
      exited.then((code) => {
        if (!address()) reject(new Error(`the server exited (${code}) while starting:\n${both}`));
      });
    });
  return { child, stdout: () => out, stderr: () => err, output: () => both, exited, listening };
}
