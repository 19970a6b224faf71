import { messages } from '@kanna/shared';
import { getOrderDocument } from '@kanna/shared/api/orders';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTool, captureMailer, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { pdfText } from '../../test/pdf';
import {
  documentSettings,
  jpegPhoto,
  payByCard,
  placeOrder,
  signedIn,
  startShopFor,
  uploadImage,
} from '../../test/shopping';

/**
 * An order's documents (docs/orders.md, "Documents"): PDFs for its buyer and admins, each
 * in the states that have it, read back as text the way a bookkeeper's software reads them.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
let stranger: Client;
const mailer = captureMailer();
const ADMIN = 'documents-admin@kanna.example';
const DOCUMENTS_PER_ACCOUNT_PER_MINUTE = getOrderDocument.perAccountPerMinute ?? Number.POSITIVE_INFINITY;
const DOCUMENTS_PER_ADDRESS_PER_MINUTE = getOrderDocument.perMinute ?? Number.POSITIVE_INFINITY;

const JAPANESE_TOOL = '鉋 寸八';
const JAPANESE_ADDRESS = ['〒111-0051', '東京都台東区蔵前1-2-3 カンナビル4階'];
/** An export goes to an address abroad: one in Japan is refused for another country. */
const US_ADDRESS = ['350 Fifth Avenue', 'New York, NY 10118'];

const settings = (over: Record<string, unknown> = {}) =>
  documentSettings({
    shippingZones: [
      { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: null },
      { name: 'Everywhere else', countries: 'rest-of-world', rate: 40, freeFrom: null },
    ],
    transferHoldDays: 7,
    yenPerDollar: 150.25,
    ...over,
  });
const saveSettings = async (over: Record<string, unknown> = {}) =>
  expect((await admin.put('/api/shop-settings', settings(over))).statusCode).toBe(200);

let plane: string;
let saw: string;

beforeAll(async () => {
  shop = await startShopFor(ADMIN, { MAX_UNPAID_ORDERS: '50' }, mailer);
  admin = await signedIn(shop, '10.41.0.1', 'Dai Documents', ADMIN);
  buyer = await signedIn(shop, '10.41.0.2', '山田 太郎', 'documents-buyer@kanna.example');
  stranger = await signedIn(shop, '10.41.0.3', 'Other Buyer', 'documents-other@kanna.example');
  await saveSettings();
  plane = await addJapaneseTool();
  saw = (
    await addTool(shop, { minQuantity: 1, available: 500, priceCents: 2599, productName: 'Ryoba saw 270 mm' })
  )._id;
});
afterAll(() => shop?.close());

/** The tool with a Japanese name, added as an admin adds one: a picture, then the product. */
async function addJapaneseTool(): Promise<string> {
  const media = await uploadImage(admin, 'kanna.jpg', await jpegPhoto(640, 480, '#806040'));
  const res = await admin.post('/api/handTools', {
    productName: JAPANESE_TOOL,
    description: 'A smoothing plane with a 70 mm blade.',
    minQuantity: 1,
    maxQuantity: 500,
    perPrice: 84.5,
    img: media.json().data.url,
  });
  expect(res.statusCode).toBe(201);
  return res.json().insertedId as string;
}

/** Three planes and two saws ($305.48 of goods) to `country`; the order's JSON as its page reads it. */
async function place(extra: Record<string, unknown> = {}, by = buyer) {
  const res = await by.post('/api/order', {
    lines: [
      { toolId: plane, quantity: 3 },
      { toolId: saw, quantity: 2 },
    ],
    phone: '0312345678',
    address: JAPANESE_ADDRESS.join('\n'),
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return (await by.get(`/api/orders/${res.json().insertedId}`)).json();
}

/** Pays by card as the payment page does in test mode. */
async function pay(orderId: string, by = buyer) {
  await payByCard(by, orderId);
  return (await by.get(`/api/orders/${orderId}`)).json();
}

const url = (id: string, kind: string) => `/api/orders/${id}/documents/${kind}.pdf`;

/** Downloads a document (in the language `query` asks for, if any): 200, a PDF named after the order, never cached; its text. */
async function download(client: Client, order: { _id: string; number: string }, kind: string, query = '') {
  const res = await client.get(`${url(order._id, kind)}${query}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.number}-${kind}.pdf"`);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const { pages, text } = await pdfText(res.rawPayload);
  expect(pages).toBe(1);
  return text;
}

/** A day as the documents write it, in the shop's time zone: `21 Nov 2026`. */
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Tokyo',
  }).format(new Date(iso));

