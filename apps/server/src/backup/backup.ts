import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  copyFileSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migrateWith } from 'drizzle-orm/node-postgres/migrator';
import { z } from 'zod';
import { repoRoot } from '../config';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * One file holding the whole shop (docs/decisions/0031-backups.md): every row of every table of
 * the shop's schema — pictures included, they are rows of `media` — read in one REPEATABLE READ,
 * read-only transaction, so the file is one moment of the shop while it goes on taking orders.
 *
 * The file is gzip over lines of text (UTF-8, `\n`):
 *   1. the header, JSON: format and version, when, from which kind of database, the migrations
 *      the rows match (tag and hash, as drizzle records them), every table with its columns (in
 *      order), and every sequence's position;
 *   2. per table, in the header's order: `{"table":name}`, then one JSON string per row — the
 *      row as PostgreSQL writes a row value (`(1,"a b",\x…)`), which PostgreSQL reads back
 *      exactly, bytea and all — then `{"end":name,"rows":n}`;
 *   3. the trailer, JSON: the row count of every table and the SHA-256 of every byte before it.
 * A writer streams: nothing is held but one batch of rows. The header cannot carry the checksum
 * (it is known at the end), so the trailer does; a reader verifies the whole file before it
 * trusts any of it.
 */
const BACKUP_FORMAT = 'kanna-backup';
const BACKUP_VERSION = 1;

/**
 * About how many bytes of a table (its pages and its TOAST) are read per statement, and rows
 * (or bytes of rows) inserted per statement on restore.
 */
const READ_BYTES = 4 * 1024 * 1024;
const INSERT_ROWS = 5000;
const INSERT_BYTES = 8 * 1024 * 1024;

type Migration = { tag: string; hash: string };
type TableInfo = { name: string; columns: string[] };
type SequenceInfo = { name: string; value: string; called: boolean };

type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: Db['kind'];
  migrations: Migration[];
  tables: TableInfo[];
  sequences: SequenceInfo[];
};

type Trailer = { rows: Record<string, number>; sha256: string };

/** What a backup file holds, once verified: its header and every table's row count. */
export type BackupManifest = BackupHeader & { rows: Record<string, number>; sha256: string };

/** A backup or a restore that is refused, with a message for the operator; nothing was written. */
export class BackupRefused extends Error {}

const migrationsFolder = path.join(repoRoot(), 'apps/server/src/db/migrations');

/** The migrations this version of the shop has, in order. */
export function codeMigrations(): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const files = readMigrationFiles({ migrationsFolder });
  return files.map((m, i) => ({ tag: journal.entries[i]?.tag ?? String(i), hash: m.hash }));
}

/** A raw query's row holding one name. */
const nameRow = z.object({ name: z.string() });
/** A count or size: node-postgres answers a bigint as its text, PGlite as a number. */
const pgCount = z.union([z.string(), z.number()]);

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The shop's tables (schema public) with their columns, parents before the tables that refer to them.
 * A generated column (an order's amount due) is left out: the database computes it again on restore.
 */
async function tablesOf(db: Database): Promise<TableInfo[]> {
  const columns = rowsOf(
    await db.execute(sql`
      select c.relname as "table", array_agg(a.attname::text order by a.attnum) as columns
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                                 and a.attgenerated = ''
       where n.nspname = 'public' and c.relkind in ('r', 'p')
       group by c.relname
       order by c.relname`),
    z.object({ table: z.string(), columns: z.union([z.array(z.string()), z.string()]) }),
  );
  const references = rowsOf(
    await db.execute(sql`
      select distinct child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
       where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`),
    z.object({ child: z.string(), parent: z.string() }),
  );
  // Kahn's order: a table comes once every table it refers to has come.
  const parents = new Map(columns.map((t) => [t.table, new Set<string>()]));
  for (const r of references) parents.get(r.child)?.add(r.parent);
  const ordered: TableInfo[] = [];
  const left = new Map(columns.map((t) => [t.table, t]));
  while (left.size) {
    const ready = [...left.values()].filter((t) =>
      [...(parents.get(t.table) ?? [])].every((p) => !left.has(p)),
    );
    if (!ready.length) throw new Error(`foreign keys in a circle among ${[...left.keys()].join(', ')}`);
    for (const t of ready) {
      ordered.push({ name: t.table, columns: pgArray(t.columns) });
      left.delete(t.table);
    }
  }
  return ordered;
}

/** node-postgres parses `name[]`/`text[]` into an array; PGlite may too, or answer the literal. */
function pgArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map((s) => s.replace(/^"|"$/g, ''));
}

