import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/client';
import { writeBackupFrom } from './backup';

/**
 * Writes a backup from a copy of the embedded database (`writeBackup` in backup.ts, docs/decisions/0039-embedded-backup-from-a-copy.md):
 * a thread of its own, so the shop's thread goes on taking orders while this one reads. Answers
 * `{ summary }` or `{ message }` once, then ends.
 */
const { dir, file } = workerData as { dir: string; file: string };
const database = await openDatabase({ kind: 'pglite', dir });
try {
  parentPort?.postMessage({ summary: await writeBackupFrom(database, file, performance.now()) });
} catch (err) {
  parentPort?.postMessage({ message: err instanceof Error ? err.message : String(err) });
} finally {
  await database.close();
}
