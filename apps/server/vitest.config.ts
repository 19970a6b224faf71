import { defineProject } from 'vitest/config';

/** The API suite; the root config runs it once per database (PGlite, and PostgreSQL when configured). */
export default defineProject({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
