import { messages } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { addTool, startTestShop, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { placeOrder, signedIn } from '../../test/shopping';

/**
 * What a payment that cannot go through says, with the built-in test processor: every refusal
 * answers with its status and its text from messages.ts, the one home of the shop's texts.
 */
let shop: TestShop;
let n = 0;

beforeAll(async () => {
  shop = await startTestShop({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(() => shop?.close());

async function orderFor() {
  const c = await signedIn(shop, `10.12.0.${++n}`, `Refused ${n}`, `refused.${n}@kanna.example`);
  const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 800 });
  return { c, orderId: await placeOrder(c, tool._id, 1, 'Nara') };
}
const intentFor = async (c: Client, orderId: string) =>
  (await c.post('/api/create-payment-intent', { orderId })).json().clientSecret as string;
const card = (c: Client, clientSecret: string, cardNumber = '4242 4242 4242 4242', expiry = '12/34') =>
  c.post('/api/test-payments/confirm', { clientSecret, cardNumber, expiry, cvc: '123' });
const report = (c: Client, orderId: string, transactionId: string) =>
  c.request({ method: 'PATCH', url: `/api/order/${orderId}`, payload: { transactionId } });
const refusal = (status: number, message: string) => ({ statusCode: status, message });

describe('a payment intent is refused', () => {
  it('for an order already paid, and for a cancelled one', async () => {
    const paid = await orderFor();
    const transactionId = (await card(paid.c, await intentFor(paid.c, paid.orderId))).json().transactionId;
    expect((await report(paid.c, paid.orderId, transactionId)).statusCode).toBe(200);
    const again = await paid.c.post('/api/create-payment-intent', { orderId: paid.orderId });
    expect(again.json()).toMatchObject(refusal(409, messages.orderAlreadyPaid));

    const cancelled = await orderFor();
    expect((await cancelled.c.delete(`/api/order/${cancelled.orderId}`)).statusCode).toBe(200);
    const late = await cancelled.c.post('/api/create-payment-intent', { orderId: cancelled.orderId });
    expect(late.json()).toMatchObject(refusal(409, messages.orderWasCancelled));
  });

  it('once the hold has expired', async () => {
    const { c, orderId } = await orderFor();
    await shop.database.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));
    const res = await c.post('/api/create-payment-intent', { orderId });
    expect(res.json()).toMatchObject(refusal(409, messages.holdExpired));
  });
});

describe('a reported payment is refused', () => {
  it("when it names another intent than the order's, or one not yet paid", async () => {
    const { c, orderId } = await orderFor();
    const intentId = (await intentFor(c, orderId)).split('_secret_')[0] as string;
    expect((await report(c, orderId, 'pi_test_other')).json()).toMatchObject(
      refusal(409, messages.paymentNotThisOrder),
    );
    expect((await report(c, orderId, intentId)).json()).toMatchObject(
      refusal(409, messages.paymentNotCompleted),
    );
  });
});

describe('the test processor refuses a card', () => {
  it('with an invalid number, an expiry in the past, or a number that is not a test card', async () => {
    const { c, orderId } = await orderFor();
    const secret = await intentFor(c, orderId);
    expect((await card(c, secret, '4242 4242 4242 4241')).json()).toMatchObject(
      refusal(402, messages.cardNumberInvalid),
    );
    expect((await card(c, secret, '4242 4242 4242 4242', '01/20')).json()).toMatchObject(
      refusal(402, messages.cardExpired),
    );
    expect((await card(c, secret, '4111 1111 1111 1111')).json()).toMatchObject(
      refusal(402, messages.testCardDeclined),
    );
  });

  it('for a payment it does not know, and for a cancelled order', async () => {
    const { c, orderId } = await orderFor();
    const secret = await intentFor(c, orderId);
    expect((await card(c, `${secret}x`)).json()).toMatchObject(refusal(404, messages.testPaymentNotFound));
    expect((await c.delete(`/api/order/${orderId}`)).statusCode).toBe(200);
    expect((await card(c, secret)).json()).toMatchObject(refusal(409, messages.cancelledCannotBePaid));
  });
});
