import type { Order } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { pdfText } from '../../test/pdf';
import { documentSettings, signedIn, startShopFor } from '../../test/shopping';

/**
 * Product codes as ordered (decision 0055): an order line keeps its tool's SKU and JAN as they
 * were when it was ordered, and the order's JSON, its page, its documents and the CSV export read
 * them from the line. A line whose tool had no code then has none, whatever the tool has later.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
const ADMIN = 'codes-admin@kanna.example';
const BUYER = 'codes-buyer@kanna.example';
const PLANE = { sku: 'KAN-48', jan: '4901234567894' };
const SAW = { sku: 'SAW-270' };
let plane: string;
let saw: string;
let nomi: string;
/** Three lines: a tool with both codes, one with a SKU only, one with none when ordered. */
let order: Order;
/** One line (kept on the order's own row): the plane. */
let single: Order;
/** One line of the tool that had no codes when it was ordered. */
let plain: Order;

const place = async (lines: { toolId: string; quantity: number }[]) => {
  const placed = await buyer.post('/api/order', {
    lines,
    phone: '0312345678',
    // One line, so each CSV row is one line of text.
    address: '〒111-0051 東京都台東区蔵前1-2-3',
    paymentMethod: 'transfer',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return (await buyer.get(`/api/orders/order/${placed.json().insertedId}`)).json() as Order;
};

const patchTool = async (id: string, payload: Record<string, unknown>) =>
  expect((await admin.request({ method: 'PATCH', url: `/api/handTools/${id}`, payload })).statusCode).toBe(
    200,
  );

beforeAll(async () => {
  shop = await startShopFor(ADMIN, {});
  admin = await signedIn(shop, '10.47.0.1', 'Cody Codes', ADMIN);
  buyer = await signedIn(shop, '10.47.0.2', '山田 花子', BUYER);
  const settings = await admin.put('/api/shop-settings', documentSettings());
  expect(settings.statusCode, settings.body).toBe(200);
  const tool = async (productName: string, productNameJa: string) =>
    (await addTool(shop, { minQuantity: 1, available: 50, priceCents: 1000, productName, productNameJa }))
      ._id;
  plane = await tool('Smoothing plane 70 mm', '平鉋 寸八');
  saw = await tool('Ryoba saw 270 mm', '両刃鋸 二七〇');
  nomi = await tool('Oire nomi 9 mm', '追入鑿 三分');
  await patchTool(plane, PLANE);
  await patchTool(saw, SAW);
  order = await place([
    { toolId: plane, quantity: 1 },
    { toolId: saw, quantity: 2 },
    { toolId: nomi, quantity: 3 },
  ]);
  single = await place([{ toolId: plane, quantity: 1 }]);
  plain = await place([{ toolId: nomi, quantity: 1 }]);
  // After the orders: the plane's codes change and the chisel gets one. The orders keep theirs.
  await patchTool(plane, { sku: 'KAN-48B', jan: '4512345678906' });
  await patchTool(nomi, { sku: 'NOMI-9' });
});
afterAll(() => shop?.close());

describe('an order line keeps its product codes as ordered', () => {
  it('answers them in the order’s JSON for the buyer and the admin; a line without codes has none', async () => {
    for (const [client, url] of [
      [buyer, `/api/orders/order/${order._id}`],
      [admin, `/api/orders/${order._id}`],
    ] as const) {
      const lines = (await client.get(url)).json().lines;
      expect(lines[0]).toMatchObject(PLANE);
      expect(lines[1]).toMatchObject(SAW);
      expect(lines[1]).not.toHaveProperty('jan');
      expect(lines[2]).not.toHaveProperty('sku');
      expect(lines[2]).not.toHaveProperty('jan');
    }
    // A one-line order keeps its line on its own row: the codes are there too.
    const one = (await buyer.get(`/api/orders/order/${single._id}`)).json();
    expect(one.lines).toMatchObject([PLANE]);
    const none = (await buyer.get(`/api/orders/order/${plain._id}`)).json();
    expect(none.lines[0]).not.toHaveProperty('sku');
    // The buyer's list of orders reads the same lines.
    const mine = (await buyer.get(`/api/order/${BUYER}`)).json() as Order[];
    expect(mine.find((o) => o._id === order._id)?.lines[0]).toMatchObject(PLANE);
  });

  it('writes them in the CSV export, a column each, empty where the line had none', async () => {
    const res = await admin.get('/api/order/export.csv');
    expect(res.statusCode).toBe(200);
    const [header = '', ...rows] = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\n');
    const columns = header.split(',');
    expect(columns.slice(columns.indexOf('payment_method') + 1, columns.indexOf('currency'))).toEqual([
      'sku',
      'jan',
    ]);
    const cells = rows.map((r) => Object.fromEntries(r.split(',').map((cell, i) => [columns[i], cell])));
    const of = (id: string) => cells.filter((c) => c.order_id === id).map((c) => [c.line, c.sku, c.jan]);
    expect(of(order._id)).toEqual([
      ['1', PLANE.sku, PLANE.jan],
      ['2', SAW.sku, ''],
      ['3', '', ''],
    ]);
    expect(of(single._id)).toEqual([['1', PLANE.sku, PLANE.jan]]);
    expect(of(plain._id)).toEqual([['1', '', '']]);
  });

  it('prints them on the order’s documents in both languages; an order without codes has no such column', async () => {
    const document = async (id: string, lang: string) => {
      const res = await buyer.get(`/api/orders/${id}/documents/proforma.pdf?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      return (await pdfText(res.rawPayload)).text;
    };
    const en = await document(order._id, 'en');
    for (const text of ['SKU / JAN', PLANE.sku, PLANE.jan, SAW.sku]) expect(en).toContain(text);
    expect(en).not.toContain('KAN-48B');
    const ja = await document(order._id, 'ja');
    for (const text of ['品番・JAN', PLANE.sku, PLANE.jan, SAW.sku]) expect(ja).toContain(text);
    const none = await document(plain._id, 'en');
    expect(none).toContain('Oire nomi 9 mm');
    expect(none).not.toContain('SKU / JAN');
    expect(none).not.toContain('NOMI-9');
  });
});
