import { messages, type Tool } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../db/schema';
import type { TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { ownerWithPicture } from '../../test/shopping';

/**
 * A tool's yen price and yen breaks, set by the owner (whole yen) on the add and edit calls,
 * carried by the tool's JSON (null when none: derived from the dollar ones at the shop's rate),
 * cleared with null, and checked by the same rules as the dollar ones at the yen fields.
 */
let shop: TestShop;
let admin: Client;
let anon: Client;
let img: string;

beforeAll(async () => {
  ({ shop, admin, anon, img } = await ownerWithPicture('10.9.4.1', '10.9.4.2'));
});
afterAll(() => shop?.close());

let named = 0;
const product = (over: object = {}) => ({
  productName: `Oire Nomi ${++named}`,
  description: 'A bench chisel.',
  kind: 'chisel',
  minQuantity: 5,
  maxQuantity: 60,
  perPrice: 54.5,
  volumePrices: [{ minQuantity: 10, perPrice: 50 }],
  img,
  ...over,
});

const add = (over: object = {}) => admin.post('/api/handTools', product(over));
const edit = (id: string, changes: object) =>
  admin.request({ method: 'PATCH', url: `/api/handTools/${id}`, payload: changes });

/** The tool as a visitor reads it in the catalogue's list (GET /api/handTools). */
async function listed(id: string): Promise<Tool | undefined> {
  const res = await anon.get('/api/handTools?limit=100');
  expect(res.statusCode).toBe(200);
  return (res.json() as Tool[]).find((t) => t._id === id);
}

/** The yen kept for the tool (whole yen), as the order pricing reads it. */
async function kept(id: string) {
  const [row] = await shop.database.db.select().from(tools).where(eq(tools.id, id));
  return { priceYen: row?.priceYen, volumePricesYen: row?.volumePricesYen };
}

const pathsOf = (res: { json: () => { errors?: { path: string; message: string }[] } }) =>
  (res.json().errors ?? []).map((e) => e.path);

describe("a tool's yen price", () => {
  it('is none (null) on a tool added without one', async () => {
    const res = await add();
    expect(res.statusCode, res.body).toBe(201);
    expect(await listed(res.json().insertedId)).toMatchObject({ perPriceYen: null, volumePricesYen: null });
  });

  it('is set on adding, read back by everyone, changed, and cleared with null', async () => {
    const res = await add({ perPriceYen: 8200, volumePricesYen: [{ minQuantity: 10, perPrice: 7600 }] });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId;
    expect(await listed(id)).toMatchObject({
      perPrice: 54.5,
      perPriceYen: 8200,
      volumePricesYen: [{ minQuantity: 10, perPrice: 7600 }],
    });
    expect((await anon.get(`/api/handTools/${id}`)).json()).toMatchObject({ perPriceYen: 8200 });

    const changed = await edit(id, { perPriceYen: 9000 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await listed(id)).toMatchObject({
      perPriceYen: 9000,
      volumePricesYen: [{ minQuantity: 10, perPrice: 7600 }],
    });

    const cleared = await edit(id, { perPriceYen: null, volumePricesYen: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await listed(id)).toMatchObject({ perPrice: 54.5, perPriceYen: null, volumePricesYen: null });
    expect(await kept(id)).toEqual({ priceYen: null, volumePricesYen: null });
  });

  it('refuses yen breaks not cheaper than the yen price, at the break, on adding and editing', async () => {
    const refused = await add({ perPriceYen: 8200, volumePricesYen: [{ minQuantity: 10, perPrice: 8200 }] });
    expect(refused.statusCode).toBe(400);
    expect(pathsOf(refused)).toEqual(['volumePricesYen.0.perPrice']);

    const res = await add({ perPriceYen: 8200 });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId;
    // Merged with the yen price kept (¥8,200), a break at ¥8,500 is dearer.
    const dearer = await edit(id, { volumePricesYen: [{ minQuantity: 10, perPrice: 8500 }] });
    expect(dearer.statusCode).toBe(400);
    expect(pathsOf(dearer)).toEqual(['volumePricesYen.0.perPrice']);
    expect(await kept(id)).toEqual({ priceYen: 8200, volumePricesYen: null });
  });

  it('refuses yen breaks without a yen price, at the yen price, on adding and editing', async () => {
    const refused = await add({ volumePricesYen: [{ minQuantity: 10, perPrice: 7600 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject([
      { path: 'perPriceYen', message: messages.yenBreaksNeedYenPrice },
    ]);

    const res = await add({ perPriceYen: 8200, volumePricesYen: [{ minQuantity: 10, perPrice: 7600 }] });
    const id = res.json().insertedId;
    // Clearing the yen price while its breaks stay would leave them with nothing to be cheaper than.
    const orphaned = await edit(id, { perPriceYen: null });
    expect(orphaned.statusCode).toBe(400);
    expect(pathsOf(orphaned)).toEqual(['perPriceYen']);
    expect(await kept(id)).toEqual({
      priceYen: 8200,
      volumePricesYen: [{ minQuantity: 10, priceCents: 7600 }],
    });

    const plain = (await add()).json().insertedId;
    const breaksOnly = await edit(plain, { volumePricesYen: [{ minQuantity: 10, perPrice: 7600 }] });
    expect(breaksOnly.statusCode).toBe(400);
    expect(pathsOf(breaksOnly)).toEqual(['perPriceYen']);
  });

  it('refuses a yen price that is not a whole number of yen above 0, at the yen price', async () => {
    for (const perPriceYen of [8200.5, 0, -10, '8200']) {
      const res = await add({ perPriceYen });
      expect(res.statusCode, String(perPriceYen)).toBe(400);
      expect(res.json().errors).toMatchObject([{ path: 'perPriceYen', message: messages.yenPriceInvalid }]);
    }
  });
});