describe('an unpaid order', () => {
  it('has a pro-forma invoice: bank details, the order number as reference, amount due, valid until the hold ends', async () => {
    const order = await place({ paymentMethod: 'transfer' });
    const text = await download(buyer, order, 'proforma');
    expect(text).toContain('Pro-forma invoice');
    expect(text).toContain(`Order ${order.number}`);
    expect(text).toContain(`Amount due $352.52`);
    expect(text).toContain(`Reference ${order.number}`);
    expect(text).toContain(`Valid until ${day(order.holdUntil)}`);
    for (const fact of ['Mizuho Bank', 'Kuramae', '7654321', 'MHCBJPJT', 'Kanna Tools K.K.'])
      expect(text).toContain(fact);
    expect(text).toContain(`${JAPANESE_TOOL} 3 $84.50 $253.50`);
    expect(text).toContain('Ryoba saw 270 mm 2 $25.99 $51.98');
    expect(text).toContain('Goods $305.48 Shipping $15.00 Consumption tax 10% $32.04 Total $352.52');
    expect(text).toContain(JAPANESE_ADDRESS.join(' '));
    expect(text).toContain('山田 太郎');
    // Not a tax invoice: no registration number on it.
    expect(text).not.toContain('T1234567890123');
  });

  it('has no invoice, receipt or delivery note yet: 409, saying when it exists', async () => {
    const order = await place();
    for (const kind of ['invoice', 'receipt', 'delivery-note'] as const) {
      const res = await buyer.get(url(order._id, kind));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ statusCode: 409, message: messages.documentNotIssued[kind] });
    }
  });

  it('has no documents once cancelled', async () => {
    const order = await place();
    expect((await buyer.delete(`/api/order/${order._id}`)).statusCode).toBe(200);
    const res = await buyer.get(url(order._id, 'proforma'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.documentNotIssued.proforma);
  });
});

