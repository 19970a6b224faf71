import { createServer, type Server } from 'node:http';
import { messages } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { addTool, captureMailer, signUpVerified, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { signedIn } from '../../test/shopping';

/**
 * The Stripe adapter against a local stand-in for the Stripe endpoints it uses (create,
 * retrieve, cancel a PaymentIntent; create a refund), with webhooks signed as Stripe signs them.
 */
type Intent = {
  id: string;
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  client_secret: string;
};
const intents = new Map<string, Intent>();
const byIdempotencyKey = new Map<string, string>();
const refunds = new Map<string, { id: string; payment_intent: string; amount: number }>();
/** Intents whose cancel Stripe fails to answer (an outage). */
const cancelFails = new Set<string>();
const calls: { method: string; path: string; key?: string; body: string }[] = [];
let standIn: Server;
let shop: TestShop;
const mailer = captureMailer();
const webhookSecret = 'whsec_test_kanna';

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      calls.push({ method: req.method ?? '', path: req.url ?? '', key, body });
      const params = new URLSearchParams(body);
      res.setHeader('content-type', 'application/json');
      const create = req.method === 'POST' && req.url === '/v1/payment_intents';
      if (create) {
        const existing = key && byIdempotencyKey.get(key);
        if (existing) return res.end(JSON.stringify(intents.get(existing)));
        const id = `pi_${intents.size + 1}_standin`;
        const intent: Intent = {
          id,
          amount: Number(params.get('amount')),
          amount_received: 0,
          currency: params.get('currency') ?? '',
          status: 'requires_payment_method',
          metadata: { orderId: params.get('metadata[orderId]') ?? '' },
          client_secret: `${id}_secret_abc`,
        };
        intents.set(id, intent);
        if (key) byIdempotencyKey.set(key, id);
        return res.end(JSON.stringify({ object: 'payment_intent', ...intent }));
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        const paid = intents.get(params.get('payment_intent') ?? '');
        if (paid?.status !== 'succeeded') {
          res.statusCode = 400;
          return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Not paid' } }));
        }
        const refund = (key && refunds.get(key)) || {
          id: `re_${refunds.size + 1}_standin`,
          payment_intent: paid.id,
          amount: paid.amount_received,
        };
        if (key) refunds.set(key, refund);
        return res.end(JSON.stringify({ object: 'refund', status: 'succeeded', ...refund }));
      }
      const match = req.url?.match(/^\/v1\/payment_intents\/([^/?]+)(\/cancel)?/);
      const intent = match && intents.get(match[1] as string);
      if (!intent) {
        res.statusCode = 404;
        return res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such payment_intent' } }),
        );
      }
      if (match?.[2]) {
        if (cancelFails.has(intent.id)) {
          res.statusCode = 503;
          return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Try again later' } }));
        }
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          res.statusCode = 400;
          return res.end(
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
              },
            }),
          );
        }
        intent.status = 'canceled';
      }
      res.end(JSON.stringify({ object: 'payment_intent', ...intent }));
    });
  });
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
  const port = (standIn.address() as { port: number }).port;
  shop = await startTestShop({
    mailer,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_kanna',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kanna',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAILS: 'stripe.admin@kanna.example',
      AUTH_RATE_LIMIT: '1000',
    },
  });
});
afterAll(async () => {
  await shop?.close();
  await new Promise<void>((r) => (standIn ? standIn.close(() => r()) : r()));
});

let n = 0;
async function orderOf(priceCents: number, quantity: number) {
  const c = await signedIn(shop, `10.5.0.${++n}`, `Stripe Buyer ${n}`, `stripe${n}@kanna.example`);
  const tool = await addTool(shop, { minQuantity: 1, available: 100, priceCents });
  const res = await c.post('/api/order', {
    toolId: tool._id,
    quantity,
    phone: '0123456789',
    address: 'Osaka',
  });
  return { c, orderId: res.json().insertedId as string };
}

