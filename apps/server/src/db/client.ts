import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type Config, repoRoot } from '../config';
import { makePrivate } from '../data-dir';
import { migrateWhileServing } from './migrate-while-serving';
import * as schema from './schema';

/**
 * The database as the code uses it, whichever driver: both drivers' result HKTs
 * (`PgliteQueryResultHKT`, `NodePgQueryResultHKT`) extend `PgQueryResultHKT`, so either driver's
 * database, and a transaction of it, is a `Database` as it is. What a raw `execute` answers is
 * read by `rowsOf` (rows.ts).
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Change notices between server instances (PostgreSQL LISTEN/NOTIFY; PGlite has it too). A
 * payload is a public-cache topic ("catalog", "reviews") or `account:<user id>` (session cache).
 */
export type ChangeListener = {
  /**
   * Called with the payload of each notice; `onReset` when notices may have been missed: when
   * the listening connection is lost, and again once it listens anew. Several may subscribe.
   */
  subscribe(onNotice: (payload: string) => void, onReset: () => void): Promise<void>;
  notify(payload: string): Promise<void>;
  /**
   * False while notices from other instances may be missed (the listening connection is lost
   * and being made again): caches keep nothing meanwhile.
   */
  readonly listening: boolean;
  /** Where the loss of the listening connection, each failed attempt and the recovery are logged. */
  logTo(log: ListenLog): void;
};

/** The part of the app's (pino) logger the change listener uses. */
type ListenLog = {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
};

