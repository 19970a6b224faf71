// `npm run test:e2e`: builds what is stale, runs the Playwright journeys against the production
// server on a fresh embedded database, removes that database, and exits with Playwright's code.
// Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- --project=desktop home`).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, repoRoot } from '../scripts/build-if-needed.mjs';

ensureBuilt();

const dataDir = mkdtempSync(path.join(tmpdir(), 'kanna-e2e-'));
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const child = spawn(process.execPath, [cli, 'test', ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, E2E_DATA_DIR: dataDir },
});

// Ctrl-C reaches Playwright through the terminal's process group: wait for it to stop its
// server. A SIGTERM sent to this process alone is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));

child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  // The second and third shops' (playwright.config.ts).
  rmSync(`${dataDir}-business`, { recursive: true, force: true });
  rmSync(`${dataDir}-yen`, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
