import { defineConfig } from 'vitest/config';

/**
 * One Vitest run over every workspace. The server's API suite runs on a fresh embedded PGlite,
 * and a second time on PostgreSQL when TEST_DATABASE_URL is set (see apps/server/vitest.config.ts).
 */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/web', 'apps/server'],
  },
});
