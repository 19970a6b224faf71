import { messages } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, testPaymentIntents } from '../../db/schema';
import { addTool, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { placeOrder, signedIn, startShopFor } from '../../test/shopping';

/**
 * An order is paid only by money that equals its amount due, in its currency, whoever made the
 * payment intent — here one made for the goods alone, as a release that knew no tax or shipping
 * made them. Such a payment is recorded on the order for the admins (a note, once) and never marks
 * it paid; cancelling the order gives it back.
 */
const ADMIN = 'amounts.admin@kanna.example';
let shop: TestShop;
let admin: Client;
let n = 0;

beforeAll(async () => {
  shop = await startShopFor(ADMIN);
  admin = await signedIn(shop, '10.78.0.1', 'Amy Amounts', ADMIN);
  const saved = await admin.put('/api/shop-settings', {
    legalName: 'Kanna Tools K.K.',
    address: '1-2-3 Kuramae\nTaito-ku, Tokyo',
    tax: { enabled: true, ratePercent: 10, country: 'JP' },
    shippingZones: [],
    minimumOrder: null,
    transferHoldDays: 7,
    yenPerDollar: null,
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => shop?.close());

const row = async (id: string) => (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0];

/** A buyer's card order of $100.00 of goods: $110.00 due with the 10 % tax. */
async function cardOrder() {
  const c = await signedIn(shop, `10.78.1.${++n}`, `Amount Buyer ${n}`, `amount.buyer.${n}@kanna.example`);
  const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 10_000 });
  const id = await placeOrder(c, tool._id, 1, '〒111-0051 東京都台東区蔵前1-2-3');
  expect((await row(id))?.amountDueCents).toBe(11_000);
  return { c, id };
}

/** What the previous release left: an intent for the goods alone, which the buyer's card paid. */
async function paidForTheGoodsOnly(orderId: string) {
  const intentId = `pi_test_goods_only_${n}`;
  await shop.database.db.insert(testPaymentIntents).values({
    id: intentId,
    orderId,
    amountCents: 10_000,
    clientSecret: `secret${n}`,
    status: 'succeeded',
  });
  await shop.database.db.update(orders).set({ paymentIntentId: intentId }).where(eq(orders.id, orderId));
  return intentId;
}

const notesOf = async (id: string) =>
  ((await admin.get(`/api/orders/${id}`)).json().notes ?? []) as { by: string; text: string }[];

describe('a card payment of another amount than the order owes', () => {
  it('never marks the order paid, however often it is reported, and is flagged to the admins once', async () => {
    const { c, id } = await cardOrder();
    const intentId = await paidForTheGoodsOnly(id);

    for (let i = 0; i < 2; i++) {
      const reported = await c.request({
        method: 'PATCH',
        url: `/api/order/${id}`,
        payload: { transactionId: intentId },
      });
      expect(reported.statusCode).toBe(409);
    }
    expect(await row(id)).toMatchObject({ status: 'unpaid', paidAt: null, transactionId: null });
    const buyerView = (await c.get(`/api/orders/order/${id}`)).json();
    expect(buyerView).toMatchObject({ paid: false, status: 'unpaid' });

    const notes = await notesOf(id);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.by).toBe('shop');
    expect(notes[0]?.text).toContain(intentId);
    expect(notes[0]?.text).toContain('$100.00');
    expect(notes[0]?.text).toContain('$110.00');
    // The buyer never sees the shop's notes.
    expect(JSON.stringify((await c.get(`/api/orders/${id}`)).json())).not.toContain(intentId);
  });

  it('is never asked of the buyer: an intent made for another amount is not handed out, and is flagged', async () => {
    const { c, id } = await cardOrder();
    const intentId = `pi_test_goods_only_unpaid_${n}`;
    await shop.database.db.insert(testPaymentIntents).values({
      id: intentId,
      orderId: id,
      amountCents: 10_000,
      clientSecret: `unpaid${n}`,
    });
    const asked = await c.post('/api/create-payment-intent', { orderId: id });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(messages.paymentPreparedForOtherAmount);
    expect(JSON.stringify(asked.json())).not.toContain(`unpaid${n}`);
    const notes = await notesOf(id);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.text).toContain(intentId);
    expect(notes[0]?.text).toContain('$100.00');
    expect(await row(id)).toMatchObject({ status: 'unpaid', paymentIntentId: null });
  });

  it('is given back when an admin cancels the order, which the payment could not block', async () => {
    const { id } = await cardOrder();
    const intentId = await paidForTheGoodsOnly(id);
    const cancelled = await admin.post(`/api/orders/${id}/cancel`, { reason: 'Paid the wrong amount' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const [intent] = await shop.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, intentId));
    expect(intent?.status).toBe('refunded');
    expect(await row(id)).toMatchObject({ status: 'cancelled', paidAt: null, refundCents: 10_000 });
  });
});
