import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledWork } from '../app';
import { ConfigError, loadConfig } from '../config';
import { addTool, openTestPglite, startTestShop, type TestShop } from '../test/harness';
import { BackupRefused, restoreBackup, verifyBackup, writeBackup } from './backup';
import { backupCommand, restoreCommand } from './commands';
import { backupIfDue, dailyBackup, listBackups } from './daily';
import { askShopForBackup, serveBackupRequests, shopIsRunning } from './local-control';

/**
 * The embedded database's daily backups (kept to BACKUP_KEEP), the socket through which
 * `npm run shop -- backup` asks a running shop for one, and the two commands as an operator
 * runs them against a DATA_DIR (decision 0031).
 */
let shop: TestShop;
const dir = mkdtempSync(path.join(tmpdir(), 'kanna-daily-test-'));
const quiet = { info() {}, warn() {} };

beforeAll(async () => {
  shop = await startTestShop();
  await addTool(shop, { minQuantity: 1, available: 30, priceCents: 900, productName: 'Daily plane' });
});
afterAll(async () => {
  await shop?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An operator's terminal: what a command printed. */
const terminal = () => {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
};

describe('BACKUP_KEEP', () => {
  it('is 7 unless set, and must be a whole number of at least 1', () => {
    const dataDir = path.join(dir, 'config');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).backupKeep).toBe(7);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, BACKUP_KEEP: '3' }).backupKeep).toBe(3);
    for (const bad of ['0', '2.5', 'seven'])
      expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, BACKUP_KEEP: bad })).toThrow(
        /BACKUP_KEEP must be a whole number ≥ 1/,
      );
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, BACKUP_KEEP: '0' })).toThrow(ConfigError);
  });
});

describe('the daily backup', () => {
  it('writes one when none is a day old, and keeps the newest BACKUP_KEEP', async () => {
    const dataDir = path.join(dir, 'daily');
    const start = new Date('2026-11-20T03:00:00Z');
    const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000);
    const first = await backupIfDue(shop.database, { dataDir, keep: 2, now: start });
    expect(first?.file).toBe(path.join(dataDir, 'backups', 'kanna-20261120-030000Z.kbak'));
    expect(await backupIfDue(shop.database, { dataDir, keep: 2, now: at(23) })).toBeNull();
    expect(await backupIfDue(shop.database, { dataDir, keep: 2, now: at(24) })).not.toBeNull();
    const third = await backupIfDue(shop.database, { dataDir, keep: 2, now: at(48) });
    expect(third?.removed).toEqual([path.join(dataDir, 'backups', 'kanna-20261120-030000Z.kbak')]);
    expect(readdirSync(path.join(dataDir, 'backups')).sort()).toEqual([
      'kanna-20261121-030000Z.kbak',
      'kanna-20261122-030000Z.kbak',
    ]);
    expect((await verifyBackup(third?.file ?? '')).rows.tools).toBe(1);
  });

  it('is a job of the scheduler on the embedded database in a folder, and on no other', async () => {
    const inFolder = {
      database: { kind: 'pglite' as const, dir: path.join(dir, 'x/db') },
      dataDir: dir,
      backupKeep: 7,
    };
    const job = dailyBackup(shop.database, inFolder, quiet);
    if (shop.database.kind === 'pglite') expect(job).toBeTypeOf('function');
    else expect(job).toBeNull();
    expect(
      dailyBackup(shop.database, { ...inFolder, database: { kind: 'pglite', dir: null } }, quiet),
    ).toBeNull();
    const jobs = scheduledWork({ ...shop.services, backup: async () => {} });
    expect(jobs.find((j) => j.name === 'daily-backup')?.everyMs).toBe(60 * 60_000);
    expect(scheduledWork(shop.services).some((j) => j.name === 'daily-backup')).toBe(false);
  });
});

