import type { Order } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTool, captureMailer, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { pdfText } from '../../test/pdf';
import { documentSettings, signedIn, startShopFor } from '../../test/shopping';

/**
 * Names kept as ordered (docs/languages.md, "Two languages"): an order line keeps its tool's
 * name in English and in Japanese as they were when it was ordered, and everything that shows the
 * order — its JSON, the buyer's mails, its documents, the admin's search and the CSV export —
 * reads them from the line, in the reader's language.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
const mailer = captureMailer();
const ADMIN = 'names-admin@kanna.example';
const BUYER = 'names-buyer@kanna.example';
const PLANE = { en: 'Smoothing plane 70 mm', ja: '平鉋 寸八' };
const SAW = { en: 'Ryoba saw 270 mm', ja: '両刃鋸 二七〇' };
let plane: string;
let saw: string;
let order: Order;

beforeAll(async () => {
  shop = await startShopFor(ADMIN, {}, mailer);
  admin = await signedIn(shop, '10.42.0.1', 'Nana Names', ADMIN);
  buyer = await signedIn(shop, '10.42.0.2', '山田 花子', BUYER);
  expect((await buyer.put(`/api/users/${BUYER}`, { language: 'ja' })).statusCode).toBe(200);
  const settings = await admin.put('/api/shop-settings', documentSettings());
  expect(settings.statusCode, settings.body).toBe(200);
  plane = (
    await addTool(shop, {
      minQuantity: 1,
      available: 50,
      priceCents: 8450,
      productName: PLANE.en,
      productNameJa: PLANE.ja,
    })
  )._id;
  saw = (
    await addTool(shop, {
      minQuantity: 1,
      available: 50,
      priceCents: 2599,
      productName: SAW.en,
      productNameJa: SAW.ja,
    })
  )._id;
  const placed = await buyer.post('/api/order', {
    lines: [
      { toolId: plane, quantity: 1 },
      { toolId: saw, quantity: 2 },
    ],
    phone: '0312345678',
    address: '〒111-0051\n東京都台東区蔵前1-2-3',
    paymentMethod: 'transfer',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  order = (await buyer.get(`/api/orders/order/${placed.json().insertedId}`)).json() as Order;
  // Renamed after the order: the order keeps the names it was placed with.
  for (const [id, ja] of [
    [plane, '仕上げ鉋（改名）'],
    [saw, '両刃鋸（改名）'],
  ] as const)
    expect(
      (await admin.request({ method: 'PATCH', url: `/api/handTools/${id}`, payload: { productNameJa: ja } }))
        .statusCode,
    ).toBe(200);
});
afterAll(() => shop?.close());

describe('an order line keeps both names as ordered', () => {
  it('answers them in the order’s JSON, for the buyer and the admin', async () => {
    for (const [client, url] of [
      [buyer, `/api/orders/order/${order._id}`],
      [admin, `/api/orders/${order._id}`],
      [buyer, `/api/orders/order/${order._id}`],
    ] as const) {
      const read = (await client.get(url)).json();
      expect(read).toMatchObject({ productName: PLANE.en, productNameJa: PLANE.ja });
      expect(read.lines).toMatchObject([
        { productName: PLANE.en, productNameJa: PLANE.ja },
        { productName: SAW.en, productNameJa: SAW.ja },
      ]);
    }
    const mine = (await buyer.get(`/api/order/${BUYER}`)).json();
    expect(mine.find((o: Order) => o._id === order._id).lines[1]).toMatchObject({ productNameJa: SAW.ja });
  });

  it('finds the order by its Japanese name in the admin’s search', async () => {
    for (const q of [SAW.ja, '平鉋']) {
      const found = (await admin.get(`/api/order?q=${encodeURIComponent(q)}`)).json() as Order[];
      expect(found.map((o) => o._id)).toEqual([order._id]);
    }
  });

  it('writes the CSV’s product in the reader’s language', async () => {
    const ja = await admin.get('/api/order/export.csv', { 'accept-language': 'ja' });
    expect(ja.statusCode).toBe(200);
    expect(ja.body).toContain(PLANE.ja);
    expect(ja.body).toContain(SAW.ja);
    const en = await admin.get('/api/order/export.csv', { 'accept-language': 'en' });
    expect(en.body).toContain(SAW.en);
    expect(en.body).not.toContain(SAW.ja);
  });

  it('prints them on its documents in the document’s language', async () => {
    const document = async (lang: string) => {
      const res = await buyer.get(`/api/orders/${order._id}/documents/proforma.pdf?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      return (await pdfText(res.rawPayload)).text;
    };
    const ja = await document('ja');
    expect(ja).toContain(PLANE.ja);
    expect(ja).toContain(SAW.ja);
    const en = await document('en');
    expect(en).toContain(PLANE.en);
    expect(en).not.toContain(PLANE.ja);
  });

  it('names them in the Japanese buyer’s mails', async () => {
    const mail = await vi.waitFor(() => {
      const found = mailer.sent.find((m) => m.to === BUYER && String(m.subject).includes(order.number));
      expect(found).toBeDefined();
      return found as { text: string; html: string };
    });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(PLANE.ja);
      expect(body).toContain(SAW.ja);
      expect(body).not.toContain(SAW.en);
    }
  });
});
