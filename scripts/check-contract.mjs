#!/usr/bin/env node
// `npm run check:contract`: is the OpenAPI document at /api/docs true? Runs, on the embedded
// database, the test generated from the document (every operation signed out, as a buyer and as
// an admin, with valid and hostile inputs drawn by fast-check; every answer's status, media type
// and body checked against it) and Stoplight Prism's validating proxy over a buyer's and an
// admin's day (0 violations). Both are also part of `npm run test:unit`. Arguments are passed on
// to Vitest (e.g. `-- --reporter=verbose`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const run = spawnSync(
  process.execPath,
  [
    vitest,
    'run',
    'apps/server/src/plugins/openapi.conformance.test.ts',
    'apps/server/src/plugins/openapi.prism.test.ts',
    '--project',
    'server (PGlite)',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
