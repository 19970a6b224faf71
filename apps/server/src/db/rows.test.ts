import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../test/harness';
import { rowsOf } from './rows';

/** A raw statement's rows, read the same way whichever driver answered (PGlite or node-postgres). */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

describe('rowsOf', () => {
  it("gives a raw statement's rows as the database answered them", async () => {
    const result = await shop.database.db.execute(
      sql`select n, 'tool ' || n as name from generate_series(1, 3) as n order by n`,
    );
    expect(rowsOf<{ n: number; name: string }>(result)).toEqual([
      { n: 1, name: 'tool 1' },
      { n: 2, name: 'tool 2' },
      { n: 3, name: 'tool 3' },
    ]);
  });

  it('gives no rows for a statement that returns none, and refuses what is not a result', async () => {
    expect(rowsOf(await shop.database.db.execute(sql`select 1 where false`))).toEqual([]);
    expect(() => rowsOf({ rowCount: 1 })).toThrow(TypeError);
    expect(() => rowsOf(undefined)).toThrow(TypeError);
  });
});