const signed = (event: object, secret = webhookSecret) => {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
};
const sendWebhook = (payload: string, signature: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
const succeeded = (intent: Intent) => ({
  id: 'evt_1',
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: { ...intent } },
});

describe('Stripe mode', () => {
  it('tells the browser to use Stripe Elements with the publishable key', async () => {
    expect((await shop.app.inject('/api/settings')).json()).toMatchObject({
      payments: 'stripe',
      stripePublishableKey: 'pk_test_kanna',
    });
    expect(
      (await shop.app.inject({ method: 'POST', url: '/api/test-payments/confirm', payload: {} })).statusCode,
    ).toBe(404);
  });

  it("creates one PaymentIntent per order for the order's amount, keyed by the order id", async () => {
    const { c, orderId } = await orderOf(1999, 3);
    const a = (await c.post('/api/create-payment-intent', { orderId })).json();
    const b = (await c.post('/api/create-payment-intent', { orderId })).json();
    expect(a.clientSecret).toBe(b.clientSecret);
    const creates = calls.filter(
      (x) => x.method === 'POST' && x.path === '/v1/payment_intents' && x.body.includes(orderId),
    );
    expect(creates.length).toBeGreaterThanOrEqual(2);
    for (const call of creates) {
      expect(call.key).toBe(`kanna-order-${orderId}`);
      expect(new URLSearchParams(call.body).get('amount')).toBe('5997');
      expect(new URLSearchParams(call.body).get('currency')).toBe('usd');
    }
  });

  it('marks the order paid through PATCH only once Stripe says the intent succeeded', async () => {
    const { c, orderId } = await orderOf(1000, 2);
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
    const id = clientSecret.split('_secret_')[0];
    const early = await c.request({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      payload: { transactionId: id },
    });
    expect(early.statusCode).toBe(409);
    const intent = intents.get(id) as Intent;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const done = await c.request({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      payload: { transactionId: id },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ paid: true, transactionId: id });
  });

  it('refuses a webhook with a bad or missing signature, changing nothing', async () => {
    const { c, orderId } = await orderOf(500, 1);
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
    const intent = intents.get(clientSecret.split('_secret_')[0]) as Intent;
    intent.status = 'succeeded';
    const forged = signed(succeeded(intent), 'whsec_wrong');
    expect((await sendWebhook(forged.payload, forged.header)).statusCode).toBe(400);
    const good = signed(succeeded(intent));
    expect((await sendWebhook(`${good.payload} `, good.header)).statusCode).toBe(400); // bytes changed
    expect(
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/webhooks/stripe',
          payload: good.payload,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await c.get(`/api/orders/order/${orderId}`)).json().paid).toBe(false);
  });

  it('settles the order from a signed webhook, and a replay changes nothing', async () => {
    const { c, orderId } = await orderOf(750, 4);
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
    const intent = intents.get(clientSecret.split('_secret_')[0]) as Intent;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const { payload, header } = signed(succeeded(intent));
    expect((await sendWebhook(payload, header)).statusCode).toBe(200);
    const first = (await c.get(`/api/orders/order/${orderId}`)).json();
    expect(first).toMatchObject({ paid: true, status: 'paid', transactionId: intent.id });
    expect((await sendWebhook(payload, header)).statusCode).toBe(200);
    const replay = (await c.get(`/api/orders/order/${orderId}`)).json();
    expect(replay.paidAt).toBe(first.paidAt);
    const patch = await c.request({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      payload: { transactionId: intent.id },
    });
    expect(patch.json().paidAt).toBe(first.paidAt);
    expect(
      mailer.sent.filter(
        (m) => /^Order K-\d{6,}: payment received$/.test(m.subject) && m.to === `stripe${n}@kanna.example`,
      ),
    ).toHaveLength(1);
  });

  it('does not settle an order when the succeeded amount differs from the order', async () => {
    const { c, orderId } = await orderOf(1000, 1);
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
    const intent = intents.get(clientSecret.split('_secret_')[0]) as Intent;
    intent.status = 'succeeded';
    intent.amount = 1;
    intent.amount_received = 1;
    const { payload, header } = signed(succeeded(intent));
    expect((await sendWebhook(payload, header)).statusCode).toBe(200); // acknowledged, not settled
    expect((await c.get(`/api/orders/order/${orderId}`)).json().paid).toBe(false);
    const patch = await c.request({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      payload: { transactionId: intent.id },
    });
    expect(patch.statusCode).toBe(409);
  });

  it('cancels the intent when the customer cancels the order', async () => {
    const { c, orderId } = await orderOf(1000, 1);
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
    const id = clientSecret.split('_secret_')[0];
    expect((await c.delete(`/api/order/${orderId}`)).json().deletedCount).toBe(1);
    expect(intents.get(id)?.status).toBe('canceled');
  });
});

