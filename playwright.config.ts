import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the production server (apps/server/dist/server.js) on a fresh
 * embedded database, driven in Debian's Chromium (docs/ARCHITECTURE.md: tests; pitfalls). `npm run test:e2e`
 * (e2e/run.mjs) builds what is stale, picks the port and the data folder, and cleans up;
 * running `npx playwright test` directly also works: the config picks them itself.
 *
 * The config is evaluated again in every worker process; the port and folder chosen here are
 * put into process.env first, so the workers (which inherit it) agree with the runner.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
// The second shop: journeys that change what the whole shop charges (tax, shipping zones, bank
// transfers) run on it, so the journeys on the first shop keep their prices (e2e/support/business.ts).
process.env.E2E_BUSINESS_PORT ??= String(await freePort());
// The third shop: journeys that switch the shop to yen (every order to Japan then priced in yen) run
// on it, so neither shop above changes currency under its journeys (e2e/support/yen-shop.ts).
process.env.E2E_YEN_PORT ??= String(await freePort());
// Only named here: the server creates it. e2e/run.mjs removes it afterwards.
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `kanna-e2e-${process.pid}-${Date.now()}`);
// The journeys run on the embedded database (docs/testing.md, "Tests, benchmarks and CI"); a DATABASE_URL left in the shell
// must not point the server at some other database.
delete process.env.DATABASE_URL;

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const businessPort = Number(process.env.E2E_BUSINESS_PORT);
const yenPort = Number(process.env.E2E_YEN_PORT);

const server = 'node apps/server/dist/server.js';

/**
 * Debian's headless shell when it is installed (`chromium-headless-shell`, the same Chromium
 * without the windowed browser around it, what Playwright itself runs headless): the journeys
 * took a quarter less time in it than in the full browser (decision 0066). Else the full one.
 */
const chromium =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * One production server on its own fresh embedded database, with the sample catalogue; `command`
 * may prepare the folder first and then start `server`.
 */
const shopServer = (serverPort: number, dataDir: string | undefined, command = server) => {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    command,
    url: `${url}/api/health`,
    reuseExistingServer: false,
    // A fresh PGlite folder takes 8–11 s to initialise and migrate; more on a busy machine (and the
    // second shop first lives through last month on it).
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir ?? '',
      SAMPLE_DATA: '1',
      LOG_LEVEL: 'warn',
      // Each journey sends its own client address (e2e/support/fixtures.ts), as a proxy would.
      TRUST_PROXY: '1',
    },
  };
};
const outputRoot = '.e2e-output';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: `${outputRoot}/test-results`,
  // A 2-core machine also runs the server: two browsers at once is the most it takes well.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries: a journey that passes only on its second try is a bug to look at, not to hide.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: `${outputRoot}/report`, open: 'never' }]],
  use: {
    baseURL,
    reducedMotion: 'reduce',
    // A failed journey keeps its trace (actions, network, DOM snapshots) but no film of screenshots:
    // the screencast cost every journey CPU the server and the other browser needed. In CI no trace
    // is recorded at all: CI's clone, and any trace in it, is gone when the run ends, and recording
    // cost every journey a ninth of its time (158 s against 140 s for four files at both widths).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Tests tagged @phone or @desktop run in that project alone: those about one width's layout, and
    // those that do not depend on the width at all (what the API lists, a redirect, a keyboard
    // control with no layout check), at desktop. Every journey that checks a page's layout (axe,
    // no sideways scroll, screenshots, the phone's menu) runs at both widths.
    {
      name: 'phone',
      grepInvert: /@desktop/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    {
      name: 'desktop',
      grepInvert: /@phone/,
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    shopServer(port, process.env.E2E_DATA_DIR),
    // The second shop opens with last month's history: two invoices issued then (e2e/support/shop-with-history.mjs).
    shopServer(
      businessPort,
      process.env.E2E_DATA_DIR && `${process.env.E2E_DATA_DIR}-business`,
      `node e2e/support/shop-with-history.mjs && exec ${server}`,
    ),
    // The third shop: only the sample data, like the first.
    shopServer(yenPort, process.env.E2E_DATA_DIR && `${process.env.E2E_DATA_DIR}-yen`),
  ],
});