export type Db = {
  db: Database;
  kind: 'pglite' | 'postgres';
  changes: ChangeListener;
  /**
   * What `copy (query) to … (format csv)` writes, read whole: PostgreSQL's own CSV writer
   * (docs/decisions/0018-csv-export-by-copy.md). The connection goes back to the pool as soon as
   * it is read, so a slow reader of the result never holds one. COPY takes no parameters, so
   * `query`'s are written into the statement as literals: give it values the shop made (ids it
   * read), never a visitor's text.
   */
  copyCsv(query: SQL, options: { header: boolean }): Promise<Uint8Array>;
  /**
   * Asks the database to answer (`select 1`): what /api/health checks. On PostgreSQL over a
   * connection of its own, not the pool's: while a burst keeps every pooled connection busy the
   * database still answers, and a load balancer that read the pool's queue as the database's
   * health would take a busy instance out (docs/decisions/0081-health-asks-on-its-own-connection.md).
   */
  ping(): Promise<void>;
  /**
   * The embedded database in a folder only: copies its files as they are now into `into` (a new
   * folder, private like DATA_DIR: folders 0700, files 0600), for a reader that must see one moment of the shop for longer than the shop may
   * wait (a backup, which opens the copy on another thread). The copy is made while the one
   * connection is held, after a checkpoint, so nothing changes during it. The caller removes it.
   */
  snapshot?: (into: string) => Promise<void>;
  /** PostgreSQL's pool as it is now (for /metrics); absent on the embedded database, one connection. */
  poolUse?: () => { total: number; idle: number; waiting: number };
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const CHANNEL = 'kanna_changes';

const dialect = new PgDialect();

/** A parameter as an SQL literal: strings quoted by node-postgres, lists as ARRAY[…]. */
function literal(value: unknown): string {
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(', ')}]`;
  throw new TypeError(`No SQL literal for ${typeof value}`);
}

/** The COPY statement for `query`, its parameters written in as literals. */
function copyStatement(query: SQL, header: boolean, target: 'stdout' | "'/dev/blob'"): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
  return `copy (${inlined}) to ${target} with (format csv, header ${header})`;
}

const migrationsFolder = path.join(repoRoot(), 'apps/server/src/db/migrations');

/**
 * Where `npm run build` leaves an empty, migrated embedded database (a PGlite data folder) and
 * the PGlite version that made it. A new DATA_DIR starts as a copy of it: copying takes a
 * tenth of a second, initialising and migrating PostgreSQL-in-WASM takes seconds.
 */
const pgliteImagePaths = {
  dir: path.join(repoRoot(), 'apps/server/dist/pglite-image'),
  stamp: path.join(repoRoot(), 'apps/server/dist/pglite-image.json'),
};

/**
 * PGlite's command line. 32 MB of shared buffers instead of PostgreSQL's 128 MB: the WASM
 * PostgreSQL zeroes its whole shared memory at every start (a third of a second for 128 MB on
 * two cores), and the shop's data (pictures included) stays far below it; reads beyond it come
 * from the operating system's file cache. `max_wal_size` bounds the write-ahead log a restart
 * after a crash replays (a single-user PostgreSQL has no checkpointer: see `checkpointer`).
 */
const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=32MB',
  '-c',
  'min_wal_size=32MB',
  '-c',
  'max_wal_size=64MB',
];

/** How often the embedded database checkpoints when something was written. */
const CHECKPOINT_EVERY_MS = 10_000;
/** …and sooner once this much write-ahead log has piled up: what a crash replays stays about this. */
const CHECKPOINT_AFTER_WAL_BYTES = 2 * 1024 * 1024;
/** How often the log's growth is looked at (one query). */
const WAL_CHECK_EVERY_MS = 1_000;

/** The migrations of the journal, as drizzle's migrator records them: the hash of each file, in order. */
function journalHashes(): string[] {
  return readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
}

/**
 * True when the database has applied exactly the journal's migrations (one query): then
 * drizzle's migrator, which creates its schema and table and opens a transaction every time,
 * need not run at all. Any difference — a new migration, a fresh database — runs it.
 */
async function migrationsApplied(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const found = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(found.rows[0] as { present: boolean } | undefined)?.present) return false;
  const applied = await query(
    "select coalesce(json_agg(hash order by created_at, id), '[]') as hashes from drizzle.__drizzle_migrations",
  );
  const hashes = (applied.rows[0] as { hashes: string[] | string }).hashes;
  const list = typeof hashes === 'string' ? (JSON.parse(hashes) as string[]) : hashes;
  const expected = journalHashes();
  return list.length === expected.length && list.every((h, i) => h === expected[i]);
}

/**
 * For the test suite: an open in-memory embedded client to use instead of starting one (when
 * there is one), and what `close()` does with the client instead of closing it — the suite
 * empties it and hands it to the next test file, because starting PostgreSQL-in-WASM costs
 * a second and emptying it a few milliseconds.
 */
export type EmbeddedReuse = { client?: PGlite; release(client: PGlite): Promise<void> };

/**
 * Opens the configured database. Embedded only: `image` starts from a copy of a database made
 * by `migratedPgliteImage` instead of initialising a new one; `reuse`, see `EmbeddedReuse`.
 */
export async function openDatabase(
  database: Config['database'],
  options: { image?: Blob; reuse?: EmbeddedReuse } = {},
): Promise<Db> {
  return database.kind === 'pglite'
    ? openPglite(database.dir, options.image, options.reuse)
    : openPostgres(database.url);
}

/** Extensions the migrations create: pg_trgm serves the admin's searches (docs/api.md, "The API contract"). */
const extensions = { pg_trgm };

/** The installed PGlite's version: an image made by another version is not used. */
function pgliteVersion(): string {
  const wasm = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
  const pkg = JSON.parse(readFileSync(path.join(path.dirname(wasm), '..', 'package.json'), 'utf8'));
  return String(pkg.version);
}

/**
 * Writes an empty, migrated embedded database to `pgliteImagePaths` (run by the server's build):
 * a new DATA_DIR is then a copy of it. Records the PGlite version and the migrations it holds,
 * and is left as it is when those have not changed (a build after a code change stays quick).
 * Called by apps/server/build.mjs.
 * @public
 */
export async function writePgliteImage(): Promise<void> {
  const { dir, stamp } = pgliteImagePaths;
  const wanted = JSON.stringify({ pglite: pgliteVersion(), migrations: journalHashes() });
  try {
    if (existsSync(path.join(dir, 'PG_VERSION')) && readFileSync(stamp, 'utf8').trim() === wanted) return;
  } catch {
    // no image yet
  }
  rmSync(dir, { recursive: true, force: true });
  rmSync(stamp, { force: true });
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions, startParams: pgliteStartParams });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  await client.close();
  writeFileSync(stamp, `${wanted}\n`);
}

/**
 * Makes `dir` (missing or empty) a copy of the build's image, when there is one made by the
 * installed PGlite. Copied beside it and renamed into place, so a start stopped half-way never
 * leaves half a database. Returns whether it did; the migrations that the image lacks (a
 * migration added since the build) are applied by `migrate()` as usual.
 */
function copyPgliteImage(dir: string): boolean {
  const { dir: image, stamp } = pgliteImagePaths;
  try {
    if (existsSync(dir) && readdirSync(dir).length > 0) return false;
    if (!existsSync(path.join(image, 'PG_VERSION'))) return false;
    if (JSON.parse(readFileSync(stamp, 'utf8')).pglite !== pgliteVersion()) return false;
  } catch {
    return false;
  }
  const copy = `${dir}.new-${process.pid}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(image, copy, { recursive: true });
  makePrivate(copy);
  rmSync(dir, { recursive: true, force: true });
  renameSync(copy, dir);
  return true;
}

