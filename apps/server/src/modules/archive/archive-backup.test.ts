import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, verifyBackup, writeBackup } from '../../backup/backup';
import { type Db, openDatabase } from '../../db/client';
import { addTool, onPostgres, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { documentSettings, paidCardOrder, signedIn } from '../../test/shopping';
import { verifyDocuments } from './verify';

/**
 * Backups carry the archive of issued documents whole (docs/operations.md, "Backups"; decision
 * 0052): restored, every document is there with the same bytes, the chain verifies, and the
 * next document continues its series and the chain.
 */
let shop: TestShop;
let embedded: Db | null = null;
const dir = mkdtempSync(path.join(tmpdir(), 'kanna-archive-backup-'));
const file = path.join(dir, 'shop.kbak');
const ADMIN = 'archive-backup-admin@kanna.example';
let admin: Client;
let buyer: Client;
let tool: string;
const issued: { orderId: string; kind: string; bytes: Buffer }[] = [];

/** A card order of `quantity` tools, paid by `by`: its id. */
const paidOrder = (by: Client, quantity: number) => paidCardOrder(by, tool, quantity);

beforeAll(async () => {
  if (!onPostgres()) embedded = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'source-db') });
  shop = await startTestShop({
    ...(embedded ? { sharedDatabase: embedded } : {}),
    env: { ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000' },
  });
  admin = await signedIn(shop, '10.53.0.1', 'Backup Admin', ADMIN);
  buyer = await signedIn(shop, '10.53.0.2', 'Backup Buyer', 'archive-backup-buyer@kanna.example');
  expect((await admin.put('/api/shop-settings', documentSettings())).statusCode).toBe(200);
  tool = (await addTool(shop, { minQuantity: 1, available: 1000, priceCents: 2500 }))._id;
  for (const quantity of [1, 2]) {
    const orderId = await paidOrder(buyer, quantity);
    for (const kind of ['invoice', 'receipt']) {
      const res = await buyer.get(`/api/orders/${orderId}/documents/${kind}.pdf`);
      expect(res.statusCode).toBe(200);
      issued.push({ orderId, kind, bytes: res.rawPayload });
    }
  }
  await writeBackup(shop.database, file);
}, 120_000);

afterAll(async () => {
  await shop?.close();
  await embedded?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a backup of a shop that issued documents', () => {
  it('holds the archive: every document, the series and the chain', async () => {
    const manifest = await verifyBackup(file);
    expect(manifest.rows.documents).toBe(issued.length);
    expect(manifest.rows.document_series).toBe(2);
    expect(manifest.rows.document_chain).toBe(1);
  });

  it('restores them whole: the same bytes, a chain that verifies, and the next number after the last', async () => {
    const target = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'restored') });
    try {
      await restoreBackup(target, file);
      await target.migrate();
      expect(await verifyDocuments(target.db)).toEqual({ checked: issued.length, broken: [] });
      const restored = await startTestShop({ sharedDatabase: target, env: { ADMIN_EMAILS: ADMIN } });
      try {
        const b = new Client(restored.app, restored.config.publicUrl, '10.53.1.2');
        expect((await b.signIn('archive-backup-buyer@kanna.example')).statusCode).toBe(200);
        for (const d of issued) {
          const res = await b.get(`/api/orders/${d.orderId}/documents/${d.kind}.pdf`);
          expect(res.statusCode).toBe(200);
          expect(Buffer.compare(res.rawPayload, d.bytes)).toBe(0);
        }
        const a = new Client(restored.app, restored.config.publicUrl, '10.53.1.1');
        expect((await a.signIn(ADMIN)).statusCode).toBe(200);
        const orderId = await paidOrder(b, 3);
        expect((await b.get(`/api/orders/${orderId}/documents/invoice.pdf`)).statusCode).toBe(200);
        const invoices = (await a.get('/api/documents?kind=invoice')).json() as {
          number: string;
          orderId: string;
        }[];
        expect(invoices.map((d) => d.number.slice(-6))).toEqual(['000003', '000002', '000001']);
        expect(invoices[0]?.orderId).toBe(orderId);
        expect((await verifyDocuments(target.db)).broken).toEqual([]);
      } finally {
        await restored.close();
      }
    } finally {
      await target.close();
    }
  }, 120_000);
});
