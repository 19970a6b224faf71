import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../../config';
import { documents, orders } from '../../db/schema';
import { jobRow } from '../../scheduler/scheduler.repository';
import { addTool, captureMailer, onPostgres, startTestShop, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { pdfText } from '../../test/pdf';
import { documentSettings, paidCardOrder, payByCard, signedIn, startShopFor } from '../../test/shopping';
import { verifyDocuments } from './verify';

/**
 * The archive of issued documents (docs/orders.md, "The document archive"; decision 0052): each
 * document issued once and stored, numbered gaplessly per series, chained, searchable, exported;
 * credit notes for invoices whose order was refunded; nothing lost when the buyer goes.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
let stranger: Client;
let tool: string;
const ADMIN = 'archive-admin@kanna.example';

beforeAll(async () => {
  shop = await startShopFor(ADMIN, { MAX_UNPAID_ORDERS: '60', MAX_UNPAID_VALUE: '1000000' }, captureMailer());
  admin = await signedIn(shop, '10.52.0.1', 'Aki Archive', ADMIN);
  buyer = await signedIn(shop, '10.52.0.2', 'Yamada Woodworks', 'archive-buyer@kanna.example');
  stranger = await signedIn(shop, '10.52.0.3', 'Other Buyer', 'archive-other@kanna.example');
  expect((await admin.put('/api/shop-settings', documentSettings())).statusCode).toBe(200);
  tool = (
    await addTool(shop, { minQuantity: 1, available: 10_000, priceCents: 1000, productName: 'Kanna 48 mm' })
  )._id;
});
afterAll(() => shop?.close());

/** A card order of `quantity` planes at $10 (+ $15 shipping, 10 % tax), paid; its id. */
const paidOrder = (by: Client, quantity: number) => paidCardOrder(by, tool, quantity);

const orderPdf = (c: Client, id: string, kind: string, query = '') =>
  c.get(`/api/orders/${id}/documents/${kind}.pdf${query}`);

/** The archive's list as an admin searches it; 200 and its items. */
async function search(query: string) {
  const res = await admin.get(`/api/documents${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as {
    number: string;
    kind: string;
    orderId: string | null;
    amount: number | null;
    corrects: string | null;
    counterparty: string;
    sha256: string;
    issuedAt: string;
  }[];
}

/** The issued document of an order of `kind`, as the archive lists it. */
async function issuedOf(orderId: string, kind: string) {
  const found = (await search(`kind=${kind}&limit=100`)).filter((d) => d.orderId === orderId);
  expect(found).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[0]>;
}

describe('a document issued once', () => {
  it('answers the same bytes after every setting changed, by the order and by its number', async () => {
    const id = await paidOrder(buyer, 3);
    const first = await orderPdf(buyer, id, 'invoice');
    expect(first.statusCode).toBe(200);
    const invoice = await issuedOf(id, 'invoice');
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect((await pdfText(first.rawPayload)).text).toContain(`No. ${invoice.number}`);
    // Every setting changed: the issuer, its number, the bank, tax, shipping, the yen rate.
    const changed = await admin.put('/api/shop-settings', {
      legalName: 'Renamed Tools G.K.',
      legalNameJa: '改名工具合同会社',
      address: '9-9 Nishi-Shinjuku\nTokyo 160-0023',
      addressJa: '東京都新宿区西新宿9-9',
      registrationNumber: 'T9876543210987',
      bank: {
        bankName: 'MUFG',
        branch: 'Shinjuku',
        accountType: 'Current',
        accountNumber: '1111111',
        accountHolder: 'Renamed',
        swift: 'BOTKJPJT',
      },
      tax: { enabled: true, ratePercent: 8, country: 'JP' },
      shippingZones: [{ name: 'All', countries: 'rest-of-world', rate: 99, freeFrom: null }],
      minimumOrder: 1,
      transferHoldDays: 3,
      yenPerDollar: 99.5,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      const again = await orderPdf(buyer, id, 'invoice');
      expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
      const byNumber = await buyer.get(`/api/documents/${invoice.number}.pdf`);
      expect(byNumber.statusCode).toBe(200);
      expect(byNumber.headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(byNumber.rawPayload, first.rawPayload)).toBe(0);
      const text = (await pdfText(byNumber.rawPayload)).text;
      expect(text).toContain('Kanna Tools K.K.');
      expect(text).not.toContain('Renamed');
      expect(invoice.sha256).toMatch(/^[0-9a-f]{64}$/);
      // The other language's copy is drawn from what was issued, and says it is a copy.
      const copy = await buyer.get(`/api/documents/${invoice.number}.pdf?lang=ja`);
      expect(copy.statusCode).toBe(200);
      const copyText = (await pdfText(copy.rawPayload)).text;
      expect(copyText).toContain('写し');
      expect(copyText).toContain(invoice.number);
      expect(copyText).toContain('T1234567890123');
      expect(copyText).not.toContain('T9876543210987');
    } finally {
      expect((await admin.put('/api/shop-settings', documentSettings())).statusCode).toBe(200);
    }
  });

  it('is the buyer’s and the admins’ only: another buyer gets 403 or 404, a forged number or another series’ 404', async () => {
    const id = await paidOrder(buyer, 1);
    expect((await orderPdf(buyer, id, 'receipt')).statusCode).toBe(200);
    const receipt = await issuedOf(id, 'receipt');
    expect(receipt.number).toMatch(/^RCT-\d{4}-\d{6}$/);
    expect((await admin.get(`/api/documents/${receipt.number}.pdf`)).statusCode).toBe(200);
    const other = await stranger.get(`/api/documents/${receipt.number}.pdf`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(receipt.number);
    // Through the order: 403, as for any document of another buyer's order (decision 0033).
    const otherByOrder = await orderPdf(stranger, id, 'receipt');
    expect(otherByOrder.statusCode).toBe(403);
    expect(otherByOrder.body).not.toContain(receipt.number);
    // The receipt's year and sequence in every other series: well formed, never issued, 404.
    const issued = new Set((await search('limit=100')).map((d) => d.number));
    const elsewhere = ['INV', 'DN', 'PF', 'CN']
      .map((series) => receipt.number.replace(/^RCT/, series))
      .filter((n) => !issued.has(n));
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const number of elsewhere) {
      expect((await admin.get(`/api/documents/${number}.pdf`)).statusCode, number).toBe(404);
      expect((await buyer.get(`/api/documents/${number}.pdf`)).statusCode, number).toBe(404);
    }
    for (const forged of [
      'RCT-2026-999999',
      'INV-20-1',
      'XYZ-2026-000001',
      `${receipt.number.replace('RCT', 'INV')}9`,
      receipt.number.toLowerCase(),
      `${receipt.number}.pdf`,
      ` ${receipt.number}`,
    ])
      expect((await admin.get(`/api/documents/${encodeURIComponent(forged)}.pdf`)).statusCode).toBe(404);
    expect((await shop.app.inject(`/api/documents/${receipt.number}.pdf`)).statusCode).toBe(401);
    expect((await buyer.get('/api/documents')).statusCode).toBe(403);
  });

  it('issues a document once when two first downloads come at once', async () => {
    const id = await paidOrder(buyer, 2);
    const [a, b] = await Promise.all([orderPdf(buyer, id, 'invoice'), orderPdf(admin, id, 'invoice')]);
    expect(a.statusCode).toBe(200);
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    await issuedOf(id, 'invoice');
  });

  it('numbers 20 invoices issued at once without a gap, increasing in the order of the chain', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await paidOrder(buyer, 10 + i));
    const answers = await Promise.all(ids.map((id) => orderPdf(buyer, id, 'invoice')));
    expect(answers.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const invoices = (await search('kind=invoice&limit=100')).reverse();
    const sequences = invoices.map((d) => Number(d.number.slice(-6)));
    // Every invoice of the series so far, oldest first: 1, 2, 3, … with none missing.
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    expect(new Set(invoices.map((d) => d.orderId)).size).toBe(invoices.length);
    for (const id of ids) expect(invoices.filter((d) => d.orderId === id)).toHaveLength(1);
    expect((await verifyDocuments(shop.database.db)).broken).toEqual([]);
  });
});

describe('an issued document answered from memory (decision 0073)', () => {
  // A buyer of its own: documents have a share a minute per account.
  let keeper: Client;
  beforeAll(async () => {
    keeper = await signedIn(shop, '10.52.0.7', 'Kept Bytes', 'archive-keeper@kanna.example');
  });
  // The first download issues it, the second reads its stored bytes and keeps them: from the
  // third on, an invoice, a receipt or a delivery note is answered without reading the order.
  const keptAfterTwo = async (by: Client, id: string, kind: string) => {
    const first = await orderPdf(by, id, kind);
    expect(first.statusCode).toBe(200);
    expect((await orderPdf(by, id, kind)).statusCode).toBe(200);
    return first.rawPayload;
  };

  it('is still its buyer’s and the admins’ only, the same bytes, and kept through the order’s cancelling', async () => {
    const id = await paidOrder(keeper, 2);
    const issued = await keptAfterTwo(keeper, id, 'invoice');
    const again = await orderPdf(keeper, id, 'invoice');
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, issued)).toBe(0);
    expect(again.headers['content-disposition']).toMatch(/K-\d{6,}-invoice\.pdf/);
    const byAdmin = await orderPdf(admin, id, 'invoice');
    expect(byAdmin.statusCode).toBe(200);
    expect(Buffer.compare(byAdmin.rawPayload, issued)).toBe(0);
    const other = await orderPdf(stranger, id, 'invoice');
    expect(other.statusCode).toBe(403);
    expect(other.rawPayload.includes(issued.subarray(0, 64))).toBe(false);
    expect((await shop.app.inject(`/api/orders/${id}/documents/invoice.pdf`)).statusCode).toBe(401);
    // The other language's copy is drawn from the stored data, as before.
    const copy = await orderPdf(keeper, id, 'invoice', '?lang=ja');
    expect(copy.statusCode).toBe(200);
    expect((await pdfText(copy.rawPayload)).text).toContain('写し');
    // Cancelled and refunded after it was paid, the order keeps its invoice: the same bytes.
    const cancelled = await admin.post(`/api/orders/${id}/cancel`, { reason: 'Wrong size after all' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const after = await orderPdf(keeper, id, 'invoice');
    expect(after.statusCode).toBe(200);
    expect(Buffer.compare(after.rawPayload, issued)).toBe(0);
  });

  it('is never a pro-forma the order no longer has: once paid, its download is refused with 409', async () => {
    const placed = await keeper.post('/api/order', {
      lines: [{ toolId: tool, quantity: 2 }],
      phone: '0312345678',
      address: '1-1 Ginza, Chuo-ku, Tokyo',
    });
    expect(placed.statusCode).toBe(201);
    const id = placed.json().insertedId as string;
    await keptAfterTwo(keeper, id, 'proforma');
    expect((await issuedOf(id, 'proforma')).number).toMatch(/^PF-\d{4}-\d{6}$/);
    await payByCard(keeper, id);
    const refused = await orderPdf(keeper, id, 'proforma');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict' });
    expect((await orderPdf(keeper, id, 'invoice')).statusCode).toBe(200);
  });
});

describe('a credit note', () => {
  it('is issued once when an invoiced order is cancelled and refunded, naming the invoice, its amount negative', async () => {
    const id = await paidOrder(buyer, 4);
    expect((await orderPdf(buyer, id, 'invoice')).statusCode).toBe(200);
    const invoice = await issuedOf(id, 'invoice');
    const cancelled = await admin.post(`/api/orders/${id}/cancel`, { reason: 'Out of stock after all' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const notes = (await search('kind=credit-note&limit=100')).filter((d) => d.orderId === id);
    expect(notes).toHaveLength(1);
    const note = notes[0] as NonNullable<(typeof notes)[0]>;
    expect(note.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(note.corrects).toBe(invoice.number);
    expect(note.amount).toBe(-(invoice.amount ?? 0));
    // Read again (and by the scheduler's run): still one.
    await shop.services.documents.issueCreditNotes();
    expect((await search('kind=credit-note&limit=100')).filter((d) => d.orderId === id)).toHaveLength(1);
    const pdf = await buyer.get(`/api/documents/${note.number}.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).text;
    expect(text).toContain('Credit note (qualified return invoice)');
    expect(text).toContain(`Corrects ${invoice.number}`);
    expect(text).toContain(`-$${(invoice.amount ?? 0).toFixed(2)}`);
    // The invoice itself is as it was issued.
    expect((await admin.get(`/api/documents/${invoice.number}.pdf`)).statusCode).toBe(200);
  });

  /** The credit notes stored for an order, read from the table itself (reading the archive would issue them). */
  const creditNotesOf = (orderId: string) =>
    shop.database.db
      .select({ number: documents.number, corrects: documents.corrects, amountCents: documents.amountCents })
      .from(documents)
      .where(and(eq(documents.orderId, orderId), eq(documents.kind, 'credit-note')));

  /** A paid order whose invoice is issued, then cancelled by the shop and its card refunded; the invoice. */
  async function refundedAfterInvoicing(quantity: number) {
    const id = await paidOrder(buyer, quantity);
    expect((await orderPdf(buyer, id, 'invoice')).statusCode).toBe(200);
    const invoice = await issuedOf(id, 'invoice');
    const cancelled = await admin.post(`/api/orders/${id}/cancel`, { reason: 'Refunded: damaged in stock' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [order] = await shop.database.db
      .select({ refundedAt: orders.refundedAt })
      .from(orders)
      .where(eq(orders.id, id));
    expect(order?.refundedAt).toBeInstanceOf(Date);
    return { id, invoice };
  }

  it('after a refund, is issued once by the scheduler’s job, naming the invoice, and a second run adds none', async () => {
    const { id, invoice } = await refundedAfterInvoicing(9);
    expect(await creditNotesOf(id)).toEqual([]);
    const { scheduler } = shop.services;
    await scheduler.start();
    try {
      // Due now: the scheduler's next poll (every few seconds) runs the job, which issues the note.
      expect(await scheduler.scheduleAt('issue-credit-notes', new Date(0))).toBe(true);
      await vi.waitFor(async () => expect(await creditNotesOf(id)).toHaveLength(1), {
        timeout: 30_000,
        interval: 200,
      });
      // Due again: its second run finishes (without an error) and issues nothing more.
      expect(await scheduler.scheduleAt('issue-credit-notes', new Date(0))).toBe(true);
      await vi.waitFor(
        async () => {
          const job = await jobRow(shop.database.db, 'issue-credit-notes');
          expect(job?.dueAt.getTime()).toBeGreaterThan(0);
          expect(job?.lockedBy).toBeNull();
          expect(job?.lastError).toBeNull();
        },
        { timeout: 30_000, interval: 200 },
      );
    } finally {
      await scheduler.stop();
    }
    const notes = await creditNotesOf(id);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.corrects).toBe(invoice.number);
    expect(notes[0]?.amountCents).toBe(-Math.round((invoice.amount ?? 0) * 100));
  }, 90_000);

  it('after a refund, is issued once when sweeps run at once on two instances and the archive is read', async () => {
    const { id, invoice } = await refundedAfterInvoicing(11);
    const second = await startTestShop(
      shop.databaseUrl ? { databaseUrl: shop.databaseUrl } : { sharedDatabase: shop.database },
    );
    try {
      const runs = await Promise.all([
        shop.services.documents.issueCreditNotes(),
        second.services.documents.issueCreditNotes(),
        shop.services.documents.issueCreditNotes(),
        second.services.documents.issueCreditNotes(),
        admin.get('/api/documents?kind=credit-note'),
      ]);
      // Between them the sweeps issued exactly the one note due (the archive's read may have issued it instead).
      const read = runs.pop() as Awaited<ReturnType<Client['get']>>;
      expect(read.statusCode).toBe(200);
      expect((runs as number[]).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
      await second.services.documents.issueCreditNotes();
    } finally {
      await second.close();
    }
    const notes = await creditNotesOf(id);
    expect(notes).toEqual([
      {
        number: expect.stringMatching(/^CN-\d{4}-\d{6}$/),
        corrects: invoice.number,
        amountCents: -Math.round((invoice.amount ?? 0) * 100),
      },
    ]);
    const listed = (await search('kind=credit-note&limit=100')).filter((d) => d.orderId === id);
    expect(listed.map((d) => d.number)).toEqual([notes[0]?.number]);
    expect((await verifyDocuments(shop.database.db)).broken).toEqual([]);
  });

  it('is not issued for a paid order cancelled before any invoice of it was issued', async () => {
    const id = await paidOrder(buyer, 5);
    await admin.post(`/api/orders/${id}/cancel`, { reason: 'Address abroad' });
    expect((await search('kind=credit-note&limit=100')).filter((d) => d.orderId === id)).toHaveLength(0);
  });
});

