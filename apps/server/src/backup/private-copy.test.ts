import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/client';
import { onPostgres } from '../test/harness';
import { verifyBackup, writeBackup } from './backup';

/**
 * The copy a backup of the embedded database makes beside its file holds the whole shop (and
 * the write-ahead log's session tokens): nobody but the shop's user may read it while it exists.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'kanna-private-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every folder and file under `root` (itself included) whose mode lets anyone else in. */
function openToOthers(root: string): string[] {
  const stat = lstatSync(root);
  const mode = stat.mode & 0o777;
  const own = stat.isDirectory() ? mode !== 0o700 : mode !== 0o600;
  const here = own ? [`${path.relative(dir, root)} ${mode.toString(8)}`] : [];
  if (!stat.isDirectory()) return here;
  return [...here, ...readdirSync(root).flatMap((name) => openToOthers(path.join(root, name)))];
}

describe.skipIf(onPostgres())("an embedded database's backup", () => {
  it('copies the database into folders of mode 0700 and files of 0600, wherever the file is written', async () => {
    const source = path.join(dir, 'data', 'db');
    const database: Db = await openDatabase({ kind: 'pglite', dir: source });
    try {
      // What PGlite adds while it runs: its files get mode 666 whatever the umask says.
      mkdirSync(path.join(source, 'added-while-running'), { mode: 0o755 });
      chmodSync(path.join(source, 'added-while-running'), 0o755);
      writeFileSync(path.join(source, 'added-while-running', 'page'), 'rows');
      chmodSync(path.join(source, 'added-while-running', 'page'), 0o666);
      chmodSync(path.join(source, 'PG_VERSION'), 0o644);

      const seen: string[][] = [];
      const watched: Db = {
        ...database,
        async snapshot(into) {
          await database.snapshot?.(into);
          seen.push(openToOthers(into));
        },
      };
      const file = path.join(dir, 'backups', 'shop.kbak');
      await writeBackup(watched, file);
      expect(seen).toEqual([[]]);
      expect(openToOthers(path.join(dir, 'backups'))).toEqual([]);
      expect((await verifyBackup(file)).rows).toBeDefined();
    } finally {
      await database.close();
    }
  });
});