describe('a paid order', () => {
  let order: { _id: string; number: string; paidAt: string; createdAt: string };
  beforeAll(async () => {
    order = await pay((await place())._id);
  });

  it('has a qualified invoice: issuer and number, dates, buyer, lines at their rate, totals and tax per rate, tax in yen at the stated rate', async () => {
    const text = await download(buyer, order, 'invoice');
    expect(text).toContain('Qualified invoice');
    expect(text).toContain('Kanna Tools K.K.');
    expect(text).toContain('登録番号 T1234567890123');
    expect(text).toContain(`Date of issue ${day(order.paidAt)}`);
    expect(text).toContain(`Order date ${day(order.createdAt)}`);
    expect(text).toContain('山田 太郎');
    expect(text).toContain(`${JAPANESE_TOOL} 3 $84.50 10% $253.50`);
    expect(text).toContain('Ryoba saw 270 mm 2 $25.99 10% $51.98');
    expect(text).toContain('Goods $305.48 Shipping $15.00 Consumption tax 10% $32.04 Total $352.52');
    // One rate: goods and shipping $320.48, tax $32.04 = ¥4,814 at ¥150.25 (4,814.01, rounded down).
    expect(text).toContain('Totals by tax rate');
    expect(text).toContain('10% $320.48 $32.04 ¥4,814');
    expect(text).toContain('¥150.25 per US$1');
    expect(text).toContain(`Paid by card on ${day(order.paidAt)}`);
  });

  it('has a receipt: amount received, method, date, paid', async () => {
    const text = await download(buyer, order, 'receipt');
    expect(text).toContain('Receipt');
    expect(text).toContain('Amount received $352.52');
    expect(text).toContain(`Paid For goods (order ${order.number})`);
    expect(text).toMatch(new RegExp(`${day(order.paidAt)} Card \\S+ \\$352\\.52`));
    expect(text).toContain('登録番号 T1234567890123');
    expect(text).toContain('Test payment: no real money moved.');
  });

  it('has a delivery note: lines and quantities, the delivery address, no prices', async () => {
    const text = await download(buyer, order, 'delivery-note');
    expect(text).toContain('Delivery note');
    expect(text).toContain(`Deliver to 山田 太郎 ${JAPANESE_ADDRESS.join(' ')} Japan`);
    expect(text).toContain(`${JAPANESE_TOOL} 3`);
    expect(text).toContain('Ryoba saw 270 mm 2');
    expect(text).toContain('5 pieces in 2 lines');
    expect(text).toContain('Not shipped yet');
    expect(text).not.toContain('$');
  });

  it('has no pro-forma any more', async () => {
    const res = await buyer.get(url(order._id, 'proforma'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.documentNotIssued.proforma);
  });

  it('gives admins every document of it', async () => {
    for (const kind of ['invoice', 'receipt', 'delivery-note'])
      expect(await download(admin, order, kind)).toContain(order.number);
  });

  it('keeps its documents once shipped; the delivery note names the carrier and tracking number', async () => {
    const shipped = await admin.request({
      method: 'PATCH',
      url: `/api/order/${order._id}/ship`,
      payload: { carrier: 'ヤマト運輸', trackingNumber: '4512-3456-7890' },
    });
    expect(shipped.statusCode).toBe(200);
    const text = await download(buyer, order, 'delivery-note');
    expect(text).toContain(`Shipped ${day(shipped.json().shippedAt)}`);
    expect(text).toContain('Carrier ヤマト運輸 Tracking number 4512-3456-7890');
    expect(await download(buyer, order, 'invoice')).toContain('Total $352.52');
  });
});

describe('a paid order cancelled and refunded', () => {
  it('keeps the invoice, receipt and delivery note it was issued, as they were; no pro-forma', async () => {
    const order = await pay((await place())._id);
    const cancelled = await admin.post(`/api/orders/${order._id}/cancel`, {
      reason: 'Cannot ship to this address',
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: 352.52 });
    expect(await download(buyer, order, 'invoice')).toContain('Total $352.52');
    expect(await download(admin, order, 'invoice')).toContain(`Date of issue ${day(order.paidAt)}`);
    const receipt = await download(buyer, order, 'receipt');
    expect(receipt).toContain('Amount received $352.52');
    expect(receipt).toMatch(new RegExp(`${day(order.paidAt)} Card \\S+ \\$352\\.52`));
    expect(await download(buyer, order, 'delivery-note')).toContain('5 pieces in 2 lines');
    const proforma = await buyer.get(url(order._id, 'proforma'));
    expect(proforma.statusCode).toBe(409);
    expect(proforma.json().message).toBe(messages.documentNotIssued.proforma);
  });
});

describe('an order paid by bank transfer', () => {
  const record = async (id: string, amount: number, receivedOn: string, reference: string) =>
    expect(
      (await admin.post(`/api/orders/${id}/payments`, { amount, receivedOn, reference })).statusCode,
    ).toBe(201);

  it('shows what arrived on the pro-forma, then lists each transfer on the receipt and names the method on the invoice', async () => {
    const order = await place({ paymentMethod: 'transfer' });
    // The money arrived today in the shop's time zone (it cannot have arrived before the order).
    const today = new Date();
    const receivedOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(today);
    await record(order._id, 200, receivedOn, 'YAMADA WOODWORKS');
    const proforma = await download(buyer, order, 'proforma');
    expect(proforma).toContain('Balance due $152.52 Received so far $200.00');
    await record(order._id, 152.52, receivedOn, `YAMADA ${order.number}`);
    const receipt = await download(buyer, order, 'receipt');
    expect(receipt).toContain('Amount received $352.52');
    expect(receipt).toContain(`${day(today.toISOString())} Bank transfer YAMADA WOODWORKS $200.00`);
    expect(receipt).toContain(`${day(today.toISOString())} Bank transfer YAMADA ${order.number} $152.52`);
    expect(receipt).not.toContain('Test payment');
    expect(await download(buyer, order, 'invoice')).toContain('Paid by bank transfer on');
  });
});

describe('who may have them', () => {
  it('refuses another buyer (403), a signed-out visitor (401), an unknown order (404) and an unknown document (400)', async () => {
    const order = await place();
    const other = await stranger.get(url(order._id, 'proforma'));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: 'forbidden',
      key: 'documentOtherBuyer',
      params: [],
      message: messages.documentOtherBuyer,
    });
    expect(other.body).not.toContain(order.number);
    const signedOut = await shop.app.inject(url(order._id, 'proforma'));
    expect(signedOut.statusCode).toBe(401);
    expect((await buyer.get(url('00000000-0000-4000-8000-000000000000', 'proforma'))).statusCode).toBe(404);
    expect((await buyer.get(url(order._id, 'quote'))).statusCode).toBe(400);
  });
});