describe('when the buyer’s account is deleted', () => {
  it('keeps every document issued to them, as issued', async () => {
    const leaving = await signedIn(shop, '10.52.0.9', 'Leaving Buyer', 'archive-leaving@kanna.example');
    const id = await paidOrder(leaving, 6);
    const issued = await orderPdf(leaving, id, 'invoice');
    expect((await orderPdf(leaving, id, 'receipt')).statusCode).toBe(200);
    const invoice = await issuedOf(id, 'invoice');
    expect((await admin.delete('/api/users/archive-leaving@kanna.example')).statusCode).toBe(200);
    const kept = (await search('q=leaving%20buyer')).map((d) => d.kind).sort();
    expect(kept).toEqual(['invoice', 'receipt']);
    const again = await admin.get(`/api/documents/${invoice.number}.pdf`);
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, issued.rawPayload)).toBe(0);
    expect((await verifyDocuments(shop.database.db)).broken).toEqual([]);
  });
});

describe('the archive’s search', () => {
  let small: { number: string; amount: number | null };
  let large: { number: string; amount: number | null };
  beforeAll(async () => {
    const someone = await signedIn(shop, '10.52.0.10', 'Suzuki Joinery', 'archive-suzuki@kanna.example');
    const a = await paidOrder(someone, 1);
    const b = await paidOrder(someone, 300);
    await orderPdf(someone, a, 'invoice');
    await orderPdf(someone, b, 'invoice');
    small = await issuedOf(a, 'invoice');
    large = await issuedOf(b, 'invoice');
  });
  const numbers = async (q: string) => (await search(q)).map((d) => d.number);

  it('finds by counterparty, any case and part of the name', async () => {
    const found = await numbers('q=SUZUKI&limit=100');
    expect(found).toEqual([large.number, small.number]);
  });

  it('finds by amount range, signed', async () => {
    const amount = large.amount ?? 0;
    const found = await numbers(`min=${amount - 0.01}&max=${amount + 0.01}&limit=100`);
    expect(found).toContain(large.number);
    expect(found).not.toContain(small.number);
    const negative = await search('max=-0.01&limit=100');
    expect(negative.every((d) => d.kind === 'credit-note' && (d.amount ?? 0) < 0)).toBe(true);
  });

  it('finds by date range', async () => {
    const at = (await search(`q=suzuki&limit=1`))[0]?.issuedAt ?? '';
    const before = new Date(Date.parse(at) - 60_000).toISOString();
    const after = new Date(Date.parse(at) + 60_000).toISOString();
    expect(
      await numbers(`from=${encodeURIComponent(before)}&to=${encodeURIComponent(after)}&q=suzuki`),
    ).toContain(large.number);
    expect(await numbers(`to=${encodeURIComponent('2020-01-01')}`)).toEqual([]);
    expect(await numbers(`from=${encodeURIComponent(after)}&q=suzuki`)).toEqual([]);
  });

  it('combines every key, and pages newest first', async () => {
    const amount = small.amount ?? 0;
    expect(await numbers(`q=suzuki&min=${amount}&max=${amount}&kind=invoice&from=2026-01-01`)).toEqual([
      small.number,
    ]);
    expect(await numbers(`q=suzuki&min=${amount}&max=${amount}&kind=receipt`)).toEqual([]);
    const first = await admin.get('/api/documents?q=suzuki&limit=1');
    expect(first.json().map((d: { number: string }) => d.number)).toEqual([large.number]);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] ?? '';
    expect((await admin.get(next)).json().map((d: { number: string }) => d.number)).toEqual([small.number]);
  });

  it('refuses bad input with 400', async () => {
    for (const q of ['min=lots', 'from=yesterday', 'kind=offer', 'cursor=nope'])
      expect((await admin.get(`/api/documents?${q}`)).statusCode, q).toBe(400);
  });
});

