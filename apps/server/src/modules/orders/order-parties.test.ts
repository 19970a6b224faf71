import { messages } from '@kanna/shared';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tools } from '../../db/schema';
import { addTool, startTestShop, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { pdfText } from '../../test/pdf';
import { payByCard, SHOP_BANK, signedIn } from '../../test/shopping';

/**
 * The buyer as a business on each order (docs/rules.md, "The buyer's company and address book"):
 * the invoice goes to the billing address, the goods to the delivery address; the documents are
 * issued to the company the order names (the profile's when it names none); the receipt is
 * addressed and described as the buyer chose (宛名, 但し書き); the purchase-order number and the
 * delivery date asked for go onto the order, its documents, its list search and its export.
 */
let shop: TestShop;
let admin: Client;
let tool: string;
let n = 0;
const ADMIN = 'parties-admin@kanna.example';
const buyer = () => {
  n++;
  return signedIn(shop, `10.61.0.${n}`, `Parties Buyer ${n}`, `parties.buyer.${n}@kanna.example`);
};
const TOKYO = { phone: '0312345678', address: '〒101-0047 東京都千代田区内神田2-3 倉庫棟' };
const BILLING = '〒100-0005 東京都千代田区丸の内1-1 本社ビル 経理部';
/** A day `days` from now in the shop's zone (Asia/Tokyo), as the API takes it. */
const dayFromNow = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

async function place(c: Client, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return c.post('/api/order', { ...TOKYO, lines: [{ toolId: tool, quantity: 50 }], ...body }, headers);
}
async function placed(c: Client, body: Record<string, unknown>) {
  const res = await place(c, body);
  expect(res.statusCode, res.body).toBe(201);
  return (await c.get(`/api/orders/${res.json().insertedId}`)).json();
}
const pdf = async (c: Client, id: string, kind: string, lang = '') =>
  (await pdfText((await c.get(`/api/orders/${id}/documents/${kind}.pdf${lang}`)).rawPayload)).text;

beforeAll(async () => {
  shop = await startTestShop({
    env: { ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000', MAX_UNPAID_ORDERS: '100' },
  });
  admin = await signedIn(shop, '10.61.1.1', 'Parties Admin', ADMIN);
  const saved = await admin.put('/api/shop-settings', {
    legalName: 'Kanna Tools K.K.',
    address: '1-2-3 Kuramae, Tokyo',
    bank: SHOP_BANK,
    tax: { enabled: true, ratePercent: 10, country: 'JP' },
    yenPerDollar: 150,
    yenCountries: ['JP'],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  tool = (await addTool(shop, { minQuantity: 1, available: 100_000, priceCents: 1_000, priceYen: 1_500 }))
    ._id;
});
afterAll(() => shop?.close());

describe('an order of a company buyer', () => {
  it('keeps billing and delivery apart, names the company, and carries the PO number and the day asked for', async () => {
    const c = await buyer();
    const asked = dayFromNow(14);
    const parties = {
      billingAddress: BILLING,
      company: '株式会社 大工道具店',
      department: '購買部',
      poNumber: 'PO-2026-0042',
      requestedDate: asked,
      receiptAddressee: '大工道具店 経理部',
      receiptNote: '木工具代として',
    };
    const o = await placed(c, parties);
    // The order carries each as it was sent.
    expect(o).toMatchObject({ currency: 'JPY', address: TOKYO.address, ...parties });
    await payByCard(c, o._id);

    // The invoice goes to the billing address and says where the goods go; the delivery note the other way.
    const invoice = await pdf(c, o._id, 'invoice', '?lang=ja');
    expect(invoice).toContain('本社ビル 経理部');
    expect(invoice).toContain('お届け先：〒101-0047 東京都千代田区内神田2-3 倉庫棟');
    expect(invoice).toContain('株式会社 大工道具店');
    expect(invoice).toContain('購買部 Parties Buyer');
    expect(invoice).toContain('貴社発注番号 PO-2026-0042');
    expect(invoice).toContain('納品希望日');
    const delivery = await pdf(c, o._id, 'delivery-note', '?lang=ja');
    expect(delivery).toContain('倉庫棟');
    expect(delivery).not.toContain('本社ビル');
    expect(delivery).toContain('PO-2026-0042');
    // The receipt: the addressee and the note the buyer chose, in each language.
    const receipt = await pdf(c, o._id, 'receipt', '?lang=ja');
    expect(receipt).toContain('大工道具店 経理部 様');
    expect(receipt).toContain(`但し、木工具代として（ご注文 ${o.number}）`);
    expect(await pdf(c, o._id, 'receipt')).toContain(`For 木工具代として (order ${o.number})`);

    // The admin finds it by its PO number, and the export carries it.
    const found = (await admin.get('/api/order?q=po-2026-0042')).json() as { _id: string }[];
    expect(found.map((f) => f._id)).toEqual([o._id]);
  });

  it('bills the delivery address when the billing address is the same, and addresses the receipt to the profile’s company for goods', async () => {
    const c = await buyer();
    const email = `parties.buyer.${n}@kanna.example`;
    const profile = {
      displayName: `Parties Buyer ${n}`,
      phone: '03-1234-5678',
      city: 'Chiyoda',
      district: 'Tokyo',
    };
    const saved = await c.put(`/api/users/${email}`, {
      ...profile,
      company: '有限会社 鉋屋',
      department: '工務課',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const o = await placed(c, { billingAddress: ` ${TOKYO.address.replace(' ', '  ')} ` });
    expect(o.billingAddress).toBeUndefined();
    // Named by the profile when the order names no company: kept on the order as it was then.
    expect(o).toMatchObject({ company: '有限会社 鉋屋', department: '工務課' });
    await c.put(`/api/users/${email}`, { ...profile, company: '有限会社 新鉋屋' });
    await payByCard(c, o._id);
    const receipt = await pdf(c, o._id, 'receipt', '?lang=ja');
    expect(receipt).toContain('有限会社 鉋屋 様');
    expect(receipt).not.toContain('新鉋屋');
    expect(receipt).toContain(`但し、品代として（ご注文 ${o.number}）`);
    expect(await pdf(c, o._id, 'invoice', '?lang=ja')).not.toContain('お届け先');
  });

  it('names no company, PO number or date when the buyer gives none', async () => {
    const c = await buyer();
    const o = await placed(c, { poNumber: '', requestedDate: '', company: '' });
    for (const field of [
      'billingAddress',
      'company',
      'department',
      'poNumber',
      'requestedDate',
      'receiptNote',
    ])
      expect(o[field], field).toBeUndefined();
  });
});

describe('bad parties', () => {
  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a PO number of 41 characters', { poNumber: 'P'.repeat(41) }, 'poNumber', messages.poNumberInvalid],
    ['a PO number on two lines', { poNumber: 'PO-1\nPO-2' }, 'poNumber', messages.poNumberInvalid],
    [
      'a date that is no day',
      { requestedDate: '2026-02-30' },
      'requestedDate',
      messages.requestedDateInvalid,
    ],
    [
      'a receipt note of 61 characters',
      { receiptNote: 'x'.repeat(61) },
      'receiptNote',
      messages.atMostCharacters(60),
    ],
    [
      'a billing address of 501 characters',
      { billingAddress: 'x'.repeat(501) },
      'billingAddress',
      messages.addressTooLong,
    ],
  ];
  it.each(refusals)(
    'refuses %s (400 on the field, in English and Japanese) and writes nothing',
    async (_, body, path, said) => {
      const c = await buyer();
      const before = (await shop.database.db.select({ n: count() }).from(orders))[0]?.n;
      const res = await place(c, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ path, message: said }));
      const ja = await place(c, body, { 'accept-language': 'ja' });
      expect(ja.statusCode).toBe(400);
      expect(ja.json().errors.find((e: { path: string }) => e.path === path)?.message).toMatch(
        /[ぁ-んァ-ン一-龯]/,
      );
      expect((await shop.database.db.select({ n: count() }).from(orders))[0]?.n).toBe(before);
    },
  );

  it('refuses a delivery date before today or more than a year ahead, saying the edge, and holds no stock', async () => {
    const c = await buyer();
    const before = await stockOf(tool);
    const today = dayFromNow(0);
    const past = await place(c, { requestedDate: dayFromNow(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      key: 'requestedDatePast',
      errors: [{ path: 'requestedDate', message: messages.requestedDatePast(today) }],
    });
    const ja = await place(c, { requestedDate: dayFromNow(-1) }, { 'accept-language': 'ja' });
    expect(ja.json().errors[0].message).toBe(messagesJa.requestedDatePast(today));
    const far = await place(c, { requestedDate: dayFromNow(400) });
    expect(far.statusCode).toBe(400);
    expect(far.json().key).toBe('requestedDateTooFar');
    // Today itself is a day a buyer may ask for.
    expect((await place(c, { requestedDate: today })).statusCode).toBe(201);
    expect(await stockOf(tool)).toBe((before ?? 0) - 50);
  });
});

async function stockOf(id: string): Promise<number | undefined> {
  const [row] = await shop.database.db
    .select({ available: tools.available })
    .from(tools)
    .where(eq(tools.id, id));
  return row?.available;
}

describe('the order as stored', () => {
  it('keeps a PO number of 40 characters whole', async () => {
    const c = await buyer();
    const po = `${'発注'.repeat(19)}AB`;
    const o = await placed(c, { poNumber: po });
    const [row] = await shop.database.db
      .select({ po: orders.poNumber })
      .from(orders)
      .where(eq(orders.id, o._id));
    expect(row?.po).toBe(po);
  });
});
