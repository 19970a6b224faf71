import { messages } from '@kanna/shared';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, testPaymentIntents } from '../../db/schema';
import { addTool, startTestShop, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { pdfText } from '../../test/pdf';
import { buyerSeries, payByCard, SHOP_BANK, saveSettings, signedIn, yenInJapan } from '../../test/shopping';

/**
 * Yen and dollars (docs/rules.md, "Yen and dollars"): a delivery to a country the settings price
 * in yen is a yen order — priced, taxed, charged by card, paid by transfer, refunded and listed in
 * whole yen — while every other destination stays a dollar order; the server alone decides which.
 */
let shop: TestShop;
let admin: Client;
const ADMIN = 'yen-admin@kanna.example';
const buyer = buyerSeries(() => shop, '10.57.0', 'Yen Buyer', 'yen.buyer');

/** Japan pays in yen at ¥150 to the dollar; 10 % tax in Japan; one shipping zone for Japan, one for the rest. */
const settings = (over: Record<string, unknown> = {}) =>
  yenInJapan({
    bank: SHOP_BANK,
    shippingZones: [
      { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500 },
      { name: 'World', countries: 'rest-of-world', rate: 40, freeFrom: null },
    ],
    ...over,
  });
const save = (body: object) => saveSettings(admin, body);

const TOKYO = { phone: '0312345678', address: '2-3 Kanda, Chiyoda-ku, Tokyo' };
const SEATTLE = { phone: '+12065550100', address: '100 Pine St, Seattle WA', country: 'US' };

async function placed(c: Client, body: Record<string, unknown>) {
  const res = await c.post('/api/order', body);
  expect(res.statusCode, res.body).toBe(201);
  return (await c.get(`/api/orders/${res.json().insertedId}`)).json();
}

let derived: string; // $12.35, $11.00 from 10: derived yen ¥1,860 and ¥1,650
let explicit: string; // $10 and ¥1,234 set by the owner, ¥1,111 from 10
beforeAll(async () => {
  shop = await startTestShop({
    env: { ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000', MAX_UNPAID_ORDERS: '100', MAX_UNPAID_VALUE: '1000' },
  });
  admin = await signedIn(shop, '10.57.1.1', 'Yoko Yen', ADMIN);
  await save(settings());
  derived = (
    await addTool(shop, {
      minQuantity: 1,
      available: 100_000,
      priceCents: 1_235,
      volumePrices: [{ minQuantity: 10, priceCents: 1_100 }],
    })
  )._id;
  explicit = (
    await addTool(shop, {
      minQuantity: 1,
      available: 100_000,
      priceCents: 1_000,
      priceYen: 1_234,
      volumePricesYen: [{ minQuantity: 10, priceCents: 1_111 }],
    })
  )._id;
});
afterAll(() => shop?.close());

describe('the currency of an order', () => {
  it('is yen for a delivery to Japan: derived and explicit yen prices at each volume break, whole yen on the wire', async () => {
    const c = await buyer();
    const o = await placed(c, {
      ...TOKYO,
      lines: [
        { toolId: derived, quantity: 1 },
        { toolId: explicit, quantity: 10 },
      ],
    });
    expect(o).toMatchObject({ currency: 'JPY', country: 'JP' });
    // $12.35 × 150 = ¥1,852.5, rounded up to ¥1,860; the owner's ¥1,111 from 10 pieces.
    expect(o.lines).toMatchObject([
      { quantity: 1, perPrice: 1_860, totalPrice: 1_860 },
      { quantity: 10, perPrice: 1_111, totalPrice: 11_110 },
    ]);
    // Shipping $15 → ¥2,250 (free from $500 → ¥75,000); tax 10 % of goods and shipping, rounded down once.
    expect(o).toMatchObject({ totalPrice: 12_970, shippingPrice: 2_250, taxPrice: 1_522, amountDue: 16_742 });
  });

  it('derives a volume break from the dollar one, and uses the explicit yen price below its break', async () => {
    const c = await buyer();
    const o = await placed(c, {
      ...TOKYO,
      lines: [
        { toolId: derived, quantity: 10 },
        { toolId: explicit, quantity: 9 },
      ],
    });
    // $11.00 × 150 = ¥1,650; ¥1,234 below the owner's break.
    expect(o.lines).toMatchObject([{ perPrice: 1_650 }, { perPrice: 1_234 }]);
  });

  it('stays dollars for a delivery abroad, with the dollar prices and no tax', async () => {
    const c = await buyer();
    const o = await placed(c, { ...SEATTLE, lines: [{ toolId: derived, quantity: 10 }] });
    expect(o).toMatchObject({
      currency: 'USD',
      lines: [{ perPrice: 11 }],
      totalPrice: 110,
      shippingPrice: 40,
      taxPrice: 0,
      amountDue: 150,
    });
  });

  it('refuses (409) a client that priced a yen order in dollars, or names another currency, in the reader’s language', async () => {
    const c = await buyer();
    const inDollars = await c.post('/api/order', { ...TOKYO, toolId: derived, quantity: 1, perPrice: 12.35 });
    expect(inDollars.statusCode).toBe(409);
    expect(inDollars.json().message).toBe(messages.priceChanged);
    const named = await c.post('/api/order', {
      ...TOKYO,
      lines: [{ toolId: derived, quantity: 1 }],
      currency: 'USD',
    });
    expect(named.statusCode).toBe(409);
    expect(named.json().errors).toMatchObject([{ path: 'currency', message: messages.currencyIs('JPY') }]);
    const ja = await c.request({
      method: 'POST',
      url: '/api/order',
      payload: { ...SEATTLE, lines: [{ toolId: derived, quantity: 1 }], currency: 'JPY' },
      headers: { 'accept-language': 'ja' },
    });
    expect(ja.statusCode).toBe(409);
    expect(ja.json().message).toBe(messagesJa.currencyIs('USD'));
    const right = await c.post('/api/order', {
      ...TOKYO,
      toolId: derived,
      quantity: 1,
      perPrice: 1_860,
      currency: 'JPY',
    });
    expect(right.statusCode, right.body).toBe(201);
  });

  it('rounds tax once per order: three lines that would round differently one by one', async () => {
    await save(settings({ shippingZones: [] }));
    try {
      const c = await buyer();
      const tool = (await addTool(shop, { minQuantity: 1, available: 100, priceCents: 100, priceYen: 105 }))
        ._id;
      const other = (await addTool(shop, { minQuantity: 1, available: 100, priceCents: 100, priceYen: 105 }))
        ._id;
      const third = (await addTool(shop, { minQuantity: 1, available: 100, priceCents: 100, priceYen: 105 }))
        ._id;
      const lines = [tool, other, third].map((toolId) => ({ toolId, quantity: 1 }));
      // ¥10.5 a line would be ¥10 three times (¥30) rounded down each, ¥33 rounded to nearest each.
      expect(await placed(c, { ...TOKYO, lines })).toMatchObject({
        totalPrice: 315,
        taxPrice: 31,
        amountDue: 346,
      });
      await save(
        settings({
          shippingZones: [],
          tax: { enabled: true, ratePercent: 10, country: 'JP', rounding: 'nearest' },
        }),
      );
      expect(await placed(c, { ...TOKYO, lines })).toMatchObject({ taxPrice: 32, amountDue: 347 });
      await save(
        settings({
          shippingZones: [],
          tax: { enabled: true, ratePercent: 10, country: 'JP', rounding: 'up' },
        }),
      );
      expect(await placed(c, { ...TOKYO, lines })).toMatchObject({ taxPrice: 32, amountDue: 347 });
    } finally {
      await save(settings());
    }
  });

  it('is dollars everywhere in a shop that prices no country in yen, as the spec’s shop', async () => {
    await save(settings({ yenCountries: [] }));
    try {
      const c = await buyer();
      const o = await placed(c, { ...TOKYO, toolId: derived, quantity: 1, perPrice: 12.35 });
      expect(o).toMatchObject({ currency: 'USD', perPrice: 12.35, shippingPrice: 15 });
    } finally {
      await save(settings());
    }
  });

  it('refuses yen countries without a yen rate (400, the rate named)', async () => {
    const res = await admin.put('/api/shop-settings', settings({ yenPerDollar: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject([
      { path: 'yenPerDollar', message: messages.yenRateNeededForYen },
    ]);
  });
});

describe('the catalogue', () => {
  it('answers each tool’s yen prices with the tax a delivery in Japan pays, at the rate as it is now', async () => {
    const one = async () =>
      (await shop.app.inject(`/api/handTools/${derived}`)).json() as { perPrice: number; yen?: unknown };
    expect(await one()).toMatchObject({
      perPrice: 12.35,
      yen: { perPrice: 1_860, volumePrices: [{ minQuantity: 10, perPrice: 1_650 }], taxRatePercent: 10 },
    });
    const list = (await shop.app.inject('/api/handTools?limit=200')).json() as {
      _id: string;
      yen?: unknown;
    }[];
    expect(list.find((t) => t._id === explicit)).toMatchObject({
      yen: { perPrice: 1_234, volumePrices: [{ minQuantity: 10, perPrice: 1_111 }] },
    });
    // A new rate reaches the cached catalogue at once; a dollar shop answers no yen.
    await save(settings({ yenPerDollar: 160 }));
    try {
      expect(await one()).toMatchObject({ yen: { perPrice: 1_980 } });
      await save(settings({ yenCountries: [] }));
      expect(await one()).not.toHaveProperty('yen');
    } finally {
      await save(settings());
    }
  });
});

describe('a buyer with a price list', () => {
  it('pays 85 % of the yen prices too, in the catalogue and on the order, and may not send the list price', async () => {
    const list = await admin.post('/api/price-lists', { name: 'Yen trade 85', percent: 85, fixedPrices: [] });
    expect(list.statusCode, list.body).toBe(201);
    const c = await signedIn(shop, '10.57.3.1', 'Kakeritsu Buyer', 'yen.kakeritsu@kanna.example');
    const assigned = await admin.put('/api/users/yen.kakeritsu@kanna.example/price-list', {
      priceListId: list.json().id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // ¥1,860 × 85 % = ¥1,581; the break ¥1,650 × 85 % = ¥1,402.5, half up ¥1,403.
    expect((await c.get(`/api/handTools/${derived}`)).json()).toMatchObject({
      perPrice: 10.5,
      yen: { perPrice: 1_581, volumePrices: [{ minQuantity: 10, perPrice: 1_403 }] },
    });
    const o = await placed(c, {
      ...TOKYO,
      lines: [
        { toolId: derived, quantity: 1 },
        { toolId: explicit, quantity: 10 },
      ],
    });
    // ¥1,111 × 85 % = ¥944.35 → ¥944.
    expect(o.lines).toMatchObject([{ perPrice: 1_581 }, { perPrice: 944 }]);
    const atList = await c.post('/api/order', { ...TOKYO, toolId: derived, quantity: 1, perPrice: 1_860 });
    expect(atList.statusCode).toBe(409);
  });
});

describe('paying a yen order', () => {
  it('by card: the intent is in yen for the amount due, and the order is paid', async () => {
    const c = await buyer();
    const o = await placed(c, { ...TOKYO, lines: [{ toolId: explicit, quantity: 2 }] });
    await payByCard(c, o._id);
    const [intent] = await shop.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.orderId, o._id));
    expect(intent).toMatchObject({ currency: 'jpy', amountCents: o.amountDue });
    const after = (await c.get(`/api/orders/${o._id}`)).json();
    expect(after).toMatchObject({ status: 'paid', amountPaid: o.amountDue, currency: 'JPY' });
  });

  it('writes the paid order’s invoice, the CSV and the overview in yen, apart from dollars', async () => {
    const c = await buyer();
    const o = await placed(c, { ...TOKYO, lines: [{ toolId: explicit, quantity: 4 }] });
    await payByCard(c, o._id);
    // ¥1,234 × 4 = ¥4,936; shipping ¥2,250; tax ¥718; due ¥7,904.
    expect(o).toMatchObject({ totalPrice: 4_936, shippingPrice: 2_250, taxPrice: 718, amountDue: 7_904 });
    const pdf = await c.get(`/api/orders/${o._id}/documents/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    for (const amount of ['¥1,234', '¥4,936', '¥2,250', '¥718', '¥7,904']) expect(text).toContain(amount);
    // A yen invoice's tax is in yen already: no dollars, no conversion at the shop's rate.
    expect(text).not.toContain('$');
    expect(text).not.toContain('Tax in yen');

    const csv = (await admin.get('/api/order/export.csv')).rawPayload.subarray(3).toString('utf8');
    const [header = '', ...rows] = csv.trimEnd().split('\n');
    const columns = header.split(',');
    // A cell in quotes may hold commas (the address): split on the commas outside quotes.
    const cells = (line: string) =>
      line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, '')) ?? [];
    const row = cells(rows.find((r) => r.startsWith(`${o._id},`)) ?? '');
    const cell = (name: string) => row[columns.indexOf(name)];
    expect([
      cell('unit_price'),
      cell('order_total'),
      cell('tax'),
      cell('amount_due'),
      cell('currency'),
    ]).toEqual(['1234', '4936', '718', '7904', 'JPY']);

    const week = (await admin.get('/api/admin-overview')).json().weeks.at(-1);
    expect(week.revenueYen).toBeGreaterThanOrEqual(4_936);
    // The dollar revenue counts no yen: this run's dollar orders are all unpaid.
    expect(week.revenue).toBe(0);
  });

  it('issues a company buyer’s invoice and receipt to the company, and says a large yen receipt needs no stamp', async () => {
    const email = 'yen.company@kanna.example';
    const c = await signedIn(shop, '10.57.4.1', 'Yamada Taro', email);
    const profile = { displayName: 'Yamada Taro', phone: '03-1234-5678', city: 'Chuo', district: 'Tokyo' };
    const saved = await c.put(`/api/users/${email}`, {
      ...profile,
      company: '株式会社 山田木工',
      department: '購買部',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // ¥1,111 × 50 = ¥55,550: a receipt above ¥50,000.
    const o = await placed(c, { ...TOKYO, lines: [{ toolId: explicit, quantity: 50 }] });
    await payByCard(c, o._id);
    const text = async (kind: string, lang = '') =>
      (await pdfText((await c.get(`/api/orders/${o._id}/documents/${kind}.pdf${lang}`)).rawPayload)).text;
    const invoice = await text('invoice');
    expect(invoice).toContain('株式会社 山田木工');
    expect(invoice).toContain('購買部 Yamada Taro');
    const receipt = await text('receipt');
    expect(receipt).toContain('株式会社 山田木工');
    expect(receipt).toContain('Issued electronically: no revenue stamp is required.');
    expect(await text('receipt', '?lang=ja')).toContain('電子発行のため収入印紙は不要です。');
    // The archive finds the documents by the company they were issued to.
    const found = (await admin.get(`/api/documents?q=${encodeURIComponent('山田木工')}`)).json() as {
      number: string;
      counterparty: string;
      orderNumber: string;
    }[];
    expect(found.filter((d) => d.orderNumber === o.number).map((d) => d.counterparty)).toEqual([
      '株式会社 山田木工',
      '株式会社 山田木工',
    ]);
    // Below ¥50,000, and in dollars, a receipt says nothing of stamps.
    const small = await placed(c, { ...TOKYO, lines: [{ toolId: explicit, quantity: 2 }] });
    await payByCard(c, small._id);
    const smallReceipt = (
      await pdfText((await c.get(`/api/orders/${small._id}/documents/receipt.pdf`)).rawPayload)
    ).text;
    expect(smallReceipt).not.toContain('revenue stamp');
  });

  it('by card: a refund on an admin’s cancel gives back the yen paid', async () => {
    const c = await buyer();
    const o = await placed(c, { ...TOKYO, lines: [{ toolId: explicit, quantity: 3 }] });
    await payByCard(c, o._id);
    const cancelled = await admin.post(`/api/orders/${o._id}/cancel`, {
      reason: 'Out of stock at the warehouse',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = (await c.get(`/api/orders/${o._id}`)).json();
    expect(after).toMatchObject({ status: 'cancelled', refundAmount: o.amountDue, currency: 'JPY' });
  });

  it('by transfer: instructions in yen, partial payments in whole yen, then paid', async () => {
    const c = await buyer();
    const o = await placed(c, {
      ...TOKYO,
      lines: [{ toolId: explicit, quantity: 10 }],
      paymentMethod: 'transfer',
    });
    const told = (await c.get(`/api/orders/${o._id}/transfer`)).json();
    expect(told).toMatchObject({ currency: 'JPY', amountDue: o.amountDue, amountLeft: o.amountDue });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const part = await admin.post(`/api/orders/${o._id}/payments`, {
      amount: 10_000,
      receivedOn: today,
      reference: 'A1',
    });
    expect(part.statusCode, part.body).toBe(201);
    const half = (await c.get(`/api/orders/${o._id}`)).json();
    expect(half).toMatchObject({ status: 'unpaid', amountPaid: 10_000 });
    const desk = (await admin.get(`/api/orders/${o._id}`)).json();
    expect(desk.payments).toMatchObject([{ method: 'transfer', amount: 10_000 }]);
    expect(desk.events).toContainEqual(
      expect.objectContaining({
        type: 'payment recorded',
        detail: expect.objectContaining({ amount: 10_000 }),
      }),
    );

    const fraction = await admin.post(`/api/orders/${o._id}/payments`, {
      amount: 0.5,
      receivedOn: today,
      reference: 'A2',
    });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().errors).toMatchObject([{ path: 'amount', message: messages.yenAmountWhole }]);

    const rest = await admin.post(`/api/orders/${o._id}/payments`, {
      amount: o.amountDue - 10_000,
      receivedOn: today,
      reference: 'A3',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect((await c.get(`/api/orders/${o._id}`)).json()).toMatchObject({
      status: 'paid',
      amountPaid: o.amountDue,
    });
  });

  it('caps a buyer’s unpaid yen orders apart from their dollar ones, at the dollar cap’s yen', async () => {
    const c = await buyer();
    // The cap is $1,000: ¥150,000 in yen, on the goods. ¥1,111 × 100 = ¥111,100 fits; ¥44,440 more does not,
    // while $660 of dollar goods still fit under the dollar cap.
    await placed(c, { ...TOKYO, lines: [{ toolId: explicit, quantity: 100 }], paymentMethod: 'transfer' });
    await placed(c, { ...SEATTLE, lines: [{ toolId: derived, quantity: 60 }] });
    await placed(c, { ...TOKYO, lines: [{ toolId: explicit, quantity: 30 }] });
    const over = await c.post('/api/order', { ...TOKYO, lines: [{ toolId: explicit, quantity: 10 }] });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(messages.unpaidYenTooHigh(150_000, 111_100 + 33_330));
  });
});

describe('a large order', () => {
  it('above the card limit is taken for payment by transfer, and refused by card saying why', async () => {
    const c = await signedIn(shop, '10.57.2.1', 'Big Buyer', 'yen.big@kanna.example');
    expect(
      (
        await admin.put(`/api/users/${encodeURIComponent('yen.big@kanna.example')}/approval`, {
          approved: true,
        })
      ).statusCode,
    ).toBe(200);
    const big = (
      await addTool(shop, { minQuantity: 1, available: 1_000, priceCents: 10_000_000, priceYen: 150_000 })
    )._id;
    // 700 × ¥150,000 = ¥105,000,000, over the card's ¥99,999,999.
    const byCard = await c.post('/api/order', { ...TOKYO, lines: [{ toolId: big, quantity: 700 }] });
    expect(byCard.statusCode).toBe(400);
    expect(byCard.json().errors).toMatchObject([
      { path: 'paymentMethod', message: messages.cardLimitTransferOnly },
    ]);
    const o = await placed(c, {
      ...TOKYO,
      lines: [{ toolId: big, quantity: 700 }],
      paymentMethod: 'transfer',
    });
    expect(o).toMatchObject({ currency: 'JPY', totalPrice: 105_000_000, paymentMethod: 'transfer' });
    const intent = await c.post('/api/create-payment-intent', { orderId: o._id });
    expect(intent.statusCode).toBe(409);
    // And in dollars: 15 × $100,000 = $1,500,000 abroad.
    const usd = await placed(c, {
      ...SEATTLE,
      lines: [{ toolId: big, quantity: 15 }],
      paymentMethod: 'transfer',
    });
    expect(usd).toMatchObject({ currency: 'USD', totalPrice: 1_500_000 });
    const row = await shop.database.db
      .select({ currency: orders.currency })
      .from(orders)
      .where(eq(orders.id, usd._id));
    expect(row).toEqual([{ currency: 'USD' }]);
  });
});