async function sequencesOf(db: Database): Promise<SequenceInfo[]> {
  const names = rowsOf(
    await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'S' order by c.relname`),
    nameRow,
  );
  const out: SequenceInfo[] = [];
  for (const { name } of names) {
    const [row] = rowsOf(
      await db.execute(
        sql.raw(`select last_value::text as value, is_called as called from public.${quoteIdent(name)}`),
      ),
      z.object({ value: z.string(), called: z.boolean() }),
    );
    if (row) out.push({ name, value: row.value, called: row.called });
  }
  return out;
}

/** The migrations the database has applied (drizzle's record), in order; none for a new database. */
async function appliedHashes(db: Database): Promise<string[]> {
  const [present] = rowsOf(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
    z.object({ present: z.boolean() }),
  );
  if (!present?.present) return [];
  return rowsOf(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at, id`),
    z.object({ hash: z.string() }),
  ).map((r) => r.hash);
}

export type BackupSummary = { file: string; bytes: number; rows: Record<string, number>; seconds: number };

/**
 * Writes a backup of the whole shop to `file` (its folder is created): to a `.partial` file
 * beside it, renamed into place once complete, so a backup stopped half-way never passes for one.
 *
 * The embedded database in a folder (docs/decisions/0039-embedded-backup-from-a-copy.md) is
 * copied first (`Db.snapshot`, beside the file, removed after): its one connection is held only
 * while the copy is made. A worker thread then opens the copy and writes the file from it, on
 * another core, while the shop goes on taking orders on its own thread.
 */
