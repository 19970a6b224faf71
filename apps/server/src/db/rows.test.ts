import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestShop, type TestShop } from '../test/harness';
import { rowRecord, rowsOf } from './rows';

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
    expect(rowsOf(result, z.object({ n: z.number(), name: z.string() }))).toEqual([
      { n: 1, name: 'tool 1' },
      { n: 2, name: 'tool 2' },
      { n: 3, name: 'tool 3' },
    ]);
  });

  it('gives no rows for a statement that returns none, and refuses what is not a result', async () => {
    const any = z.object({});
    expect(rowsOf(await shop.database.db.execute(sql`select 1 where false`), any)).toEqual([]);
    expect(() => rowsOf({ rowCount: 1 }, any)).toThrow(TypeError);
    expect(() => rowsOf(undefined, any)).toThrow(TypeError);
  });

  it('refuses a row that is not of the shape the caller names, instead of passing it on as if it were', async () => {
    const result = await shop.database.db.execute(sql`select 'three' as n, null as name`);
    expect(() => rowsOf(result, z.object({ n: z.number(), name: z.string() }))).toThrow();
  });

  it('reads rows with a hand-written parser given a record of unknown values', async () => {
    const result = await shop.database.db.execute(sql`select 7 as n`);
    const count = {
      parse(row: unknown) {
        const { n } = rowRecord(row);
        if (typeof n !== 'number') throw new TypeError('not a count');
        return n;
      },
    };
    expect(rowsOf(result, count)).toEqual([7]);
    expect(() => rowRecord(null)).toThrow(TypeError);
    expect(() => rowRecord([1])).toThrow(TypeError);
  });
});
