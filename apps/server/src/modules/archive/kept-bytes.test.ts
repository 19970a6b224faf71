import { describe, expect, it } from 'vitest';
import type { StoredBytes } from './archive.repository';
import { keptByNumber, keptOfOrder } from './kept-bytes';

/**
 * Issued documents' bytes kept in memory (decision 0057): read once, answered after without the
 * database; bounded, the least recently downloaded let go first; one store per database.
 */
const MB = 1024 * 1024;

const stored = (number: string, size = 1024): StoredBytes => ({
  number,
  orderNumber: 'K-000001',
  buyerId: 'buyer-1',
  language: 'en',
  orderPaidBy: 'card',
  pdf: Buffer.alloc(size, number),
});

/** A database stand-in whose reads are counted. */
function database() {
  const reads: string[] = [];
  const read = (doc: StoredBytes | undefined) => async () => {
    reads.push(doc?.number ?? 'none');
    return doc;
  };
  return { db: {}, reads, read };
}

describe('kept bytes', () => {
  it('reads an issued document once, by number and by its order alike', async () => {
    const { db, reads, read } = database();
    const doc = stored('INV-2026-000001');
    expect(await keptByNumber(db, doc.number, read(doc))).toMatchObject({ number: doc.number });
    expect(await keptByNumber(db, doc.number, read(doc))).toMatchObject({ number: doc.number });
    expect(reads).toEqual([doc.number]);
    // The order's alias is learnt on its first read by the order, then answered from memory.
    expect((await keptOfOrder(db, 'order-1', 'invoice', read(doc)))?.pdf.equals(doc.pdf)).toBe(true);
    expect((await keptOfOrder(db, 'order-1', 'invoice', read(doc)))?.pdf.equals(doc.pdf)).toBe(true);
    expect(reads).toEqual([doc.number, doc.number]);
  });

  it('keeps nothing for a document not issued: the next download asks again', async () => {
    const { db, reads, read } = database();
    expect(await keptOfOrder(db, 'order-2', 'receipt', read(undefined))).toBeUndefined();
    const doc = stored('RCT-2026-000001');
    expect(await keptOfOrder(db, 'order-2', 'receipt', read(doc))).toMatchObject({ number: doc.number });
    expect(reads).toEqual(['none', doc.number]);
  });

  it('never answers one database’s number from another’s', async () => {
    const a = database();
    const b = database();
    await keptByNumber(a.db, 'INV-2026-000001', a.read(stored('INV-2026-000001', 10)));
    const other = await keptByNumber(b.db, 'INV-2026-000001', b.read(stored('INV-2026-000001', 20)));
    expect(other?.pdf.length).toBe(20);
    expect(b.reads).toEqual(['INV-2026-000001']);
  });

  it('holds at most 32 MB, letting the least recently downloaded go first', async () => {
    const { db, reads, read } = database();
    const numbers = Array.from({ length: 16 }, (_, i) => `INV-2026-${String(i + 1).padStart(6, '0')}`);
    for (const n of numbers) await keptByNumber(db, n, read(stored(n, 2 * MB)));
    // The first downloaded again: now the most recent; the second is the least.
    await keptByNumber(db, numbers[0] as string, read(undefined));
    const seventeenth = 'INV-2026-000017';
    await keptByNumber(db, seventeenth, read(stored(seventeenth, 2 * MB)));
    reads.length = 0;
    await keptByNumber(db, numbers[0] as string, read(undefined));
    expect(reads).toEqual([]);
    expect(await keptByNumber(db, numbers[1] as string, read(undefined))).toBeUndefined();
    expect(reads).toEqual(['none']);
    // A document larger than a sixteenth of the whole is answered, never kept.
    const huge = 'INV-2026-000099';
    await keptByNumber(db, huge, read(stored(huge, 3 * MB)));
    expect(await keptByNumber(db, huge, read(undefined))).toBeUndefined();
  });
});
