import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { type BackupSummary, writeBackup } from './backup';

/**
 * The embedded database's own backups (decision 0031): the shop writes one into
 * `DATA_DIR/backups` when the newest there is a day old or older, and keeps the newest
 * `BACKUP_KEEP`. The files' names carry their time, so "due" survives a restart without any
 * record in the database. A job of the shop's timers today (app.ts); it moves as it is into
 * the scheduler.
 */
const BACKUP_EVERY_MS = 24 * 60 * 60_000;

const NAME = /^kanna-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z\.kbak$/;

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/** `kanna-20261126-221228Z.kbak`: sorts by time, and says it in UTC. */
export function backupFileName(at: Date): string {
  const s = at.toISOString();
  return `kanna-${s.slice(0, 10).replaceAll('-', '')}-${s.slice(11, 19).replaceAll(':', '')}Z.kbak`;
}

/** The backups in `dir` named by `backupFileName`, newest first, with their times. */
export function listBackups(dir: string): { file: string; at: Date }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => {
      const m = NAME.exec(name);
      if (!m) return null;
      const [, y, mo, d, h, mi, s] = m;
      return { file: path.join(dir, name), at: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`) };
    })
    .filter((b): b is { file: string; at: Date } => b !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * Removes what a backup stopped half-way left in `dir` (the shop was killed meanwhile): its
 * `.partial` file and its copy of the embedded database (`.snapshot`).
 */
function removeLeftovers(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const [kept, leftover] = name.split(/\.(?=partial$|snapshot$)/);
    if (leftover && kept && NAME.test(kept)) rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Deletes all but the newest `keep` backups in `dir`; returns what it deleted. */
function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const b of old) rmSync(b.file, { force: true });
  return old.map((b) => b.file);
}

/**
 * Writes a backup into `DATA_DIR/backups` when none there is younger than a day, then keeps
 * the newest `keep`. Returns the backup written, or null when none was due.
 */
export async function backupIfDue(
  database: Db,
  options: { dataDir: string; keep: number; now?: Date },
): Promise<(BackupSummary & { removed: string[] }) | null> {
  const now = options.now ?? new Date();
  const dir = backupsDir(options.dataDir);
  const newest = listBackups(dir)[0];
  // A newest backup "in the future" (the clock was put back) does not stop the next one.
  const age = newest ? now.getTime() - newest.at.getTime() : Number.POSITIVE_INFINITY;
  if (age >= 0 && age < BACKUP_EVERY_MS) return null;
  removeLeftovers(dir);
  const written = await writeBackup(database, path.join(dir, backupFileName(now)));
  return { ...written, removed: pruneBackups(dir, options.keep) };
}

type DailyLog = { info(details: object, message: string): void };

/**
 * The daily backup as the scheduler runs it (app.ts, `scheduledWork`): on the embedded
 * database kept in a folder only — a PostgreSQL shop is backed up by its operator (`npm run shop
 * -- backup`, or PostgreSQL's own tools) — else null.
 */
export function dailyBackup(
  database: Db,
  config: { database: Config['database']; dataDir: string; backupKeep: number },
  log: DailyLog,
): (() => Promise<void>) | null {
  if (database.kind !== 'pglite' || config.database.kind !== 'pglite' || !config.database.dir) return null;
  return async () => {
    const written = await backupIfDue(database, { dataDir: config.dataDir, keep: config.backupKeep });
    if (written)
      log.info(
        { file: written.file, bytes: written.bytes, seconds: written.seconds, removed: written.removed },
        'daily backup written',
      );
  };
}