export async function writeBackup(database: Db, file: string): Promise<BackupSummary> {
  const started = performance.now();
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  if (!database.snapshot) return writeBackupFrom(database, file, started);
  const copy = `${file}.snapshot`;
  try {
    await database.snapshot(copy);
    const written = await inWorker({ dir: copy, file });
    return { ...written, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * The worker that writes a backup from a copy of the embedded database (`backup-worker.ts`): the
 * built one beside the server's bundle (build.mjs), or, running from the sources (the tests),
 * the TypeScript through tsx (`from-sources.mjs`).
 */
function inWorker(job: { dir: string; file: string }): Promise<BackupSummary> {
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(new URL('./from-sources.mjs', import.meta.url), {
        workerData: { ...job, script: './backup-worker.ts' },
      })
    : new Worker(new URL('./backup/backup-worker.js', import.meta.url), { workerData: job });
  // Settled once the worker has ended, not at its answer: it still closes the copy after
  // answering, and the copy may be removed only then.
  const got: { answer?: { summary: BackupSummary } | { message: string }; failure?: Error } = {};
  worker.once('message', (answer: NonNullable<typeof got.answer>) => {
    got.answer = answer;
  });
  worker.once('error', (failure) => {
    got.failure = failure;
  });
  return new Promise((resolve, reject) => {
    worker.once('exit', (code) => {
      const { answer, failure } = got;
      if (answer && 'summary' in answer) resolve(answer.summary);
      else reject(failure ?? new Error(answer?.message ?? `the backup's worker stopped (exit code ${code})`));
    });
  });
}

/** Writes the backup of `database` (see `writeBackup`); `started` is when the backup was asked for. */
export async function writeBackupFrom(database: Db, file: string, started: number): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const gzip = createGzip({ level: 3 });
  const sink = createWriteStream(partial, { mode: 0o600 });
  const piped = new Promise<void>((resolve, reject) => {
    gzip.on('error', reject);
    sink.on('error', reject);
    sink.on('close', resolve);
  });
  gzip.pipe(sink);
  const hash = createHash('sha256');
  const write = async (text: string) => {
    hash.update(text);
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), piped]);
  };
  const rows: Record<string, number> = {};
  try {
    await database.db.transaction(
      async (tx) => {
        const db: Database = tx;
        // The snapshot is taken by the transaction's first query; the sequences are read after
        // it, so they are at least where the rows it sees left them.
        const tables = await tablesOf(db);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          database: database.kind,
          migrations: await appliedMigrations(db),
          tables,
          sequences: await sequencesOf(db),
        };
        await write(`${JSON.stringify(header)}\n`);
        for (const table of tables) {
          await write(`${JSON.stringify({ table: table.name })}\n`);
          const n = await writeRows(db, table.name, write);
          rows[table.name] = n;
          await write(`${JSON.stringify({ end: table.name, rows: n })}\n`);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const trailer: Trailer = { rows, sha256: hash.digest('hex') };
    gzip.end(`${JSON.stringify(trailer)}\n`);
    await piped;
    renameSync(partial, file);
  } catch (err) {
    gzip.destroy();
    sink.destroy();
    rmSync(partial, { force: true });
    throw err;
  }
  return { file, bytes: statSync(file).size, rows, seconds: (performance.now() - started) / 1000 };
}

/**
 * Writes every row of `table` as a line (a JSON string of its row-value text), a range of
 * pages at a time: PostgreSQL writes each range's lines as one string (a TID range scan, so
 * each statement reads only its pages), and Node only hashes and compresses it. The snapshot
 * sees only rows written before it, all in pages that existed when it began; the last range is
 * open-ended all the same.
 */
async function writeRows(
  db: Database,
  table: string,
  write: (text: string) => Promise<void>,
): Promise<number> {
  const name = `public.${quoteIdent(table)}`;
  const [size] = rowsOf(
    await db.execute(
      sql.raw(
        `select pg_relation_size('${name}') / current_setting('block_size')::int as pages, pg_table_size('${name}') as bytes`,
      ),
    ),
    z.object({ pages: pgCount, bytes: pgCount }),
  );
  const pages = Number(size?.pages ?? 0);
  const perPage = pages ? Number(size?.bytes ?? 0) / pages : 0;
  const step = Math.max(1, Math.floor(READ_BYTES / Math.max(perPage, 1)));
  let n = 0;
  for (let from = 0; ; from += step) {
    const last = from + step >= pages;
    const [chunk] = rowsOf(
      await db.execute(
        sql.raw(
          `select string_agg(to_json(t::text)::text, E'\\n') as lines, count(*) as n from ${name} t
            where t.ctid >= '(${from},0)'::tid${last ? '' : ` and t.ctid < '(${from + step},0)'::tid`}`,
        ),
      ),
      z.object({ lines: z.string().nullable(), n: pgCount }),
    );
    if (chunk?.lines) {
      n += Number(chunk.n);
      await write(`${chunk.lines}\n`);
    }
    if (last) return n;
  }
}

/** The applied migrations named as this version names them (a hash it does not know keeps its hash as name). */
async function appliedMigrations(db: Database): Promise<Migration[]> {
  const known = new Map(codeMigrations().map((m) => [m.hash, m.tag]));
  return (await appliedHashes(db)).map((hash) => ({ tag: known.get(hash) ?? hash.slice(0, 12), hash }));
}

/** One line of a backup file as it is read: its text (without `\n`). */
type LineVisitor = (line: string, index: number) => Promise<void> | void;

/**
 * Reads the file's lines through gunzip, handing each to `visit`, and checks the trailer's
 * checksum; refuses (BackupRefused) a file that is not gzip, is cut short or is damaged.
 */
async function readLines(
  file: string,
  visit: LineVisitor,
): Promise<{ trailer: Trailer; header: BackupHeader }> {
  const name = path.basename(file);
  const damaged = (why: string) =>
    new BackupRefused(`The backup file ${name} is damaged (${why}): nothing was restored.`);
  let source: ReturnType<typeof createReadStream>;
  try {
    source = createReadStream(file);
    await once(source, 'open');
  } catch (err) {
    throw new BackupRefused(`The backup file ${file} cannot be read: ${(err as Error).message}.`);
  }
  const gunzip = createGunzip();
  let streamError: Error | null = null;
  source.on('error', (err) => {
    streamError = err;
  });
  gunzip.on('error', (err) => {
    streamError = err;
  });
  const lines = createInterface({ input: source.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  const hash = createHash('sha256');
  let index = 0;
  let header: BackupHeader | null = null;
  let trailer: Trailer | null = null;
  try {
    for await (const line of lines) {
      if (trailer) throw damaged('there is more after its end');
      if (index === 0) {
        header = parseHeader(line, name);
      }
      if (index > 0 && line.startsWith('{"rows":')) {
        trailer = parseJson<Trailer>(line, damaged);
        if (trailer.sha256 !== hash.digest('hex')) throw damaged('its checksum does not match its content');
        continue;
      }
      hash.update(`${line}\n`);
      await visit(line, index);
      index++;
    }
  } catch (err) {
    lines.close();
    source.destroy();
    if (err instanceof BackupRefused) throw err;
    throw streamFault(err, damaged);
  }
  if (streamError) throw streamFault(streamError, damaged);
  if (!header) throw damaged('it is empty');
  if (!trailer) throw damaged('it ends early: the file is cut short');
  return { header, trailer };
}

function streamFault(err: unknown, damaged: (why: string) => BackupRefused): BackupRefused {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(String((err as Error).message)))
    return damaged('it ends early: the file is cut short');
  if (code === 'Z_DATA_ERROR') return damaged('its compressed data is corrupt');
  return damaged(String((err as Error).message));
}

function parseJson<T>(line: string, damaged: (why: string) => BackupRefused): T {
  try {
    return JSON.parse(line) as T;
  } catch {
    throw damaged('a line is not readable');
  }
}

function parseHeader(line: string, name: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line);
  } catch {
    throw new BackupRefused(`${name} is not a Kanna backup (its first line is not a header).`);
  }
  if (header?.format !== BACKUP_FORMAT) throw new BackupRefused(`${name} is not a Kanna backup.`);
  if (header.version !== BACKUP_VERSION)
    throw new BackupRefused(
      `${name} is a Kanna backup of format ${header.version}; this version of Kanna reads format ${BACKUP_VERSION}.`,
    );
  if (!Array.isArray(header.tables) || !Array.isArray(header.migrations) || !Array.isArray(header.sequences))
    throw new BackupRefused(
      `The backup file ${name} is damaged (its header is incomplete): nothing was restored.`,
    );
  return header as BackupHeader;
}

