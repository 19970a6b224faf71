import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { type RowParser, rowsOf } from './db/rows';
import { onPostgres } from './test/harness';

/** DATA_DIR holds the embedded database, the auth secret and the mail outbox: private to the shop. */
let root = '';
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'kanna-datadir-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const mode = (p: string) => statSync(p).mode & 0o777;

/** Every file and folder under `dir` whose mode lets the group or others in. */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (mode(full) & 0o077) found.push(`${full} ${mode(full).toString(8)}`);
  }
  return found;
}

describe('DATA_DIR', () => {
  it('is created with its missing parents, private (0700), with the generated secret private too', () => {
    const dataDir = path.join(root, 'not', 'yet', 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.dataDir).toBe(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'auth-secret'))).toBe(0o600);
  });

  it('is tightened at start when an older install left it open', () => {
    const dataDir = path.join(root, 'data');
    mkdirSync(path.join(dataDir, 'db', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'outbox.mbox'), 'From kanna@localhost\n');
    writeFileSync(path.join(dataDir, 'db', 'base', '1249'), 'rows');
    chmodSync(path.join(dataDir, 'outbox.mbox'), 0o644);
    chmodSync(path.join(dataDir, 'db', 'base', '1249'), 0o666);
    chmodSync(path.join(dataDir, 'db', 'base'), 0o777);
    chmodSync(dataDir, 0o755);

    loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it.skipIf(onPostgres())(
    'holds an embedded database whose files are private, though PGlite writes them world-writable',
    async () => {
      const config = loadConfig({ DATA_DIR: path.join(root, 'missing-parent', 'data') });
      if (config.database.kind !== 'pglite') throw new Error('expected the embedded database');
      const database = await openDatabase(config.database);
      try {
        await database.migrate();
        expect(notPrivate(config.dataDir)).toEqual([]);
      } finally {
        await database.close();
      }
      expect(notPrivate(config.dataDir)).toEqual([]);
    },
  );

  it('that cannot be used (a file) is refused with a one-line message naming DATA_DIR', () => {
    const file = path.join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    for (const dataDir of [file, path.join(file, 'data')]) {
      let message = '';
      try {
        loadConfig({ DATA_DIR: dataDir });
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        message = (e as Error).message;
      }
      expect(message).toBe(
        `DATA_DIR (${dataDir}) cannot be used: it, or a folder above it, is a file, not a folder`,
      );
    }
  });
});

describe.skipIf(onPostgres())('the embedded database after a busy spell', () => {
  it('checkpoints within seconds once a few megabytes of log are written, so a crash replays little', async () => {
    const config = loadConfig({ DATA_DIR: path.join(root, 'data') });
    if (config.database.kind !== 'pglite') throw new Error('expected the embedded database');
    const database = await openDatabase(config.database);
    const one = async <T>(query: SQL, row: RowParser<T>) => {
      const [first] = rowsOf(await database.db.execute(query), row);
      if (first === undefined) throw new Error('no row');
      return first;
    };
    try {
      await database.db.execute(sql`create table filler (line text)`);
      // About 5 MB of log: rows too short to be compressed out of it.
      await database.db.execute(
        sql`insert into filler select md5(random()::text) || md5(random()::text) from generate_series(1, 50000)`,
      );
      const { lsn } = await one(
        sql`select pg_current_wal_insert_lsn()::text as lsn`,
        z.object({ lsn: z.string() }),
      );
      // A crash replays the log from the last checkpoint's redo point.
      const caughtUp = async () =>
        (
          await one(
            sql`select pg_wal_lsn_diff(redo_lsn, ${lsn}::pg_lsn) >= 0 as done from pg_control_checkpoint()`,
            z.object({ done: z.boolean() }),
          )
        ).done;
      // Well before the ten seconds after which any written log is checkpointed anyway.
      const deadline = Date.now() + 6_000;
      let done = await caughtUp();
      while (!done && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        done = await caughtUp();
      }
      expect(done).toBe(true);
    } finally {
      await database.close();
    }
  });
});
