import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { signedIn, startShopWithOwner } from '../../test/shopping';

/**
 * POST /api/quick-order/resolve (docs/rules.md, "Quick order"): each row of a code and a quantity
 * answered in order, in the reader's language, with the shared rules for unit price, volume
 * breaks, pack size, minimum and stock.
 */
let shop: TestShop;
let buyer: Client;
let plane: string;
let chisel: string;

const coded = (sku: string | null, jan: string | null, over: object = {}) =>
  shop.services.catalog.create({
    productName: `Quick ${sku ?? jan}`,
    productNameJa: `クイック ${sku ?? jan}`,
    description: 'For quick order.',
    kind: 'plane',
    imageId: randomUUID(),
    addedBy: 'owner@kanna.example',
    minQuantity: 10,
    available: 100,
    priceCents: 5000,
    packSize: 5,
    volumePrices: [{ minQuantity: 50, priceCents: 4000 }],
    sku,
    jan,
    ...over,
  });

beforeAll(async () => {
  shop = await startShopWithOwner();
  buyer = await signedIn(shop, '10.45.0.1', 'Quick Buyer', 'quick@kanna.example');
  plane = (await coded('QO-PLANE', '4900000000016'))._id;
  chisel = (await coded('QO-CHISEL', null, { minQuantity: 1, packSize: 1, available: 3, volumePrices: [] }))
    ._id;
  const gone = await coded('QO-GONE', '4512345678906');
  await shop.services.catalog.archive(gone._id);
});
afterAll(() => shop?.close());

const resolve = (rows: object[], headers: Record<string, string> = {}) =>
  buyer.request({ method: 'POST', url: '/api/quick-order/resolve', payload: { rows }, headers });

describe('quick order: resolving rows', () => {
  it('answers every row in order: the tool by SKU (any case, full width) or JAN, its volume price, or its problem', async () => {
    const res = await resolve([
      { code: 'QO-PLANE', quantity: 10 },
      { code: 'qo-plane', quantity: 50 },
      { code: '４９０００００００００１６', quantity: 55 },
      { code: 'QO-PLANE', quantity: 12 },
      { code: 'QO-PLANE', quantity: 5 },
      { code: 'QO-PLANE', quantity: 200 },
      { code: 'QO-CHISEL' },
      { code: 'NOPE-1', quantity: 1 },
      { code: '   ', quantity: 1 },
      { code: '=HYPERLINK("http://evil.example","x")', quantity: 1 },
      { code: 'QO-GONE', quantity: 10 },
      { code: '4512345678906', quantity: 10 },
      { code: 'QO-CHISEL', quantity: 0 },
      { code: 'QO-CHISEL', quantity: 1.5 },
    ]);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toHaveLength(14);
    expect(rows[0]).toEqual({
      row: 1,
      code: 'QO-PLANE',
      toolId: plane,
      productName: 'Quick QO-PLANE',
      quantity: 10,
      packSize: 5,
      minQuantity: 10,
      unitPrice: 50,
      totalPrice: 500,
    });
    expect(rows[1]).toMatchObject({ row: 2, toolId: plane, unitPrice: 40, totalPrice: 2000 });
    expect(rows[1].problem).toBeUndefined();
    expect(rows[2]).toMatchObject({
      row: 3,
      code: '4900000000016',
      toolId: plane,
      unitPrice: 40,
      totalPrice: 2200,
    });
    expect(rows[3]).toMatchObject({ toolId: plane, problem: 'sold in packs of 5: order a multiple of 5' });
    expect(rows[4]).toMatchObject({ toolId: plane, problem: 'below the minimum of 10' });
    expect(rows[5]).toMatchObject({ toolId: plane, problem: 'only 100 left' });
    // No quantity: the tool's minimum.
    expect(rows[6]).toMatchObject({ toolId: chisel, quantity: 1, unitPrice: 50 });
    expect(rows[6].problem).toBeUndefined();
    expect(rows[7]).toEqual({ row: 8, code: 'NOPE-1', problem: 'No tool on sale has the code NOPE-1.' });
    expect(rows[8]).toEqual({ row: 9, code: '', problem: 'Enter a SKU or JAN.' });
    // A formula is a code like any other: it names no tool, and is answered as text.
    expect(rows[9]).toEqual({
      row: 10,
      code: '=HYPERLINK("http://evil.example","x")',
      problem: 'No tool on sale has the code =HYPERLINK("http://evil.example","x").',
    });
    // A tool taken off sale is no longer found by its codes.
    expect(rows[10].toolId).toBeUndefined();
    expect(rows[11]).toMatchObject({ problem: 'No tool on sale has the code 4512345678906.' });
    expect(rows[12]).toMatchObject({
      toolId: chisel,
      problem: 'the quantity must be a whole number of pieces',
    });
    expect(rows[12].unitPrice).toBeUndefined();
    expect(rows[13]).toMatchObject({
      toolId: chisel,
      problem: 'the quantity must be a whole number of pieces',
    });
  });

  it('says names and problems in Japanese to a Japanese reader', async () => {
    const res = await resolve(
      [
        { code: 'QO-PLANE', quantity: 12 },
        { code: 'NOPE-2', quantity: 1 },
        { code: 'QO-CHISEL', quantity: 1 },
      ],
      { 'accept-language': 'ja' },
    );
    const rows = res.json();
    expect(rows[0]).toMatchObject({ productName: 'クイック QO-PLANE' });
    expect(rows[0].problem).toMatch(/5/);
    expect(rows[0].problem).not.toMatch(/packs/);
    expect(rows[1].problem).toBe('コード NOPE-2 の工具は販売されていません。');
    expect(rows[2]).toMatchObject({ productName: 'クイック QO-CHISEL', unitPrice: 50 });
  });

  it('resolves 200 rows at once and refuses 201, and a visitor', async () => {
    const many = Array.from({ length: 200 }, (_, i) => ({
      code: i % 2 ? 'QO-PLANE' : 'UNKNOWN',
      quantity: 10,
    }));
    const ok = await resolve(many);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveLength(200);
    expect(ok.json()[199]).toMatchObject({ row: 200, toolId: plane });
    const tooMany = await resolve([...many, { code: 'QO-PLANE', quantity: 10 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('At most 200 rows can be ordered at once.');
    const visitor = new Client(shop.app, shop.config.publicUrl, '10.45.0.9');
    const anon = await visitor.post('/api/quick-order/resolve', { rows: [] });
    expect(anon.statusCode).toBe(401);
  });
});
