import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedPgliteImage, openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an empty, migrated embedded database (see startTestShop); '' on PostgreSQL. */
    pgliteImage: string;
    /** An empty, migrated database on TEST_DATABASE_URL's server to copy (see createTestDatabase); '' on PGlite. */
    postgresTemplate: string;
  }
}

/**
 * Once per run and project, the migrations are applied to one empty database that every test
 * file's shop starts from a copy of, instead of migrating its own:
 * - PGlite: a file holding a migrated embedded database (about 1.5 s per file instead of 4–5 s
 *   to initialise PostgreSQL-in-WASM anew, on two cores);
 * - PostgreSQL: a template database on TEST_DATABASE_URL's server; each file's database is
 *   `CREATE DATABASE … TEMPLATE` it (a fraction of a second), dropped at the end of the run.
 * Whatever migrations exist are applied, by the shop's own migrator.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.KANNA_TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const template = `kanna_template_${Date.now().toString(36)}_${process.pid}`;
    await admin(base, `create database ${template}`);
    try {
      const url = new URL(base);
      url.pathname = `/${template}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
    } catch (error) {
      await admin(base, `drop database if exists ${template} with (force)`);
      throw error;
    }
    project.provide('postgresTemplate', template);
    project.provide('pgliteImage', '');
    return () => admin(base, `drop database if exists ${template} with (force)`);
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'kanna-pglite-image-'));
  const file = path.join(dir, 'migrated.tar');
  const [image] = await Promise.all([migratedPgliteImage(), buildServer()]);
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * The built server (apps/server/dist), which the tests of the real server process start
 * (src/test/server-process.ts; embedded database only), brought up to date by the repository's
 * one "build if stale" (scripts/build-if-needed.mjs), once, before any test file runs.
 */
function buildServer(): Promise<void> {
  const repoRoot = path.resolve(import.meta.dirname, '../../../..');
  const script = path.join(repoRoot, 'scripts/build-if-needed.mjs');
  const build = spawn(process.execPath, [script, 'apps/server'], { cwd: repoRoot, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building apps/server failed (exit ${code})`)),
    );
  });
}

/** One statement on the server's own connection (databases are created and dropped outside any). */
async function admin(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