describe('tax as the settings have it', () => {
  it('writes an export as tax exempt, with no consumption tax', async () => {
    const order = await pay((await place({ country: 'US', address: US_ADDRESS.join('\n') }))._id);
    const text = await download(buyer, order, 'invoice');
    expect(text).toContain('Export — tax exempt (輸出免税) $0.00');
    expect(text).toContain('Goods $305.48 Shipping $40.00');
    expect(text).toContain('Total $345.48');
    expect(text).toContain(`${JAPANESE_TOOL} 3 $84.50 Exempt $253.50`);
    expect(text).not.toContain('Consumption tax');
  });

  it('says that no yen rate is set, and prints no yen', async () => {
    await saveSettings({ yenPerDollar: null });
    try {
      const order = await pay((await place())._id);
      const text = await download(buyer, order, 'invoice');
      expect(text).toContain('Consumption tax 10% $32.04');
      expect(text).toContain('No yen rate is set');
      expect(text).not.toContain('¥');
    } finally {
      await saveSettings();
    }
  });

  it('prints no tax lines with tax off, and a plain invoice without a registration number', async () => {
    await saveSettings({ tax: { enabled: false, ratePercent: 10, country: 'JP' }, registrationNumber: '' });
    try {
      const order = await pay((await place())._id);
      const text = await download(buyer, order, 'invoice');
      expect(text).toContain('Invoice');
      expect(text).not.toContain('Qualified invoice');
      expect(text).not.toContain('登録番号');
      expect(text).toContain('Goods $305.48 Shipping $15.00 Total $320.48');
      expect(text).not.toMatch(/tax/i);
      expect(text).toContain(`${JAPANESE_TOOL} 3 $84.50 $253.50`);
    } finally {
      await saveSettings();
    }
  });
});

