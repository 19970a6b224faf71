import { messages } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addToolByPiece, startTestShop, type TestShop } from '../../test/harness';

/**
 * Searching the catalogue costs no database work: searches, sorts and kinds are answered from
 * the in-memory list of tools on sale (loaded once after each change), so a flood of searches
 * cannot slow the cached reads down. The answers stay right after every change.
 */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  await addToolByPiece(shop, 'Search Kanna Smoothing 48', { available: 9, priceCents: 5450 });
  await addToolByPiece(shop, 'Search Nomi Bench 24', { available: 9, priceCents: 2000 });
  await addToolByPiece(shop, 'Search kanna Block 30', { available: 9, priceCents: 3100 });
});
afterAll(() => shop?.close());

const names = async (query: string) => {
  const res = await shop.app.inject(`/api/handTools?${query}`);
  expect(res.statusCode, query).toBe(200);
  return (res.json() as { productName: string }[]).map((t) => t.productName);
};

/** Counts the queries the catalogue's database handle starts while `run` goes. */
async function queriesDuring(run: () => Promise<unknown>) {
  const db = shop.database.db;
  const spies = [vi.spyOn(db, 'select'), vi.spyOn(db, 'execute')];
  try {
    await run();
    return spies.reduce((n, s) => n + s.mock.calls.length, 0);
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

describe('catalogue search', () => {
  it('matches a case-insensitive part of the name, with sort, kind and limit', async () => {
    expect(await names('search=KANNA')).toEqual(['Search kanna Block 30', 'Search Kanna Smoothing 48']);
    expect(await names('search=search&sort=price-asc')).toEqual([
      'Search Nomi Bench 24',
      'Search kanna Block 30',
      'Search Kanna Smoothing 48',
    ]);
    expect(await names('search=search&sort=price-desc&limit=1')).toEqual(['Search Kanna Smoothing 48']);
    expect(await names('search=search&kind=plane')).toEqual([]);
    expect(await names('search=search&kind=chisel')).toHaveLength(3);
    // Characters with a meaning in SQL patterns are plain text here.
    expect(await names('search=%25')).toEqual([]);
    expect(await names('search=_')).toEqual([]);
  });

  it('answers searches without reaching the database, however many and however varied', async () => {
    await names('search=warm'); // the list of tools on sale is loaded once
    const queries = await queriesDuring(async () => {
      for (let i = 0; i < 50; i++) await names(`search=${encodeURIComponent(`flood ${i}`)}&sort=price-asc`);
      expect(await names('search=nomi')).toEqual(['Search Nomi Bench 24']);
      expect(await names('kind=chisel&sort=price-desc')).toHaveLength(3);
    });
    expect(queries).toBe(0);
  });

  it('is right again at once after a product is added, renamed or taken off sale', async () => {
    expect(await names('search=rabbet')).toEqual([]);
    const added = await addToolByPiece(shop, 'Search Rabbet Plane', { available: 3, priceCents: 9900 });
    expect(await names('search=rabbet')).toEqual(['Search Rabbet Plane']);
    await shop.services.catalog.update(added._id, { productName: 'Search Shoulder Plane' }, 'Admin');
    expect(await names('search=rabbet')).toEqual([]);
    expect(await names('search=shoulder')).toEqual(['Search Shoulder Plane']);
    await shop.services.catalog.archive(added._id);
    expect(await names('search=shoulder')).toEqual([]);
  });

  it('refuses a search longer than 100 characters (400 with a message)', async () => {
    const res = await shop.app.inject(`/api/handTools?search=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: messages.searchTooLong });
    expect(await names(`search=${'a'.repeat(100)}`)).toEqual([]);
  });
});
