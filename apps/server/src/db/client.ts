import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Config, repoRoot } from '../config';
import { makePrivate } from '../data-dir';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Change notices between server instances (PostgreSQL LISTEN/NOTIFY; PGlite has it too). A
 * payload is a public-cache topic ("catalog", "reviews") or `account:<user id>` (session cache).
 */
export type ChangeListener = {
  /** Called with the payload of each notice; `onReset` when notices may have been missed. Several may subscribe. */
  subscribe(onNotice: (payload: string) => void, onReset: () => void): Promise<void>;
  notify(payload: string): Promise<void>;
};

export type Db = {
  db: Database;
  kind: 'pglite' | 'postgres';
  changes: ChangeListener;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const CHANNEL = 'kanna_changes';
const migrationsFolder = path.join(repoRoot(), 'apps/server/src/db/migrations');

/**
 * Opens the configured database. `image` (embedded only): start from a copy of a database
 * made by `migratedPgliteImage` instead of initialising a new one (tests: seconds saved per file).
 */
export async function openDatabase(
  database: Config['database'],
  options: { image?: Blob } = {},
): Promise<Db> {
  return database.kind === 'pglite' ? openPglite(database.dir, options.image) : openPostgres(database.url);
}

/** Extensions the migrations create: pg_trgm serves the admin's searches (docs/ARCHITECTURE.md, "Lists that grow"). */
const extensions = { pg_trgm };

/** An empty, migrated embedded database as a tarball, for `openDatabase(…, { image })`. */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create({ dataDir: 'memory://', extensions });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const image = await client.dumpDataDir('none');
  await client.close();
  return image;
}

async function openPglite(dir: string | null, image?: Blob): Promise<Db> {
  // PGlite creates only the last folder of its path, and gives its files mode 666: the folder
  // is created private with its parents, and the files are made private after opening,
  // migrating and closing. Files it adds while running stay inside the private folder.
  if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const client = await PGlite.create({
    dataDir: dir ?? 'memory://',
    extensions,
    ...(image ? { loadDataDir: image } : {}),
  });
  const tighten = () => {
    if (dir) makePrivate(dir);
  };
  tighten();
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const unsubscribers: (() => Promise<void>)[] = [];
  return {
    db,
    kind: 'pglite',
    changes: {
      async subscribe(onNotice) {
        unsubscribers.push(await client.listen(CHANNEL, onNotice));
      },
      async notify(payload) {
        await client.query('select pg_notify($1, $2)', [CHANNEL, payload]);
      },
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      tighten();
    },
    async close() {
      for (const u of unsubscribers) await u();
      await client.close();
      tighten();
    },
  };
}

async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {}); // an idle client's broken connection is replaced on next use
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  let listener: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  // One LISTEN connection, shared by every subscriber (the public cache, the session cache).
  const subscribers: { onNotice: (payload: string) => void; onReset: () => void }[] = [];
  const resetAll = () => {
    for (const s of subscribers) s.onReset();
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL) return;
      for (const s of subscribers) s.onNotice(n.payload ?? '');
    });
    client.on('error', () => {
      // The connection broke: notices may have been lost. Forget cached state and reconnect.
      resetAll();
      client.end().catch(() => {});
      if (!closed) setTimeout(() => connect().catch(resetAll), 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listener = client;
  }

  async function listen(onNotice: (payload: string) => void, onReset: () => void): Promise<void> {
    subscribers.push({ onNotice, onReset });
    connecting ??= connect();
    await connecting;
  }

  return {
    db,
    kind: 'postgres',
    changes: {
      subscribe: listen,
      async notify(payload) {
        await pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
      },
    },
    async migrate() {
      // Several instances may start at once: one migrates, the others wait for it.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock(727274)');
        await migratePg(drizzlePg(pool), { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock(727274)').catch(() => {});
        lock.release();
      }
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
