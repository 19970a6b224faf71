import { defineProject } from 'vitest/config';

export default defineProject({
  // Pure functions and schemas: no reason to load them anew for every file.
  test: {
    name: 'shared',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'threads',
    isolate: false,
  },
});