/**
 * Reads the whole file and checks it: gzip intact to the end, the header, every table's
 * section in order with as many rows as it says, the trailer's counts and checksum. Writes
 * nothing. Refuses (BackupRefused) anything else.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const name = path.basename(file);
  const damaged = (why: string) =>
    new BackupRefused(`The backup file ${name} is damaged (${why}): nothing was restored.`);
  let tables: TableInfo[] = [];
  let t = -1;
  let inTable = false;
  let n = 0;
  const counted: Record<string, number> = {};
  const { header, trailer } = await readLines(file, (line, index) => {
    if (index === 0) {
      tables = parseHeader(line, name).tables;
      return;
    }
    // A row is a JSON string; the database reads what is inside it on restore (a row it cannot
    // read rolls the whole restore back), and the checksum has already vouched for its bytes.
    if (inTable && line.length >= 2 && line.startsWith('"') && line.endsWith('"')) {
      n++;
      return;
    }
    const mark = parseJson<{ table?: string; end?: string; rows?: number }>(line, damaged);
    if (!inTable && mark.table !== undefined) {
      t++;
      if (tables[t]?.name !== mark.table) throw damaged(`table ${mark.table} is out of place`);
      inTable = true;
      n = 0;
      return;
    }
    const current = tables[t]?.name;
    if (inTable && current !== undefined && mark.end === current && mark.rows === n) {
      counted[current] = n;
      inTable = false;
      return;
    }
    throw damaged(`an unexpected line in ${tables[t]?.name ?? 'the header'}`);
  });
  if (inTable || t !== tables.length - 1) throw damaged('it ends early: a table is missing');
  for (const table of tables)
    if (trailer.rows[table.name] !== counted[table.name]) throw damaged(`the count of ${table.name} differs`);
  return { ...header, rows: counted, sha256: trailer.sha256 };
}

/**
 * Why `database` cannot take this backup, or null: it must hold no rows in any of the shop's
 * tables, and have applied no migration the backup's rows do not match.
 */