describe('a running shop asked for a backup through its socket', () => {
  it('writes it, and nobody answers once it has stopped', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kd-'));
    try {
      expect(await shopIsRunning(dataDir)).toBe(false);
      const serving = await serveBackupRequests(dataDir, shop.database, quiet);
      expect(serving).not.toBeNull();
      expect(await shopIsRunning(dataDir)).toBe(true);
      const file = path.join(dataDir, 'asked.kbak');
      const summary = await askShopForBackup(dataDir, file);
      expect(summary?.file).toBe(file);
      expect((await verifyBackup(file)).rows.tools).toBe(1);
      // A place the shop cannot write to (under a file): refused with the shop's reason.
      const refused = await askShopForBackup(dataDir, path.join(file, 'x.kbak')).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(BackupRefused);
      expect((refused as Error).message).toMatch(/^The running shop could not write the backup: /);
      await serving?.close();
      expect(await shopIsRunning(dataDir)).toBe(false);
      expect(await askShopForBackup(dataDir, file)).toBeNull();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('refuses, rather than guess, when DATA_DIR is too long a path for the socket', async () => {
    const dataDir = path.join(tmpdir(), `kd-${'x'.repeat(120)}`);
    const refusal = (e: unknown) => (e instanceof BackupRefused ? e.message : String(e));
    expect(refusal(await shopIsRunning(dataDir).catch((e: unknown) => e))).toMatch(
      /too long .* will not open its database/,
    );
    expect(refusal(await askShopForBackup(dataDir, '/tmp/x.kbak').catch((e: unknown) => e))).toMatch(
      /too long/,
    );
  });
});

describe('npm run shop -- backup / restore against a DATA_DIR', () => {
  it('restores into an empty DATA_DIR, backs that up, and refuses to restore over it', async () => {
    const file = path.join(dir, 'for-commands.kbak');
    await writeBackup(shop.database, file);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(dir, 'restored'),
      LOG_LEVEL: 'silent',
    });
    const t = terminal();
    expect(await restoreCommand(config, file, t.out)).toBe(0);
    expect(t.lines.join('\n')).toMatch(/verified for-commands\.kbak: .*1 tools|verified for-commands\.kbak/);
    expect(t.lines.at(-1)).toMatch(/^restored into .*restored\/db: \d+ rows/);

    const again = terminal();
    expect(await restoreCommand(config, file, again.out)).toBe(1);
    expect(again.lines.at(-1)).toMatch(/already holds data/);

    const b = terminal();
    expect(await backupCommand(config, undefined, b.out)).toBe(0);
    const [made] = listBackups(path.join(config.dataDir, 'backups'));
    expect(made).toBeDefined();
    expect(b.lines[0]).toContain(made?.file);
    expect((await verifyBackup(made?.file ?? '')).rows.tools).toBe(1);
  }, 120_000);

  it('says there is nothing to back up in a DATA_DIR with no database', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'nothing'), LOG_LEVEL: 'silent' });
    const t = terminal();
    expect(await backupCommand(config, path.join(dir, 'x.kbak'), t.out)).toBe(1);
    expect(t.lines[0]).toMatch(/no embedded database/);
    expect(existsSync(path.join(dir, 'x.kbak'))).toBe(false);
  });
});

describe('a backup from another version', () => {
  it('refuses a backup whose migrations this version does not have, and writes nothing', async () => {
    const file = path.join(dir, 'newer.kbak');
    await writeBackup(shop.database, file);
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').slice(0, -2);
    const header = JSON.parse(lines[0] ?? '{}');
    header.migrations.push({ tag: '9999_future', hash: 'f'.repeat(64) });
    lines[0] = JSON.stringify(header);
    const body = lines.map((l) => `${l}\n`).join('');
    const trailer = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').split('\n').at(-2) ?? '{}');
    trailer.sha256 = createHash('sha256').update(body).digest('hex');
    writeFileSync(file, gzipSync(`${body}${JSON.stringify(trailer)}\n`));
    const target = await openTestPglite();
    try {
      const error = await restoreBackup(target, file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupRefused);
      expect((error as Error).message).toMatch(/newer or different version of Kanna/);
    } finally {
      await target.close();
    }
  });
});