describe('Stripe mode: money after a cancel', () => {
  const stockOf = async (c: Client, orderId: string) => {
    const { toolId } = (await c.get(`/api/orders/order/${orderId}`)).json();
    return (await shop.app.inject(`/api/handTools/${toolId}`)).json().maxQuantity as number;
  };
  const intentOf = async (c: Client, orderId: string) => {
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
    return intents.get(clientSecret.split('_secret_')[0]) as Intent;
  };

  it('keeps the stock held when Stripe cannot cancel the intent, and the sweeper releases it later', async () => {
    const { c, orderId } = await orderOf(1000, 3);
    const intent = await intentOf(c, orderId);
    cancelFails.add(intent.id);
    const cancel = await c.delete(`/api/order/${orderId}`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(messages.cancelPaymentPending);
    expect((await c.get(`/api/orders/order/${orderId}`)).json().status).toBe('unpaid');
    expect(await stockOf(c, orderId)).toBe(97);

    await shop.database.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));
    await shop.services.orders.releaseExpiredHolds();
    expect((await c.get(`/api/orders/order/${orderId}`)).json().status).toBe('unpaid');
    expect(await stockOf(c, orderId)).toBe(97);

    cancelFails.delete(intent.id);
    expect(await shop.services.orders.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect(intent.status).toBe('canceled');
    expect((await c.get(`/api/orders/order/${orderId}`)).json().status).toBe('cancelled');
    expect(await stockOf(c, orderId)).toBe(100);
  });

  it('settles instead of cancelling when Stripe says the payment already succeeded', async () => {
    const { c, orderId } = await orderOf(1000, 2);
    const intent = await intentOf(c, orderId);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const cancel = await c.delete(`/api/order/${orderId}`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(messages.paidCannotCancel);
    expect((await c.get(`/api/orders/order/${orderId}`)).json()).toMatchObject({
      status: 'paid',
      transactionId: intent.id,
      testPayment: false,
    });
    expect(await stockOf(c, orderId)).toBe(98);
  });

  it('refunds a payment whose webhook arrives for a cancelled order, once, and tells the customer', async () => {
    const { c, orderId } = await orderOf(1250, 2);
    const email = (await c.get(`/api/orders/order/${orderId}`)).json().email as string;
    const intent = await intentOf(c, orderId);
    expect((await c.delete(`/api/order/${orderId}`)).json().deletedCount).toBe(1);
    // Stripe took the payment after all (e.g. a delayed charge) and says so.
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const { payload, header } = signed(succeeded(intent));
    expect((await sendWebhook(payload, header)).statusCode).toBe(200);

    const refundCalls = calls.filter((x) => x.path === '/v1/refunds' && x.body.includes(intent.id));
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]?.key).toBe(`kanna-refund-${intent.id}`);
    expect(new URLSearchParams(refundCalls[0]?.body).get('payment_intent')).toBe(intent.id);
    const order = (await c.get(`/api/orders/order/${orderId}`)).json();
    expect(order).toMatchObject({ status: 'cancelled', paid: false });
    expect(Date.parse(order.refundedAt)).not.toBeNaN();
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.refundId).toBe(refunds.get(`kanna-refund-${intent.id}`)?.id);
    expect(await stockOf(c, orderId)).toBe(100);

    expect((await sendWebhook(payload, header)).statusCode).toBe(200);
    expect(calls.filter((x) => x.path === '/v1/refunds' && x.body.includes(intent.id))).toHaveLength(1);
    const told = mailer.sent.filter((m) => m.to === email && m.text.includes(messages.paymentRefunded));
    expect(told).toHaveLength(1);
  });

  it("an admin's cancel of a paid order refunds it through Stripe once, even when two admins press at once", async () => {
    const { c, orderId } = await orderOf(2000, 3);
    const intent = await intentOf(c, orderId);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const { payload, header } = signed(succeeded(intent));
    expect((await sendWebhook(payload, header)).statusCode).toBe(200);
    const admin = await signedIn(shop, '10.5.1.1', 'Stripe Admin', 'stripe.admin@kanna.example');
    const presses = await Promise.all(
      ['Damaged in the workshop', 'Same, pressed twice'].map((reason) =>
        admin.post(`/api/orders/${orderId}/cancel`, { reason }),
      ),
    );
    for (const res of presses) expect(res.statusCode).toBe(200);
    const desk = (await admin.get(`/api/orders/${orderId}`)).json();
    expect(desk).toMatchObject({
      status: 'cancelled',
      testPayment: false,
      refundAmount: 60,
      payments: [{ method: 'card', amount: 60, status: 'refunded', test: false, transactionId: intent.id }],
    });
    // The webhook settled it: the shop recorded the payment, not the buyer's browser.
    expect(desk.events.map((e: { type: string; by: string }) => `${e.type} by ${e.by}`)).toEqual([
      'placed by buyer',
      'paid by shop',
      'cancelled by Stripe Admin',
      'refunded by Stripe Admin',
    ]);
    const refundCalls = calls.filter((x) => x.path === '/v1/refunds' && x.body.includes(intent.id));
    expect(refundCalls.length).toBeGreaterThanOrEqual(1);
    expect(refundCalls.every((x) => x.key === `kanna-refund-${intent.id}`)).toBe(true);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.refundId).toBe(refunds.get(`kanna-refund-${intent.id}`)?.id);
    expect(await stockOf(c, orderId)).toBe(100);
  });

  it('a card payment through Stripe is not a test payment, and earns the verified-buyer badge', async () => {
    const { c, orderId } = await orderOf(800, 1);
    const intent = await intentOf(c, orderId);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const { payload, header } = signed(succeeded(intent));
    expect((await sendWebhook(payload, header)).statusCode).toBe(200);
    expect((await c.get(`/api/orders/order/${orderId}`)).json()).toMatchObject({
      status: 'paid',
      testPayment: false,
    });
    const review = await c.post('/api/review', { rating: 4, description: 'Arrived well packed.' });
    const listed = (await shop.app.inject('/api/review?limit=5')).json() as {
      _id: string;
      verified: boolean;
    }[];
    expect(listed.find((r) => r._id === review.json().insertedId)?.verified).toBe(true);
  });
});