describe('the export', () => {
  it('is one ZIP a standard unzip opens: one PDF per document of the period and the CSV index', async () => {
    const listed = await search('limit=100');
    const res = await admin.get(
      `/api/documents/export?from=2026-01-01&to=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`,
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const dir = mkdtempSync(path.join(tmpdir(), 'kanna-export-'));
    try {
      writeFileSync(path.join(dir, 'export.zip'), res.rawPayload);
      execFileSync('unzip', ['-q', '-t', 'export.zip'], { cwd: dir });
      execFileSync('unzip', ['-q', 'export.zip', '-d', 'out'], { cwd: dir });
      const files = readdirSync(path.join(dir, 'out')).sort();
      expect(files).toEqual([...listed.map((d) => `${d.number}.pdf`), 'index.csv'].sort());
      const index = readFileSync(path.join(dir, 'out', 'index.csv'), 'utf8')
        .trim()
        .split('\r\n');
      expect(index).toHaveLength(listed.length + 1);
      for (const d of listed) {
        const bytes = readFileSync(path.join(dir, 'out', `${d.number}.pdf`));
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        expect(index.some((line) => line.includes(`"${d.number}"`) && line.includes(`"${d.sha256}"`))).toBe(
          true,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a period over a year with 400 saying the limit', async () => {
    const res = await admin.get('/api/documents/export?from=2025-01-01&to=2026-06-30');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('366 days');
    expect((await buyer.get('/api/documents/export?from=2026-01-01&to=2026-01-31')).statusCode).toBe(403);
  });
});

describe('verify-documents', () => {
  it('passes on the archive as issued, then names a document one byte of which was changed in the database', async () => {
    expect((await orderPdf(buyer, await paidOrder(buyer, 7), 'invoice')).statusCode).toBe(200);
    const before = await verifyDocuments(shop.database.db);
    expect(before.checked).toBeGreaterThan(0);
    expect(before.broken).toEqual([]);
    const victim = (await search('kind=invoice&limit=1'))[0]?.number ?? '';
    const flip = sql`update documents set pdf = set_byte(pdf, 200, get_byte(pdf, 200) # 1) where number = ${victim}`;
    const { db } = shop.database;
    // Changed behind the shop's back: its trigger refuses any change, so the tamperer turns it off.
    await expect(db.execute(flip)).rejects.toThrow();
    await db.execute(sql`alter table documents disable trigger documents_no_update_or_delete`);
    try {
      await db.execute(flip);
      const after = await verifyDocuments(shop.database.db);
      expect(after.broken.map((b) => b.number)).toEqual([victim, victim]);
      expect(after.broken[0]?.why).toBe('its PDF bytes changed');
    } finally {
      await db.execute(flip);
      await db.execute(sql`alter table documents enable trigger documents_no_update_or_delete`);
    }
    expect((await verifyDocuments(shop.database.db)).broken).toEqual([]);
  });
});

describe.skipIf(!onPostgres())('npm run shop -- verify-documents', () => {
  /** The built CLI (the test run builds it) on this shop's database: its exit status and what it printed. */
  const run = () => {
    const r = spawnSync(
      process.execPath,
      [path.join(repoRoot(), 'apps/server/dist/cli.js'), 'verify-documents'],
      {
        env: {
          ...process.env,
          DATABASE_URL: shop.databaseUrl ?? '',
          NODE_ENV: 'development',
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 50_000,
      },
    );
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };

  it('exits 0 on the archive as issued, and 1 naming the document whose byte was changed', async () => {
    expect((await orderPdf(buyer, await paidOrder(buyer, 8), 'receipt')).statusCode).toBe(200);
    const ok = run();
    expect(ok.out).toContain('the archive is as issued');
    expect(ok.status).toBe(0);
    const victim = (await search('kind=receipt&limit=1'))[0]?.number ?? '';
    const { db } = shop.database;
    const flip = sql`update documents set pdf = set_byte(pdf, 300, get_byte(pdf, 300) # 4) where number = ${victim}`;
    await db.execute(sql`alter table documents disable trigger documents_no_update_or_delete`);
    try {
      await db.execute(flip);
      const broken = run();
      expect(broken.status).toBe(1);
      expect(broken.out).toContain(`${victim}: its PDF bytes changed`);
    } finally {
      await db.execute(flip);
      await db.execute(sql`alter table documents enable trigger documents_no_update_or_delete`);
    }
  }, 120_000);
});