/** An empty, migrated embedded database as a tarball, for `openDatabase(…, { image })`. */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create({ dataDir: 'memory://', extensions, startParams: pgliteStartParams });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const image = await client.dumpDataDir('none');
  await client.close();
  return image;
}

async function openPglite(dir: string | null, image?: Blob, reuse?: EmbeddedReuse): Promise<Db> {
  // PGlite creates only the last folder of its path, and gives its files mode 666: the folder
  // is created private with its parents, and the files are made private after opening,
  // migrating (when a migration ran) and closing. Files it adds while running stay inside the
  // private folder.
  if (dir) {
    mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
    if (!image) copyPgliteImage(dir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  const client =
    reuse?.client ??
    (await PGlite.create({
      dataDir: dir ?? 'memory://',
      extensions,
      startParams: pgliteStartParams,
      ...(image ? { loadDataDir: image } : {}),
    }));
  const tighten = () => {
    if (dir) makePrivate(dir);
  };
  tighten();
  const db: Database = drizzlePglite(client, { schema });
  const unsubscribers: (() => Promise<void>)[] = [];
  const checkpoints = dir ? checkpointer(client) : null;
  return {
    db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    // The embedded database has no COPY protocol: it writes the output to a blob it returns.
    async copyCsv(query, { header }) {
      const { blob } = await client.query(copyStatement(query, header, "'/dev/blob'"));
      return blob ? new Uint8Array(await blob.arrayBuffer()) : new Uint8Array();
    },
    changes: {
      async subscribe(onNotice) {
        unsubscribers.push(await client.listen(CHANNEL, onNotice));
      },
      async notify(payload) {
        await client.query('select pg_notify($1, $2)', [CHANNEL, payload]);
      },
      // In-process: no connection to lose.
      listening: true,
      logTo() {},
    },
    ...(dir
      ? {
          async snapshot(into: string) {
            rmSync(into, { recursive: true, force: true });
            // The copy is the whole shop: its folder is private before the first byte is copied
            // into it, and what the copy keeps of the source's modes (PGlite's files are 666)
            // is made private once it is complete.
            mkdirSync(into, { mode: 0o700 });
            await client.transaction(async (tx) => {
              await tx.exec('checkpoint');
              await cp(dir, into, { recursive: true });
            });
            makePrivate(into);
          },
        }
      : {}),
    async migrate() {
      if (await migrationsApplied((sql) => client.query(sql))) return;
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      tighten();
    },
    async close() {
      await checkpoints?.stop();
      for (const u of unsubscribers) await u();
      if (reuse) return reuse.release(client);
      await client.close();
      tighten();
    },
  };
}

/**
 * A single-user PostgreSQL (PGlite) has no background checkpointer: left alone, its
 * write-ahead log grows until `max_wal_size`, and a restart after a crash (`kill -9`, power
 * loss) replays all of it — tens of seconds after a busy spell. Checkpointing every few seconds
 * when something was written, and as soon as a couple of megabytes of log have piled up, keeps
 * that replay short (under a busy spell, no longer than a clean start's own work), at the cost
 * of writing dirty pages a little sooner.
 */
function checkpointer(client: PGlite): { stop(): Promise<void> } {
  /** Where the log stood at the last checkpoint, or when the database was opened. */
  let lastLsn = '0/0';
  let lastAt = Date.now();
  let running: Promise<void> | null = null;
  const walSince = async (lsn: string) =>
    (
      await client.query<{ lsn: string; bytes: string }>(
        'select pg_current_wal_insert_lsn()::text as lsn, pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1)::text as bytes',
        [lsn],
      )
    ).rows[0];
  const tick = async () => {
    const wal = await walSince(lastLsn);
    const bytes = Number(wal?.bytes ?? 0);
    if (bytes === 0) return;
    if (bytes < CHECKPOINT_AFTER_WAL_BYTES && Date.now() - lastAt < CHECKPOINT_EVERY_MS) return;
    await client.exec('checkpoint');
    lastAt = Date.now();
    lastLsn = (await walSince(lastLsn))?.lsn ?? lastLsn;
  };
  /** Runs one step at a time; a step that fails is dropped (the next tick looks again). */
  const run = (step: () => Promise<void>) => {
    running = step()
      .catch(() => {})
      .finally(() => {
        running = null;
      });
  };
  // Asked before anything else is (PGlite runs one query at a time): the log as opened.
  run(async () => {
    lastLsn = (await walSince(lastLsn))?.lsn ?? lastLsn;
  });
  const timer = setInterval(() => {
    if (!running && !client.closed) run(tick);
  }, WAL_CHECK_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {}); // an idle client's broken connection is replaced on next use
  // A client the pool has let go of (pool.end() resolves before its socket closes) may still be
  // told its connection was ended — by a database dropped WITH (FORCE), or a server shutting
  // down: heard here, not thrown as an uncaught exception. A query's own error still rejects it.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db: Database = drizzlePg(pool, { schema });
  const changes = listenForChanges(url, (payload) =>
    pool.query('select pg_notify($1, $2)', [CHANNEL, payload]),
  );
  // Health's own connection, made at the first ask and kept.
  const healthPool = new pg.Pool({
    connectionString: url,
    max: 1,
    idleTimeoutMillis: 0,
    application_name: HEALTH_APPLICATION_NAME,
  });
  healthPool.on('error', () => {});
  healthPool.on('connect', (client) => client.on('error', () => {}));
  return {
    db,
    kind: 'postgres',
    async ping() {
      await healthPool.query('select 1');
    },
    async copyCsv(query, { header }) {
      const client = await pool.connect();
      const pieces: Buffer[] = [];
      try {
        const copy = client.query(copyTo(copyStatement(query, header, 'stdout')));
        for await (const piece of copy) pieces.push(piece);
      } catch (err) {
        // A COPY that failed half-read may leave the connection mid-protocol: it is closed.
        client.release(true);
        throw err;
      }
      client.release();
      return Buffer.concat(pieces);
    },
    changes,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async migrate() {
      if (await migrationsApplied((sql) => pool.query(sql))) return;
      // Several instances may start at once: one migrates, the others wait for it.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock(727274)');
        await migrateWhileServing(lock, migrationsFolder);
      } finally {
        await lock.query('select pg_advisory_unlock(727274)').catch(() => {});
        lock.release();
      }
    },
    async close() {
      await changes.close();
      await healthPool.end();
      await pool.end();
    },
  };
}

/** Health's connection's `application_name`, as `pg_stat_activity` shows it. */
export const HEALTH_APPLICATION_NAME = 'kanna-health';

/** The listening connection's `application_name`, as `pg_stat_activity` shows it. */
export const LISTEN_APPLICATION_NAME = 'kanna-listen';

/** The first wait before listening again, and the longest. */
const LISTEN_RETRY_FIRST_MS = 100;
const LISTEN_RETRY_MAX_MS = 10_000;

/**
 * The wait before attempt `failures + 1` to listen again: 0.1 s doubling up to 10 s, of which
 * the second half is left to chance, so instances that lost the database together do not all
 * come back in the same instant.
 */
export function listenRetryDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_FIRST_MS * 2 ** failures);
  return (ceiling / 2) * (1 + random());
}

