import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../test/harness';
import { migrateWhileServing } from './migrate-while-serving';

/**
 * Migrations applied while the shop serves (docs/operations.md, "Upgrades"): two pending
 * migrations that lock `parcels` then `buyers`, and a transaction of the running shop that holds
 * a buyer and then reads `parcels` — the lock order of an order being placed while a release's
 * migrations alter `orders` and then `user`. Without giving way, one of the two dies of a deadlock.
 */
const NEEDS_POSTGRES =
  'needs PostgreSQL: runs in the server (PostgreSQL) project, when TEST_DATABASE_URL is set';

let database = '';
let url = '';
let folder = '';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A migrations folder as drizzle-kit writes one: a journal and one SQL file per migration. */
function writeMigrations(dir: string, statements: string[]): void {
  mkdirSync(path.join(dir, 'meta'), { recursive: true });
  const entries = statements.map((_, i) => ({
    idx: i,
    version: '7',
    when: 1_700_000_000_000 + i * 1000,
    tag: `000${i}_step`,
    breakpoints: true,
  }));
  writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  for (const [i, s] of statements.entries()) writeFileSync(path.join(dir, `000${i}_step.sql`), s);
}

beforeAll(async () => {
  if (!onPostgres()) return;
  database = `kanna_migrate_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(`create database ${database}`);
  const u = new URL(process.env.TEST_DATABASE_URL ?? '');
  u.pathname = `/${database}`;
  url = u.toString();
  folder = mkdtempSync(path.join(tmpdir(), 'kanna-migrate-test-'));
});

/**
 * Waits until no connection to the test's database is left. `pool.end()` resolves once its
 * clients are told to end, not once their sockets are closed: a database dropped WITH (FORCE)
 * before then terminates a client that has no error listener any more, and its FATAL 57P01
 * became an uncaught exception of the whole run.
 */
async function connectionsGone(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    for (let tries = 0; tries < 200; tries++) {
      const { rows } = await client.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [database],
      );
      if (rows[0]?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (database) await connectionsGone();
  if (database) await admin(`drop database if exists ${database} with (force)`);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('migrations applied while the shop serves', () => {
  it('give way to a transaction of the shop that holds what they need next, and are applied after it', async ({
    skip,
  }) => {
    skip(!onPostgres(), NEEDS_POSTGRES);
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    try {
      await pool.query(`
        create table buyers (id int primary key);
        create table parcels (id int primary key, buyer int);
        insert into buyers values (1);
        insert into parcels values (1, 1);`);
      writeMigrations(folder, [
        // A migration that takes its time: the shop's read of parcels waits on it from the start.
        'ALTER TABLE "parcels" ADD COLUMN "weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint\nSELECT pg_sleep(0.4);',
        'ALTER TABLE "buyers" ADD COLUMN "language" text;',
      ]);

      // The shop: a transaction holds its buyer…
      const shop = await pool.connect();
      const migrator = await pool.connect();
      let migrating: Promise<unknown> = Promise.resolve();
      try {
        await shop.query('begin');
        await shop.query('select * from buyers where id = 1 for update');
        // …the migrations start (they take parcels, then will wait for buyers)…
        migrating = migrateWhileServing(migrator, folder).catch((e: unknown) => e);
        const holdsParcels = async () =>
          (
            await pool.query(`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
                               where c.relname = 'parcels' and l.mode = 'AccessExclusiveLock' and l.granted`)
          ).rows[0].n;
        await expect.poll(holdsParcels, { interval: 5 }).toBe(1);
        // …and the shop's transaction reads parcels: it must not be the one that fails.
        const read = await shop.query('select count(*)::int as n from parcels').catch((e: Error) => e);
        expect(read instanceof Error ? read.message : read.rows[0].n).toBe(1);
      } finally {
        await shop.query('rollback').catch(() => {});
        shop.release();
        expect(await migrating).toBeUndefined();
        // Its connection goes back to the pool as it came: no lock timeout left on it.
        expect((await migrator.query('show lock_timeout')).rows[0].lock_timeout).toBe('0');
        migrator.release();
      }
      const columns = await pool.query(
        `select table_name || '.' || column_name as c from information_schema.columns
          where column_name in ('weight', 'language') order by 1`,
      );
      expect(columns.rows.map((r) => r.c)).toEqual(['buyers.language', 'parcels.weight']);
    } finally {
      await pool.end();
    }
  });
});
