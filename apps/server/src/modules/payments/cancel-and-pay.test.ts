import { messages } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, testPaymentIntents } from '../../db/schema';
import { addTool, captureMailer, signUpVerified, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { confirmCard } from '../../test/shopping';

/**
 * Money after a cancel, with the built-in test processor: an order's payment intent is stopped
 * before its stock goes back on sale, so a cancel (or an expired hold) and a payment at the same
 * moment end either paid with the stock kept, or cancelled with no payment taken — and a payment
 * that still lands on a cancelled order is refunded, the order says so and the customer is told.
 */
let shop: TestShop;
const mailer = captureMailer();
let n = 0;

beforeAll(async () => {
  shop = await startTestShop({ mailer, env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(() => shop?.close());

async function buyer() {
  const c = new Client(shop.app, shop.config.publicUrl, `10.11.${Math.floor(++n / 250)}.${n % 250}`);
  const email = `payer.${n}@kanna.example`;
  await signUpVerified(shop, c, `Payer ${n}`, email);
  return Object.assign(c, { email });
}
const stockOf = async (id: string) =>
  (await shop.app.inject(`/api/handTools/${id}`)).json().maxQuantity as number;
const orderRow = async (id: string) =>
  (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const intentOf = async (orderId: string) =>
  (
    await shop.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId))
  )[0];
const place = async (c: Client, toolId: string, quantity: number) => {
  const res = await c.post('/api/order', { toolId, quantity, phone: '0312345678', address: 'Kyoto' });
  expect(res.statusCode).toBe(201);
  return res.json().insertedId as string;
};
const intentFor = async (c: Client, orderId: string) =>
  (await c.post('/api/create-payment-intent', { orderId })).json().clientSecret as string;
const patchPaid = (c: Client, orderId: string, transactionId: string) =>
  c.request({ method: 'PATCH', url: `/api/order/${orderId}`, payload: { transactionId } });

/** Pays as the payment page does: an intent (unless given), the card, then PATCH. */
async function pay(c: Client, orderId: string, clientSecret?: string): Promise<LightMyRequestResponse[]> {
  const secret = clientSecret ?? (await intentFor(c, orderId));
  if (!secret) return [];
  const card = await confirmCard(c, secret);
  if (card.statusCode !== 200) return [card];
  return [card, await patchPaid(c, orderId, card.json().transactionId)];
}

/**
 * What must hold however a cancel and a payment interleave: paid with the stock kept, or
 * cancelled with the stock back and no successful payment left unrefunded.
 */
async function expectSettledOneWay(orderId: string, toolId: string, stockBefore: number, quantity: number) {
  const row = await orderRow(orderId);
  const intent = await intentOf(orderId);
  if (row?.status === 'paid') {
    expect(intent?.status).toBe('succeeded');
    expect(row.refundedAt).toBeNull();
    expect(await stockOf(toolId)).toBe(stockBefore - quantity);
    return 'paid';
  }
  expect(row?.status).toBe('cancelled');
  expect(await stockOf(toolId)).toBe(stockBefore);
  expect(intent?.status ?? 'none').not.toBe('succeeded');
  if (intent?.status === 'refunded') {
    expect(row?.refundedAt).not.toBeNull();
    expect(row?.refundId).toMatch(/^re_test_/);
  } else {
    expect(row?.refundedAt).toBeNull();
  }
  return intent?.status === 'refunded' ? 'refunded' : 'cancelled';
}

describe('cancel and pay at the same moment', () => {
  it('ends paid (stock kept) or cancelled with no payment kept, in every one of 20 runs', async () => {
    const c = await buyer();
    const outcomes: string[] = [];
    for (let run = 0; run < 20; run++) {
      const tool = await addTool(shop, { minQuantity: 1, available: 50, priceCents: 1000 });
      const orderId = await place(c, tool._id, 3);
      // Half the runs open the payment page before, half at the same moment as the cancel.
      const secret = run % 2 === 0 ? await intentFor(c, orderId) : undefined;
      // The cancel starts a varying number of event-loop turns after the payment, so that the
      // runs cover different interleavings of the two.
      const cancelLater = async () => {
        for (let turn = 0; turn < (run % 5) * 3; turn++) await new Promise(setImmediate);
        return c.delete(`/api/order/${orderId}`);
      };
      const [payment, cancel] = await Promise.all([pay(c, orderId, secret), cancelLater()]);
      for (const res of [cancel, ...payment]) expect(res.statusCode).toBeLessThan(500);
      outcomes.push(await expectSettledOneWay(orderId, tool._id, 50, 3));
    }
    // Each outcome is allowed; what matters is that none is a kept payment for a cancelled order.
    expect(outcomes).toHaveLength(20);
  });

  it('a cancel that finds the payment already through leaves the order paid (409), stock kept', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 500 });
    const c = await buyer();
    const orderId = await place(c, tool._id, 2);
    // The card went through, but the browser never reported it (closed tab).
    expect((await confirmCard(c, await intentFor(c, orderId))).statusCode).toBe(200);
    const cancel = await c.delete(`/api/order/${orderId}`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(messages.paidCannotCancel);
    expect((await c.get(`/api/orders/order/${orderId}`)).json()).toMatchObject({
      status: 'paid',
      paid: true,
    });
    expect(await stockOf(tool._id)).toBe(8);
  });

  it('a cancelled order can no longer be paid: the test processor refuses its intent', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 500 });
    const c = await buyer();
    const orderId = await place(c, tool._id, 1);
    const secret = await intentFor(c, orderId);
    expect((await c.delete(`/api/order/${orderId}`)).json().deletedCount).toBe(1);
    expect((await intentOf(orderId))?.status).toBe('canceled');
    const late = await confirmCard(c, secret);
    expect(late.statusCode).toBe(409);
    expect((await intentOf(orderId))?.status).toBe('canceled');
    expect(await stockOf(tool._id)).toBe(10);
  });
});

