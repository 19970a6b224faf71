import { messages } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { approvedBuyer, signedIn, startShopFor } from '../../test/shopping';

/**
 * An admin's stock edit never overwrites a reservation made while the edit form was open: the
 * form sends the quantity it was loaded with, and the change applies as a difference.
 */
let shop: TestShop;
let admin: Client;
let n = 0;

beforeAll(async () => {
  shop = await startShopFor('keeper@kanna.example');
  admin = await signedIn(shop, '10.13.0.1', 'Keeper', 'keeper@kanna.example');
});
afterAll(() => shop?.close());

/** A buyer the admin approved: these tests hold most of a tool's stock, past what others may (buyers.test.ts). */
async function buyer() {
  return approvedBuyer(
    shop,
    admin,
    `10.13.${1 + Math.floor(++n / 250)}.${n % 250}`,
    `Stock Buyer ${n}`,
    `stock.buyer.${n}@kanna.example`,
  );
}
const load = async (id: string) => (await shop.app.inject(`/api/handTools/${id}`)).json();
const order = (c: Client, toolId: string, quantity: number) =>
  c.post('/api/order', { toolId, quantity, phone: '0312345678', address: 'Sapporo' });
const edit = (id: string, payload: object) =>
  admin.request({ method: 'PATCH', url: `/api/handTools/${id}`, payload });

describe('editing stock while orders come in', () => {
  it('keeps a reservation made after the form was loaded: the new quantity applies as a difference', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 50, priceCents: 100 });
    const loaded = (await load(tool._id)).maxQuantity;
    expect(loaded).toBe(50);
    const c = await buyer();
    const placed = await order(c, tool._id, 5);
    expect(placed.statusCode).toBe(201);

    const saved = await edit(tool._id, { maxQuantity: 60, loadedMaxQuantity: loaded });
    expect(saved.statusCode).toBe(200);
    // 10 more than the admin saw, and the 5 reserved stay reserved.
    expect(saved.json().maxQuantity).toBe(55);
    expect((await load(tool._id)).maxQuantity).toBe(55);
    expect((await c.delete(`/api/order/${placed.json().insertedId}`)).json().deletedCount).toBe(1);
    expect((await load(tool._id)).maxQuantity).toBe(60);
  });

  it('applies a reduction as a difference too, and refuses one the reservations no longer leave room for', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 20, priceCents: 100 });
    const c = await buyer();
    expect((await order(c, tool._id, 15)).statusCode).toBe(201);

    const lowered = await edit(tool._id, { maxQuantity: 17, loadedMaxQuantity: 20 });
    expect(lowered.json().maxQuantity).toBe(2);
    const tooFar = await edit(tool._id, { maxQuantity: 0, loadedMaxQuantity: 5, perPrice: 2 });
    expect(tooFar.statusCode).toBe(409);
    expect(tooFar.json().message).toBe(messages.stockMovedSinceLoaded);
    expect(await load(tool._id)).toMatchObject({ maxQuantity: 2, perPrice: 1 });
  });

  it("sets the spec's body (no loaded quantity) as sent, and other edits leave the stock alone", async () => {
    const tool = await addTool(shop, { minQuantity: 2, available: 30, priceCents: 100 });
    const c = await buyer();
    expect((await order(c, tool._id, 4)).statusCode).toBe(201);
    expect((await edit(tool._id, { perPrice: 1.5 })).json()).toMatchObject({
      maxQuantity: 26,
      perPrice: 1.5,
    });
    expect((await edit(tool._id, { maxQuantity: 40 })).json().maxQuantity).toBe(40);
    const belowMinimum = await edit(tool._id, { maxQuantity: 1 });
    expect(belowMinimum.statusCode).toBe(400);
    expect((await edit(tool._id, { loadedMaxQuantity: 40 })).statusCode).toBe(400); // nothing to change
    expect((await load(tool._id)).maxQuantity).toBe(40);
  });

  it('loses no reservation, before the save or at the same moment as it (20 orders)', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 100 });
    const loaded = (await load(tool._id)).maxQuantity;
    const buyers = [await buyer(), await buyer()];
    const at = (i: number) => order(buyers[i % 2] as Client, tool._id, 2);
    // Five orders while the form is open, then the save among fifteen more.
    const before = await Promise.all(Array.from({ length: 5 }, (_, i) => at(i)));
    const results = await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => at(i + 5)),
      edit(tool._id, { maxQuantity: loaded + 100, loadedMaxQuantity: loaded }),
    ]);
    const saved = results.pop();
    expect(saved?.statusCode).toBe(200);
    expect([...before, ...results].every((r) => r.statusCode === 201)).toBe(true);
    expect((await load(tool._id)).maxQuantity).toBe(200 - 20 * 2);
  });
});
