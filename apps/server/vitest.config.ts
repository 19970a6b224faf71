import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * The API suite; the root config runs it once per database (PGlite, and PostgreSQL when configured).
 *
 * Kept fast (the suite took 160–190 s of a 2-core machine with both databases before these):
 * - isolate: false — a worker loads Fastify, Better Auth, Drizzle, PGlite and sharp once, not
 *   once per file; src/test/fresh-modules.ts still gives every file its own copy of the shop's
 *   own modules (so vi.mock works as usual and no module state leaks between files);
 * - the migrations run once per run (src/test/global-setup.ts), and each file's database is a
 *   copy of the migrated one;
 * - Better Auth hashes passwords at a test-sized scrypt cost in these workers only
 *   (src/test/register-fast-passwords.mjs); the shop itself, and the server processes tests
 *   spawn, keep the real cost.
 */
export default defineProject({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/fresh-modules.ts'],
    isolate: false,
    execArgv: ['--import', fileURLToPath(new URL('./src/test/register-fast-passwords.mjs', import.meta.url))],
    // Limits for a hang, not for a slow machine: a shared 2-core machine under load takes several times longer.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