describe('the mails that concern them', () => {
  /** The links to documents in the buyer's mail whose subject matches, once it was handed over. */
  async function documentLinks(subject: RegExp): Promise<string[]> {
    const mail = await vi.waitFor(() => {
      const found = mailer.sent.findLast(
        (m) => m.to === 'documents-buyer@kanna.example' && subject.test(m.subject),
      );
      if (!found) throw new Error(`no mail ${subject}`);
      return found;
    });
    const links = [...mail.text.matchAll(/^(.+) \(PDF\): (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    // The HTML part links the same documents.
    for (const link of links) expect(mail.html).toContain(link.split(' ').at(-1));
    return links;
  }
  const at = (order: { _id: string }, kind: string) => `${shop.config.publicUrl}${url(order._id, kind)}`;

  it('links a transfer order’s pro-forma when it is placed, the invoice and receipt once paid, the delivery note once shipped; each opens', async () => {
    const transfer = await place({ paymentMethod: 'transfer' });
    expect(await documentLinks(new RegExp(`^Order ${transfer.number} placed`))).toEqual([
      `Pro-forma invoice ${at(transfer, 'proforma')}`,
    ]);
    const card = await place();
    expect(await documentLinks(new RegExp(`^Order ${card.number} placed`))).toEqual([]);
    await pay(card._id);
    expect(await documentLinks(new RegExp(`^Order ${card.number}: payment received`))).toEqual([
      `Invoice ${at(card, 'invoice')}`,
      `Receipt ${at(card, 'receipt')}`,
    ]);
    expect((await admin.request({ method: 'PATCH', url: `/api/order/${card._id}/ship` })).statusCode).toBe(
      200,
    );
    const shipped = await documentLinks(new RegExp(`^Order ${card.number} has shipped`));
    expect(shipped).toEqual([`Delivery note ${at(card, 'delivery-note')}`]);
    // What the buyer, signed in, finds behind the links.
    expect(await download(buyer, transfer, 'proforma')).toContain(transfer.number);
    expect(await download(buyer, card, 'delivery-note')).toContain(card.number);
  });
});

describe('in the buyer’s language', () => {
  let japaneseBuyer: Client;
  let paid: { _id: string; number: string; paidAt: string; createdAt: string };
  /** A day as the Japanese documents write it, in the shop's time zone: `2026年11月21日`. */
  const jaDay = (iso: string) =>
    new Intl.DateTimeFormat('ja-JP', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Tokyo',
    }).format(new Date(iso));
  beforeAll(async () => {
    japaneseBuyer = await signedIn(shop, '10.41.0.4', '山田 太郎', 'documents-ja@kanna.example');
    const chosen = await japaneseBuyer.put('/api/users/documents-ja@kanna.example', { language: 'ja' });
    expect(chosen.statusCode).toBe(200);
    paid = await pay((await place({}, japaneseBuyer))._id, japaneseBuyer);
  });

  it('gives a Japanese buyer a Japanese qualified invoice: 適格請求書, the labels, dates and the address the Japanese way', async () => {
    const text = await download(japaneseBuyer, paid, 'invoice');
    expect(text).toContain('適格請求書');
    expect(text).toContain(`注文番号 ${paid.number}`);
    expect(text).toContain('登録番号 T1234567890123');
    expect(text).toContain(`発行日 ${jaDay(paid.paidAt)}`);
    expect(text).toContain(`ご注文日 ${jaDay(paid.createdAt)}`);
    // The address first, as typed (its postal code leading), then the name with 様; no country for Japan.
    expect(text).toContain(`請求先 ${JAPANESE_ADDRESS.join(' ')} 山田 太郎 様`);
    expect(text).toContain('品名 数量 単価 税率 金額');
    expect(text).toContain(`${JAPANESE_TOOL} 3 $84.50 10% $253.50`);
    expect(text).toContain('小計 $305.48 送料 $15.00 消費税（10%） $32.04 合計 $352.52');
    expect(text).toContain('税率ごとの内訳');
    expect(text).toContain('10% $320.48 $32.04 ¥4,814');
    expect(text).toContain('US$1 = ¥150.25');
    expect(text).toContain(`${jaDay(paid.paidAt)}にクレジットカードにてお支払いいただきました。`);
    for (const english of ['Qualified invoice', 'Total', 'Goods', 'Buyer', 'Japan', 'Order date'])
      expect(text).not.toContain(english);
  });

  it('gives the same in Japanese to an admin, and in English to whoever asks with ?lang=en', async () => {
    const forAdmin = await download(admin, paid, 'invoice');
    expect(forAdmin).toContain('適格請求書');
    expect(forAdmin).toContain('合計 $352.52');
    for (const client of [admin, japaneseBuyer]) {
      const english = await download(client, paid, 'invoice', '?lang=en');
      expect(english).toContain('Qualified invoice');
      expect(english).toContain('Goods $305.48 Shipping $15.00 Consumption tax 10% $32.04 Total $352.52');
      expect(english).toContain(`Buyer 山田 太郎 ${JAPANESE_ADDRESS.join(' ')} Japan`);
      expect(english).not.toContain('合計');
      expect(english).not.toContain('様');
    }
  });

  it('writes the receipt and the delivery note in Japanese too', async () => {
    const receipt = await download(japaneseBuyer, paid, 'receipt');
    expect(receipt).toContain('領収書');
    expect(receipt).toContain('領収金額 $352.52');
    expect(receipt).toContain(`領収済み 但し、品代として（ご注文 ${paid.number}）`);
    expect(receipt).toMatch(new RegExp(`${jaDay(paid.paidAt)} クレジットカード \\S+ \\$352\\.52`));
    expect(receipt).toContain('上記の金額を正に領収いたしました。');
    const note = await download(japaneseBuyer, paid, 'delivery-note');
    expect(note).toContain(`納品書`);
    expect(note).toContain(`お届け先 ${JAPANESE_ADDRESS.join(' ')} 山田 太郎 様`);
    expect(note).toContain('未発送');
    expect(note).toContain('合計 5 点（2 品目）');
    expect(note).not.toContain('$');
  });

  it('gives a Japanese pro-forma for a transfer, naming the country of an export', async () => {
    const order = await place(
      { paymentMethod: 'transfer', country: 'US', address: US_ADDRESS.join('\n') },
      japaneseBuyer,
    );
    const text = await download(japaneseBuyer, order, 'proforma');
    expect(text).toContain('プロフォーマ請求書');
    expect(text).toContain(`振込参照番号 ${order.number}`);
    expect(text).toContain('お振込先');
    expect(text).toContain(`お振込みの際は、ご依頼人名の前に「${order.number}」とご入力ください。`);
    expect(text).toContain(`${US_ADDRESS.join(' ')} アメリカ合衆国 山田 太郎 様`);
    expect(text).toContain('輸出免税 $0.00');
  });

  it('gives an English buyer English, unless ?lang=ja asks for Japanese; refuses another language', async () => {
    const order = await pay((await place())._id);
    const english = await download(buyer, order, 'invoice');
    expect(english).toContain('Total $352.52');
    for (const japanese of ['合計', '請求先', '品名', '様']) expect(english).not.toContain(japanese);
    expect(await download(admin, order, 'invoice', '?lang=ja')).toContain('合計 $352.52');
    const refused = await buyer.get(`${url(order._id, 'invoice')}?lang=fr`);
    expect(refused.statusCode).toBe(400);
  });
});

describe('downloads in a burst', () => {
  it('refuses an account more than its share a minute with 429, a message and Retry-After; others still download', async () => {
    const limited = await signedIn(shop, '10.41.1.1', 'Burst Buyer', 'documents-burst@kanna.example');
    const order = await place({}, limited);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<Client['get']>> | null = null;
    for (let i = 0; i < 40 && !refused; i++) {
      // Each from its own address: the account's own limit, not its address's.
      const elsewhere = new Client(shop.app, shop.config.publicUrl, `10.41.2.${i + 1}`);
      elsewhere.cookies = limited.cookies;
      const res = await elsewhere.get(url(order._id, 'proforma'));
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refused = res;
    }
    expect(refused, `statuses: ${statuses.join(',')}`).not.toBeNull();
    expect(statuses.filter((s) => s === 200).length).toBe(DOCUMENTS_PER_ACCOUNT_PER_MINUTE);
    expect(refused?.json()).toMatchObject({ statusCode: 429, message: messages.tooManyRequests });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.headers['content-type']).toMatch(/^application\/json/);
    // Another buyer is not held back by it.
    const other = await place({}, stranger);
    await download(stranger, other, 'proforma');
  });

  it('refuses a client address more than its share a minute with 429, a message and Retry-After', async () => {
    const address = '10.41.3.1';
    const accounts: Client[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await signedIn(shop, address, `Shared Address ${i}`, `documents-shared-${i}@kanna.example`);
      accounts.push(c);
    }
    const orders = await Promise.all(accounts.map((c) => place({}, c)));
    let ok = 0;
    let refused: Awaited<ReturnType<Client['get']>> | null = null;
    for (let i = 0; i < 200 && !refused; i++) {
      const n = i % accounts.length;
      const res = await (accounts[n] as Client).get(url((orders[n] as { _id: string })._id, 'proforma'));
      if (res.statusCode === 200) ok++;
      else refused = res;
    }
    expect(ok).toBe(DOCUMENTS_PER_ADDRESS_PER_MINUTE);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json()).toMatchObject({ statusCode: 429, message: messages.tooManyRequests });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("takes an operator's DOCUMENT_RATE_LIMIT in place of the contract's limits", async () => {
    const own = await startTestShop({ env: { DOCUMENT_RATE_LIMIT: '2', AUTH_RATE_LIMIT: '1000' } });
    try {
      const c = await signedIn(own, '10.41.4.1', 'Own Limit', 'documents-own@kanna.example');
      const tool = await addTool(own, { minQuantity: 1, available: 5, priceCents: 1000 });
      const id = await placeOrder(c, tool._id, 1);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await c.get(url(id, 'proforma'))).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await own.close();
    }
  });
});
