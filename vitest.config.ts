import { defineConfig } from 'vitest/config';

/**
 * One Vitest run over every workspace. The server's API suite runs on a fresh embedded PGlite,
 * and a second time on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
const server = (name: string, db: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  test: { name, env: { KANNA_TEST_DB: db } },
});

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/web',
      server('server (PGlite)', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [server('server (PostgreSQL)', 'postgres')] : []),
    ],
  },
});