/**
 * One LISTEN connection, shared by every subscriber (the public cache, the session cache), made
 * at the first `subscribe`. When it breaks, notices from other instances are missed until it
 * listens again: subscribers are reset at once (and `listening` is false, so they keep nothing
 * meanwhile), it is made again after a growing wait for as long as the instance runs, and
 * subscribers are reset once more when it listens, since nothing heard covers the gap.
 */
function listenForChanges(
  url: string,
  notify: (payload: string) => Promise<unknown>,
): ChangeListener & { close(): Promise<void> } {
  const subscribers: { onNotice: (payload: string) => void; onReset: () => void }[] = [];
  let log: ListenLog | null = null;
  /** The connection that listens, or is being made to. */
  let current: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let started: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  /** When listening stopped (or the first attempt failed); null while listening. */
  let downSince: number | null = null;
  const resetAll = () => {
    for (const s of subscribers) s.onReset();
  };

  /** A new connection that listens; throws when it cannot. */
  async function attempt(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTEN_APPLICATION_NAME,
      // A peer that vanished without closing is noticed too, and an attempt cannot hang.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
    });
    current = client;
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL) return;
      for (const s of subscribers) s.onNotice(n.payload ?? '');
    });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client, null));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (current !== client) throw new Error('the listening connection ended as it was made');
    } catch (err) {
      lost(client, err);
      throw err;
    }
    listening = true;
    resetAll();
  }

  /** The connection ended: forget what was kept and make another (an attempt's caller retries it). */
  function lost(client: pg.Client, err: unknown): void {
    if (current !== client) return;
    current = null;
    client.end().catch(() => {});
    if (!listening) return;
    listening = false;
    resetAll();
    if (closed) return;
    downSince = Date.now();
    log?.warn({ err }, 'lost the connection that listens for changes: caching nothing until it is back');
    later(0);
  }

  function later(failures: number): void {
    retry = setTimeout(() => {
      retry = null;
      void connect(failures);
    }, listenRetryDelay(failures));
    retry.unref();
  }

  /** Listens, or tries again later; `failures` attempts have failed since it last listened. */
  async function connect(failures: number): Promise<void> {
    try {
      await attempt();
    } catch (err) {
      if (closed) return;
      downSince ??= Date.now();
      log?.warn({ err, failedAttempts: failures + 1 }, 'could not listen for changes: trying again');
      later(failures + 1);
      return;
    }
    if (downSince !== null) {
      log?.info({ downMs: Date.now() - downSince, failedAttempts: failures }, 'listening for changes again');
    }
    downSince = null;
  }

  return {
    async subscribe(onNotice, onReset) {
      subscribers.push({ onNotice, onReset });
      started ??= connect(0);
      await started;
    },
    async notify(payload) {
      await notify(payload);
    },
    get listening() {
      return listening;
    },
    logTo(to) {
      log = to;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      listening = false;
      await client?.end().catch(() => {});
    },
  };
}
