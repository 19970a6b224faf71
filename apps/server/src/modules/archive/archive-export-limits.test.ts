import { EXPORT_MAX_DOCUMENTS } from '@kanna/shared/domain/archive';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { signedIn, startShopFor } from '../../test/shopping';

/**
 * The export's limits (docs/orders.md, "The document archive"; decision 0052): a period of at
 * most 366 days holding at most 50,000 documents, else 400 saying the limit. The archive here is
 * filled straight in the table (inserting is what the archive allows), so this shop's chain is
 * not one that verifies: it has a shop of its own.
 */
let shop: TestShop;
/** Admins at three addresses: an address may ask for 6 exports a minute. */
const admins: Client[] = [];
const ADMINS = ['limits-a', 'limits-b', 'limits-c'].map((name) => `${name}@kanna.example`);

/** The number of entries a ZIP's end-of-central-directory record counts. */
const zipEntries = (zip: Buffer) => zip.readUInt16LE(zip.length - 22 + 10);

beforeAll(async () => {
  shop = await startShopFor(ADMINS.join(','));
  for (const [i, email] of ADMINS.entries())
    admins.push(await signedIn(shop, `10.53.0.${i + 1}`, 'Lena Limits', email));
  // EXPORT_MAX_DOCUMENTS invoices on 1 March 2001 (Tokyo), one more on 2 March.
  await shop.database.db.execute(sql`
    insert into documents (number, kind, series, sequence, position, counterparty, amount_cents, currency,
                           language, issued_at, data, pdf, sha256, chain_hash)
    select 'INV-2001-' || lpad(g::text, 6, '0'), 'invoice', 'INV-2001', g, g, 'Bulk Buyer', 1000, 'USD', 'en',
           case when g <= ${EXPORT_MAX_DOCUMENTS} then timestamptz '2001-03-01 12:00:00+09'
                else timestamptz '2001-03-02 12:00:00+09' end,
           '{}'::jsonb, convert_to('%PDF-' || g, 'UTF8'), 'not-a-hash', 'not-a-hash'
    from generate_series(1, ${EXPORT_MAX_DOCUMENTS + 1}) g`);
}, 120_000);
afterAll(() => shop?.close());

const exportOf = (from: string, to: string, by = 0) =>
  (admins[by] as Client).get(
    `/api/documents/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );

describe('the export’s limits', () => {
  it('refuses a period holding more than 50,000 documents with 400 saying the limit', async () => {
    const res = await exportOf('2001-03-01', '2001-03-02');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('at most 50,000 documents');
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('exports a period holding exactly 50,000: every document and the index', async () => {
    const res = await exportOf('2001-03-01', '2001-03-01');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(zipEntries(res.rawPayload)).toBe(EXPORT_MAX_DOCUMENTS + 1);
  }, 120_000);

  it('refuses a period over 366 days with 400 saying the limit, and takes a whole leap year', async () => {
    for (const [from, to] of [
      ['2025-01-01', '2026-01-02'],
      ['2000-01-01', '2001-12-31'],
      ['2025-01-01T00:00:00.000Z', '2026-01-02T00:00:01.000Z'],
    ] as const) {
      const res = await exportOf(from, to, 1);
      expect(res.statusCode, `${from}…${to}`).toBe(400);
      expect(res.json().message).toContain('at most 366 days');
    }
    // 2024 had 366 days, and from the 1st to the 1st of the next year is 366 days too.
    for (const [from, to] of [
      ['2024-01-01', '2024-12-31'],
      ['2025-01-01', '2026-01-01'],
    ] as const) {
      const res = await exportOf(from, to, 1);
      expect(res.statusCode, `${from}…${to}`).toBe(200);
      expect(zipEntries(res.rawPayload)).toBe(1);
    }
  });

  it('refuses a period that ends before it begins, and dates that are none', async () => {
    expect((await exportOf('2001-03-02', '2001-03-01', 2)).statusCode).toBe(400);
    for (const [from, to] of [
      ['2001-02-30', '2001-03-01'],
      ['yesterday', '2001-03-01'],
      ['2001-03-01', ''],
    ] as const)
      expect((await exportOf(from, to, 2)).statusCode, `${from}…${to}`).toBe(400);
  });
});
