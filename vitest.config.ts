import { availableParallelism } from 'node:os';
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
    // Vitest's default is one worker per core but one, so a single file at a time on two cores;
    // API tests spend much of their time waiting on PostgreSQL, sockets and child processes,
    // so two files at a time keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/shared',
      'apps/web',
      server('server (PGlite)', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [server('server (PostgreSQL)', 'postgres')] : []),
    ],
  },
});