async function refusalToRestore(database: Db, manifest: BackupManifest): Promise<string | null> {
  const code = codeMigrations().map((m) => m.hash);
  const wanted = manifest.migrations.map((m) => m.hash);
  if (wanted.some((h, i) => code[i] !== h))
    return 'This backup was made by a newer or different version of Kanna (its database has migrations this version does not have): restore it with that version.';
  const applied = await appliedHashes(database.db);
  if (applied.length > wanted.length || applied.some((h, i) => wanted[i] !== h))
    return 'The target database is migrated past this backup: restore into a new, empty database (or an empty DATA_DIR).';
  const tables = rowsOf(
    await database.db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
    nameRow,
  );
  for (const { name } of tables) {
    const [row] = rowsOf(
      await database.db.execute(sql.raw(`select exists (select 1 from public.${quoteIdent(name)}) as any`)),
      z.object({ any: z.boolean() }),
    );
    if (row?.any)
      return `The target database already holds data (table ${name} has rows): restore goes only into an empty database or an empty DATA_DIR.`;
  }
  return null;
}

/**
 * Applies the first `count` of this version's migrations, and no more: the schema the backup's
 * rows were written from. Through drizzle's migrator on a copy of the journal cut at `count`.
 */
async function migrateTo(database: Db, count: number): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'kanna-migrations-'));
  try {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const entries = journal.entries.slice(0, count);
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const e of entries)
      copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    // Both drivers' migrators are the same call on the dialect and the session.
    await migrateWith(database.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

type RestoreSummary = { rows: Record<string, number>; seconds: number };

/**
 * Restores a backup into `database`, which must be empty (`refusalToRestore`). The whole file
 * is verified first; then the migrations up to the backup's are applied and every row is loaded
 * in one transaction, parents before children, with the tables' own triggers (the order
 * tallies, which the backup holds as rows) off while loading, and the sequences set where they
 * were. A file that changes between the two readings fails the checksum again and the
 * transaction rolls back: nothing half-restored. The caller migrates on to this version after.
 */
export async function restoreBackup(
  database: Db,
  file: string,
  verified?: BackupManifest,
): Promise<RestoreSummary> {
  const started = performance.now();
  const manifest = verified ?? (await verifyBackup(file));
  const refusal = await refusalToRestore(database, manifest);
  if (refusal) throw new BackupRefused(refusal);
  await migrateTo(database, manifest.migrations.length);
  const target = new Map((await tablesOf(database.db)).map((t) => [t.name, t.columns.join(',')]));
  // An older release's backup lists generated columns too (the previous release backing up a
  // database this one migrated: an order's amount due). The database computes them again, so
  // they are neither compared nor loaded (docs/operations.md, "Upgrades").
  const generated = await generatedColumns(database.db);
  const loaded = manifest.tables.map((t) => ({
    name: t.name,
    columns: t.columns.filter((c) => !generated.has(`${t.name}.${c}`)),
  }));
  for (const t of loaded)
    if (target.get(t.name) !== t.columns.join(','))
      throw new BackupRefused(
        `The backup's table ${t.name} does not match this version's schema at the backup's migrations: nothing was restored.`,
      );
  await database.db.transaction(async (tx) => {
    const db: Database = tx;
    // Loaded fastest without the foreign keys and secondary indexes, made again (and checked,
    // all rows at once) at the end of the same transaction: a failure leaves them as they were.
    const keys = await foreignKeys(db);
    const indexes = await secondaryIndexes(db);
    for (const k of keys)
      await db.execute(sql.raw(`alter table ${k.table} drop constraint ${quoteIdent(k.name)}`));
    for (const x of indexes) await db.execute(sql.raw(`drop index public.${quoteIdent(x.name)}`));
    for (const t of manifest.tables)
      await db.execute(sql.raw(`alter table public.${quoteIdent(t.name)} disable trigger user`));
    const columnsOf = new Map(loaded.map((t) => [t.name, t.columns]));
    let table: string | null = null;
    let batch: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (!table || !batch.length) return;
      // The lines are JSON strings already: joined, they are a JSON array of the rows' texts.
      const rows = `[${batch.join(',')}]`;
      batch = [];
      bytes = 0;
      const name = `public.${quoteIdent(table)}`;
      // Each row is the table's row type as text; its columns are named, so a generated one is left to the database.
      const columns = (columnsOf.get(table) ?? []).map(quoteIdent);
      await db.execute(
        sql`insert into ${sql.raw(name)} (${sql.raw(columns.join(', '))}) overriding system value
            select ${sql.raw(columns.map((c) => `(x.r).${c}`).join(', '))}
              from (select r::${sql.raw(name)} as r from json_array_elements_text(${rows}::json) r) x`,
      );
    };
    await readLines(file, async (line, index) => {
      if (index === 0) return;
      if (line.startsWith('"')) {
        batch.push(line);
        bytes += line.length;
        if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
        return;
      }
      const mark = JSON.parse(line) as { table?: string; end?: string };
      if (mark.table !== undefined) table = mark.table;
      else {
        await flush();
        table = null;
      }
    });
    for (const s of manifest.sequences)
      await db.execute(
        sql`select setval(${`public.${quoteIdent(s.name)}`}::regclass, ${s.value}::bigint, ${s.called})`,
      );
    for (const x of indexes) await db.execute(sql.raw(x.definition));
    for (const k of keys)
      await db.execute(
        sql.raw(`alter table ${k.table} add constraint ${quoteIdent(k.name)} ${k.definition}`),
      );
    for (const t of manifest.tables)
      await db.execute(sql.raw(`alter table public.${quoteIdent(t.name)} enable trigger user`));
  });
  return { rows: manifest.rows, seconds: (performance.now() - started) / 1000 };
}

/** The generated columns of the shop's tables, as `table.column`. */
async function generatedColumns(db: Database): Promise<Set<string>> {
  const rows = rowsOf(
    await db.execute(sql`
      select c.relname || '.' || a.attname as name
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped and a.attgenerated <> ''`),
    nameRow,
  );
  return new Set(rows.map((r) => r.name));
}

/** The foreign keys of the shop's tables: table (qualified, quoted), name and definition. */
async function foreignKeys(db: Database): Promise<{ table: string; name: string; definition: string }[]> {
  return rowsOf(
    await db.execute(sql`
      select k.conrelid::regclass::text as "table", k.conname as name, pg_get_constraintdef(k.oid) as definition
        from pg_constraint k join pg_namespace n on n.oid = k.connamespace
       where k.contype = 'f' and n.nspname = 'public'
       order by k.conname`),
    z.object({ table: z.string(), name: z.string(), definition: z.string() }),
  );
}

/** The indexes of the shop's tables that no constraint owns (not primary keys, not unique constraints). */
async function secondaryIndexes(db: Database): Promise<{ name: string; definition: string }[]> {
  return rowsOf(
    await db.execute(sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public'
         and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
       order by c.relname`),
    z.object({ name: z.string(), definition: z.string() }),
  );
}
