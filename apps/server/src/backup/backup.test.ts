import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Db, openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { drawTool, palettes } from '../seed/illustrations';
import {
  addTool,
  onPostgres,
  openTestPglite,
  signUpVerified,
  startTestShop,
  type TestShop,
} from '../test/harness';
import { Client } from '../test/http';
import { BackupRefused, restoreBackup, verifyBackup, writeBackup } from './backup';

/**
 * Backups (docs/operations.md, "Backups", decision 0031): a backup taken while orders keep coming, restored into a
 * new embedded database and into a new PostgreSQL database, each opened by a shop that finds
 * every order acknowledged before the backup began, the pictures, and stock that adds up; a
 * damaged, cut-short or tampered file and a target that holds data are refused, and the target
 * stays empty.
 */
let shop: TestShop;
const dir = mkdtempSync(path.join(tmpdir(), 'kanna-backup-test-'));
const file = path.join(dir, 'shop.kbak');
const buyers: { email: string; client: Client }[] = [];
const pictures: { id: string; bytes: Buffer }[] = [];
/** Orders acknowledged (201) before the backup began, by buyer e-mail. */
const before: { id: string; email: string }[] = [];
let tools: string[] = [];
/** Orders acknowledged while the backup was being written: the shop went on meanwhile. */
let placedDuring = 0;
/** The embedded shop's database, in a folder as a real shop's is (a backup reads a copy of it). */
let embedded: Db | null = null;

