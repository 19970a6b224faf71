import { defineConfig } from 'drizzle-kit';

/** Generates the one set of SQL migrations used by PGlite and PostgreSQL alike. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
