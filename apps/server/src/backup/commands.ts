import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import {
  BackupRefused,
  type BackupSummary,
  codeMigrations,
  restoreBackup,
  verifyBackup,
  writeBackup,
} from './backup';
import { backupFileName, backupsDir } from './daily';
import { askShopForBackup, shopIsRunning } from './local-control';

/**
 * `npm run shop -- backup [file]` and `npm run shop -- restore <file>` (decision 0031). Each
 * prints what it did and answers the process's exit code; a refusal is a message, not a stack.
 */
type Out = { log(line: string): void; error(line: string): void };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const total = (rows: Record<string, number>) => Object.values(rows).reduce((a, b) => a + b, 0);

function report(out: Out, summary: BackupSummary, by: string): void {
  out.log(
    `backup written ${by}: ${summary.file} (${mb(summary.bytes)}, ${total(summary.rows)} rows, ${summary.rows.orders ?? 0} orders, ${summary.seconds.toFixed(1)} s)`,
  );
}

/** Runs a command; a refusal (BackupRefused) is said as a message and ends it with 1, anything else throws. */
async function refusalSaid(out: Out, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof BackupRefused)) throw err;
    out.error(err.message);
    return 1;
  }
}

/** An embedded database folder that holds anything. */
const inUse = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

export async function backupCommand(
  config: Config,
  file: string | undefined,
  out: Out = console,
): Promise<number> {
  const target = path.resolve(file ?? path.join(backupsDir(config.dataDir), backupFileName(new Date())));
  return refusalSaid(out, async () => {
    if (config.database.kind === 'pglite' && config.database.dir) {
      // The running shop owns the embedded database: it writes the backup itself.
      const written = await askShopForBackup(config.dataDir, target);
      if (written) {
        report(out, written, 'by the running shop');
        return 0;
      }
      if (!inUse(config.database.dir)) {
        out.error(`There is no embedded database in ${config.database.dir} to back up (is DATA_DIR right?).`);
        return 1;
      }
    }
    const database = await openDatabase(config.database);
    try {
      report(out, await writeBackup(database, target), `from ${database.kind}`);
      return 0;
    } finally {
      await database.close();
    }
  });
}

export async function restoreCommand(config: Config, file: string, out: Out = console): Promise<number> {
  return refusalSaid(out, async () => {
    const manifest = await verifyBackup(file);
    out.log(
      `verified ${path.basename(file)}: made ${manifest.createdAt} from ${manifest.database}, ${manifest.tables.length} tables, ${total(manifest.rows)} rows, ${manifest.rows.orders ?? 0} orders`,
    );
    let image: Blob | undefined;
    if (config.database.kind === 'pglite' && config.database.dir) {
      if (await shopIsRunning(config.dataDir)) {
        out.error('The shop is running on this DATA_DIR: stop it, and restore into an empty DATA_DIR.');
        return 1;
      }
      // A new DATA_DIR starts as a copy of the build's migrated database; a backup made before
      // the latest migrations needs a database with none, migrated only as far as the backup.
      if (!inUse(config.database.dir) && manifest.migrations.length < codeMigrations().length) {
        image = await unmigratedPgliteImage();
      }
    }
    const database = await openDatabase(config.database, image ? { image } : {});
    try {
      const restored = await restoreBackup(database, file, manifest);
      await database.migrate();
      const where = config.database.kind === 'pglite' ? (config.database.dir ?? 'memory') : 'PostgreSQL';
      out.log(
        `restored into ${where}: ${total(restored.rows)} rows in ${restored.seconds.toFixed(1)} s, migrated to this version`,
      );
      return 0;
    } finally {
      await database.close();
    }
  });
}

/** A new embedded database with no migrations applied, as a tarball for `openDatabase(…, { image })`. */
async function unmigratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create({ dataDir: 'memory://' });
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