describe("Stripe's webhook, heard by the payments service", () => {
  it("says why a forged webhook is refused, in the shop's words", async () => {
    const { c, orderId } = await orderOf(600, 1);
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
    const intent = intents.get(clientSecret.split('_secret_')[0]) as Intent;
    const forged = signed(succeeded(intent), 'whsec_wrong');
    expect((await sendWebhook(forged.payload, forged.header)).json()).toMatchObject({
      statusCode: 400,
      message: messages.webhookSignatureInvalid,
    });
  });

  it('takes a signed event without a route: asks Stripe, then settles; a forged one changes nothing', async () => {
    const { c, orderId } = await orderOf(650, 2);
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
    const intent = intents.get(clientSecret.split('_secret_')[0]) as Intent;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const payments = shop.services.billing;
    const forged = signed(succeeded(intent), 'whsec_wrong');
    await expect(payments.webhook(Buffer.from(forged.payload), forged.header)).rejects.toMatchObject({
      kind: 'invalid',
      message: messages.webhookSignatureInvalid,
    });
    expect((await c.get(`/api/orders/order/${orderId}`)).json().paid).toBe(false);
    // The event's body claims another amount: Stripe's own answer is what counts.
    const { payload, header } = signed(succeeded({ ...intent, amount: 1, amount_received: 1 }));
    await payments.webhook(Buffer.from(payload), header);
    expect((await c.get(`/api/orders/order/${orderId}`)).json()).toMatchObject({
      paid: true,
      transactionId: intent.id,
    });
  });
});