describe('the hold expires during payment', () => {
  const expire = (orderId: string) =>
    shop.database.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));

  it('a payment made before the sweep settles the order instead of releasing it', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 700 });
    const c = await buyer();
    const orderId = await place(c, tool._id, 4);
    expect((await confirmCard(c, await intentFor(c, orderId))).statusCode).toBe(200);
    await expire(orderId);
    await shop.services.orders.releaseExpiredHolds();
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', testPayment: true, refundedAt: null });
    expect(await stockOf(tool._id)).toBe(6);
  });

  it('sweep and payment at the same moment: paid or cancelled with no payment kept, in 10 runs', async () => {
    const c = await buyer();
    for (let run = 0; run < 10; run++) {
      const tool = await addTool(shop, { minQuantity: 1, available: 20, priceCents: 900 });
      const orderId = await place(c, tool._id, 5);
      const secret = await intentFor(c, orderId);
      await expire(orderId);
      const [, payment] = await Promise.all([
        shop.services.orders.releaseExpiredHolds(),
        pay(c, orderId, secret),
      ]);
      for (const res of payment) expect(res.statusCode).toBeLessThan(500);
      await expectSettledOneWay(orderId, tool._id, 20, 5);
    }
  });
});

describe('a payment that lands on a cancelled order', () => {
  it('is refunded through the processor, once; the order shows when and the customer is told', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 1250 });
    const c = await buyer();
    const orderId = await place(c, tool._id, 2);
    const secret = await intentFor(c, orderId);
    const intentId = secret.split('_secret_')[0] as string;
    expect((await c.delete(`/api/order/${orderId}`)).json().deletedCount).toBe(1);
    // As when a processor takes a payment after all (a delayed charge): the intent succeeded.
    await shop.database.db
      .update(testPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(testPaymentIntents.id, intentId));

    const reported = await patchPaid(c, orderId, intentId);
    expect(reported.statusCode).toBe(409);
    expect(reported.json().message).toBe(messages.paymentRefunded);
    expect((await intentOf(orderId))?.status).toBe('refunded');
    const order = (await c.get(`/api/orders/order/${orderId}`)).json();
    expect(order).toMatchObject({ status: 'cancelled', paid: false });
    expect(Date.parse(order.refundedAt)).not.toBeNaN();
    expect(await stockOf(tool._id)).toBe(10);

    expect((await patchPaid(c, orderId, intentId)).json().message).toBe(messages.paymentRefunded);
    const told = mailer.sent.filter((m) => m.to === c.email && m.text.includes(messages.paymentRefunded));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('$25.00');
  });
});

describe('test payments are marked', () => {
  it('an order paid with a test card says so, and earns no verified-buyer badge', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 1000 });
    const c = await buyer();
    const orderId = await place(c, tool._id, 1);
    const [card, patch] = await pay(c, orderId);
    expect(card?.statusCode).toBe(200);
    expect(patch?.json()).toMatchObject({ status: 'paid', testPayment: true, refundedAt: null });
    expect((await c.get(`/api/order/${c.email}`)).json()[0]).toMatchObject({
      _id: orderId,
      testPayment: true,
    });

    const review = await c.post('/api/review', { rating: 5, description: 'Sharp out of the box.' });
    expect(review.statusCode).toBe(201);
    const listed = (await shop.app.inject('/api/review?limit=5')).json() as {
      _id: string;
      verified: boolean;
    }[];
    expect(listed.find((r) => r._id === review.json().insertedId)?.verified).toBe(false);
  });

  it('an unpaid order is not marked', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 1000 });
    const c = await buyer();
    const orderId = await place(c, tool._id, 1);
    expect((await c.get(`/api/orders/order/${orderId}`)).json()).toMatchObject({
      testPayment: false,
      refundedAt: null,
    });
  });
});