beforeAll(async () => {
  if (!onPostgres()) embedded = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'source-db') });
  shop = await startTestShop({
    ...(embedded ? { sharedDatabase: embedded } : {}),
    env: { MAX_UNPAID_ORDERS: '1000', MAX_UNPAID_VALUE: '100000000', AUTH_RATE_LIMIT: '1000' },
  });
  tools = [
    (await addTool(shop, { minQuantity: 1, available: 100_000, priceCents: 700 }))._id,
    (await addTool(shop, { minQuantity: 1, available: 100_000, priceCents: 1100 }))._id,
  ];
  for (const [kind, palette] of [
    ['plane', palettes.oak],
    ['saw', palettes.cherry],
  ] as const) {
    const id = await shop.services.media.storeImage(drawTool(kind, palette));
    const res = await shop.app.inject(`/media/${id}/640.webp`);
    pictures.push({ id, bytes: res.rawPayload });
  }
  for (let i = 0; i < 8; i++) {
    const client = new Client(shop.app, shop.config.publicUrl, `10.31.0.${i + 1}`);
    const email = `backup.buyer.${i}@kanna.example`;
    await signUpVerified(shop, client, `Backup Buyer ${i}`, email);
    buyers.push({ email, client });
  }

  // Orders keep coming, from every buyer in turn, before, during and after the backup: about 20
  // a second, so that no buyer reaches the order route's 60 a minute while the backup runs.
  let backupStarted = false;
  let stop = false;
  let placed = 0;
  const flow = (async () => {
    for (let i = 0; !stop; i++) {
      const b = buyers[i % buyers.length];
      const toolId = tools[i % tools.length];
      if (!b || !toolId) break;
      const res = await b.client.post('/api/order', {
        toolId,
        quantity: 1 + (i % 3),
        phone: '0312345678',
        address: 'Kyoto',
      });
      if (res.statusCode !== 201) throw new Error(`order refused: ${res.statusCode} ${res.body}`);
      placed++;
      if (!backupStarted) before.push({ id: res.json().insertedId, email: b.email });
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  while (placed < 40) await new Promise((r) => setTimeout(r, 5));
  backupStarted = true;
  const atStart = placed;
  await writeBackup(shop.database, file);
  const after = placed;
  placedDuring = after - atStart;
  while (placed < after + 5) await new Promise((r) => setTimeout(r, 5));
  stop = true;
  await flow;
}, 120_000);

afterAll(async () => {
  await shop?.close();
  await embedded?.close();
  rmSync(dir, { recursive: true, force: true });
});

const countAll = async (database: Db) => {
  const tables = rowsOf(
    await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
    z.object({ name: z.string() }),
  );
  let total = 0;
  for (const { name } of tables)
    total += Number(
      rowsOf(
        await database.db.execute(sql.raw(`select count(*) as n from "${name}"`)),
        z.object({ n: z.union([z.string(), z.number()]) }),
      )[0]?.n,
    );
  return total;
};

/** Every tool whose stock ledger does not add up to its available quantity. */
const outOfBalance = async (database: Db) =>
  rowsOf(
    await database.db.execute(sql`
      select t.id from tools t left join stock_ledger l on l.tool_id = t.id
      group by t.id having t.available <> coalesce(sum(l.delta), 0)`),
    z.object({ id: z.string() }),
  );

/** Opens a shop on the restored database and checks what its users and its admin would see. */
/** Restores the backup into `target`, migrates it, checks what a shop finds there, and closes it. */
async function restoreAndCheck(target: Db) {
  try {
    await restoreBackup(target, file);
    await target.migrate();
    await checkRestored(target);
  } finally {
    await target.close();
  }
}

async function checkRestored(database: Db) {
  const restored = await startTestShop({
    sharedDatabase: database,
    env: { MAX_UNPAID_ORDERS: '1000', MAX_UNPAID_VALUE: '100000000' },
  });
  try {
    expect(before.length).toBeGreaterThanOrEqual(40);
    for (const [i, b] of buyers.entries()) {
      const c = new Client(restored.app, restored.config.publicUrl, `10.32.0.${i + 1}`);
      expect((await c.signIn(b.email)).statusCode).toBe(200);
      for (const o of before.filter((x) => x.email === b.email)) {
        const res = await c.get(`/api/orders/${o.id}`);
        expect(res.statusCode, o.id).toBe(200);
      }
    }
    for (const p of pictures) {
      const res = await restored.app.inject(`/media/${p.id}/640.webp`);
      expect(res.statusCode).toBe(200);
      expect(Buffer.compare(res.rawPayload, p.bytes)).toBe(0);
    }
    expect(await outOfBalance(database)).toEqual([]);
    // The tools' stock is what the source had at the backup: what it started with less what
    // the orders in the backup hold.
    const [held] = rowsOf(
      await database.db.execute(sql`select coalesce(sum(quantity), 0) as n from order_lines`),
      z.object({ n: z.union([z.string(), z.number()]) }),
    );
    const [left] = rowsOf(
      await database.db.execute(sql`select sum(available) as n from tools`),
      z.object({ n: z.union([z.string(), z.number()]) }),
    );
    expect(Number(held?.n) + Number(left?.n)).toBe(200_000);
    // New order numbers continue after the restored ones.
    const [top] = rowsOf(
      await database.db.execute(sql`select max(number)::text as n from orders`),
      z.object({ n: z.string() }),
    );
    const buyer = buyers[0];
    if (!buyer || !tools[0]) throw new Error('no buyer');
    const c = new Client(restored.app, restored.config.publicUrl, '10.32.1.1');
    await c.signIn(buyer.email);
    const res = await c.post('/api/order', {
      toolId: tools[0],
      quantity: 1,
      phone: '0312345678',
      address: 'Osaka',
    });
    expect(res.statusCode).toBe(201);
    const [fresh] = rowsOf(
      await database.db.execute(
        sql`select number::text as n from orders where id = ${res.json().insertedId}`,
      ),
      z.object({ n: z.string() }),
    );
    expect(BigInt(fresh?.n ?? 0)).toBeGreaterThan(BigInt(top?.n ?? 0));
  } finally {
    await restored.close();
  }
}

describe('a backup taken while orders are placed', () => {
  it('lets the shop go on taking orders while it is written, and leaves only its file', () => {
    // On the embedded database the file is written from a copy, on another thread, for a second
    // or more: orders were taken meanwhile (before, they all waited for its end). PostgreSQL
    // writes this small shop faster than the next order comes.
    if (embedded) expect(placedDuring).toBeGreaterThan(0);
    expect(existsSync(file)).toBe(true);
    // The embedded database's copy that was read is gone.
    expect(existsSync(`${file}.snapshot`)).toBe(false);
  });

  it('holds every table with its rows, and says so in its manifest', async () => {
    const manifest = await verifyBackup(file);
    expect(manifest.format).toBe('kanna-backup');
    expect(manifest.rows.orders).toBeGreaterThanOrEqual(before.length);
    expect(manifest.rows.media).toBeGreaterThanOrEqual(pictures.length);
    expect(manifest.sequences.map((s) => s.name)).toContain('order_number_seq');
    expect(manifest.migrations.length).toBeGreaterThan(0);
  });

  it('restores into a new embedded database, where a shop finds the orders, pictures and stock', async () => {
    await restoreAndCheck(await openDatabase({ kind: 'pglite', dir: path.join(dir, 'restored-pglite') }));
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'restores into a new PostgreSQL database, where a shop finds the orders, pictures and stock',
    async () => {
      const base = process.env.TEST_DATABASE_URL ?? '';
      const name = `kanna_restore_${Date.now().toString(36)}_${process.pid}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      try {
        await restoreAndCheck(await openDatabase({ kind: 'postgres', url: url.toString() }));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});

describe('refusals', () => {
  const refusedInto = async (bad: string, message: RegExp) => {
    const target = await openTestPglite();
    try {
      const error = await restoreBackup(target, bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupRefused);
      expect((error as Error).message).toMatch(message);
      expect(await countAll(target)).toBe(0);
    } finally {
      await target.close();
    }
  };

  it('refuses a file with a damaged byte, and writes nothing', async () => {
    const bytes = readFileSync(file);
    const i = Math.floor(bytes.length / 2);
    bytes[i] = (bytes[i] ?? 0) ^ 0x5a;
    const bad = path.join(dir, 'damaged.kbak');
    writeFileSync(bad, bytes);
    await refusedInto(bad, /damaged/);
  });

  it('refuses a file cut short, and writes nothing', async () => {
    const bytes = readFileSync(file);
    const bad = path.join(dir, 'truncated.kbak');
    writeFileSync(bad, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    await refusedInto(bad, /cut short/);
  });

  it('refuses a file whose content was changed and compressed again (the checksum), and writes nothing', async () => {
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    const changed = text.replace('Kyoto', 'Kyotx');
    expect(changed).not.toBe(text);
    const bad = path.join(dir, 'tampered.kbak');
    writeFileSync(bad, gzipSync(changed));
    await refusedInto(bad, /checksum/);
  });

  it('refuses what is not a backup', async () => {
    const bad = path.join(dir, 'not-a-backup.kbak');
    writeFileSync(bad, gzipSync('hello\n'));
    await refusedInto(bad, /not a Kanna backup/);
  });

  it('refuses a database that holds data, and leaves it as it was', async () => {
    const [n] = rowsOf(
      await shop.database.db.execute(sql`select count(*) as n from orders`),
      z.object({ n: z.union([z.string(), z.number()]) }),
    );
    const error = await restoreBackup(shop.database, file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupRefused);
    expect((error as Error).message).toMatch(/already holds data/);
    const [m] = rowsOf(
      await shop.database.db.execute(sql`select count(*) as n from orders`),
      z.object({ n: z.union([z.string(), z.number()]) }),
    );
    expect(Number(m?.n)).toBe(Number(n?.n));
  });
});

describe('a backup the previous release wrote of a database this one migrated', () => {
  it("lists generated columns among the columns (an order's amount due): restored, the database computes them", async () => {
    // Every column of every table with a generated one, in order, as a writer that did not leave them out lists them.
    const withGenerated = rowsOf(
      await shop.database.db.execute(sql`
        select c.relname as name, string_agg(a.attname::text, ',' order by a.attnum) as columns
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         where n.nspname = 'public' and c.relkind = 'r'
           and exists (select 1 from pg_attribute g where g.attrelid = c.oid and g.attgenerated <> '')
         group by c.relname`),
      z.object({ name: z.string(), columns: z.string() }),
    );
    expect(withGenerated.map((t) => t.name)).toContain('orders');
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').slice(0, -2);
    const header = JSON.parse(lines[0] ?? '{}') as { tables: { name: string; columns: string[] }[] };
    for (const t of header.tables) {
      const all = withGenerated.find((g) => g.name === t.name)?.columns;
      if (all) t.columns = all.split(',');
    }
    lines[0] = JSON.stringify(header);
    const body = lines.map((l) => `${l}\n`).join('');
    const trailer = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').split('\n').at(-2) ?? '{}');
    trailer.sha256 = createHash('sha256').update(body).digest('hex');
    const older = path.join(dir, 'previous-release.kbak');
    writeFileSync(older, gzipSync(`${body}${JSON.stringify(trailer)}\n`));

    const target = await openTestPglite();
    try {
      const restored = await restoreBackup(target, older);
      expect(restored.rows.orders).toBeGreaterThanOrEqual(before.length);
      const [wrong] = rowsOf(
        await target.db.execute(
          sql`select count(*) as n from orders where amount_due_cents <> total_cents + shipping_cents + tax_cents`,
        ),
        z.object({ n: z.union([z.string(), z.number()]) }),
      );
      expect(Number(wrong?.n)).toBe(0);
      const total = Object.values(restored.rows).reduce((a, b) => a + b, 0);
      expect(await countAll(target)).toBe(total);
    } finally {
      await target.close();
    }
  });
});