describe('Stripe mode: a payment of another amount or currency than the order owes', () => {
  /** The shop's administrator, signed in (signed up the first time). */
  async function anAdmin() {
    const admin = new Client(shop.app, shop.config.publicUrl, '10.5.1.9');
    if ((await admin.signIn('stripe.admin@kanna.example')).statusCode !== 200)
      await signUpVerified(shop, admin, 'Stripe Admin', 'stripe.admin@kanna.example');
    return admin;
  }
  const reportPaid = (c: Client, orderId: string, intent: Intent) =>
    c.request({ method: 'PATCH', url: `/api/order/${orderId}`, payload: { transactionId: intent.id } });

  it('never marks the order paid by the same number of cents in another currency, and flags it once', async () => {
    const { c, orderId } = await orderOf(1000, 2);
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
    const intent = intents.get(clientSecret.split('_secret_')[0]) as Intent;
    expect(intent.amount).toBe(2000);
    intent.currency = 'jpy';
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const { payload, header } = signed(succeeded(intent));
    expect((await sendWebhook(payload, header)).statusCode).toBe(200); // acknowledged, not settled
    expect((await sendWebhook(payload, header)).statusCode).toBe(200);
    expect((await reportPaid(c, orderId, intent)).statusCode).toBe(409);
    expect((await c.get(`/api/orders/order/${orderId}`)).json()).toMatchObject({
      paid: false,
      status: 'unpaid',
    });
    const notes = (await (await anAdmin()).get(`/api/orders/${orderId}`)).json().notes as { text: string }[];
    expect(notes).toHaveLength(1);
    expect(notes[0]?.text).toContain(intent.id);
    expect(notes[0]?.text).toContain('of ¥2,000 does not match the amount due, $20.00');
  });

  it('believes the amount Stripe received, not the amount the intent asked for', async () => {
    const { c, orderId } = await orderOf(1000, 1);
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
    const intent = intents.get(clientSecret.split('_secret_')[0]) as Intent;
    intent.status = 'succeeded';
    intent.amount_received = 400;
    const { payload, header } = signed(succeeded(intent));
    expect((await sendWebhook(payload, header)).statusCode).toBe(200);
    expect((await reportPaid(c, orderId, intent)).statusCode).toBe(409);
    expect((await c.get(`/api/orders/order/${orderId}`)).json()).toMatchObject({
      paid: false,
      status: 'unpaid',
    });
    const admin = await anAdmin();
    const notes = (await admin.get(`/api/orders/${orderId}`)).json().notes as { text: string }[];
    expect(notes).toHaveLength(1);
    expect(notes[0]?.text).toContain('$4.00');
    expect(notes[0]?.text).toContain('$10.00');

    // Cancelling the order gives that payment back through Stripe.
    const cancelled = await admin.post(`/api/orders/${orderId}/cancel`, { reason: 'Paid the wrong amount' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect([...refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });
});
