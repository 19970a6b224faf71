import { messages } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { addTool, captureMailer, type TestShop, verifyEmail } from '../../test/harness';
import { Client } from '../../test/http';
import { confirmCard, startShopFor } from '../../test/shopping';

let shop: TestShop;
const mailer = captureMailer();
let n = 0;

beforeAll(async () => {
  shop = await startShopFor('admin@kanna.example', {}, mailer);
});
afterAll(() => shop?.close());

async function buyer(name = `Buyer ${++n}`) {
  const c = new Client(shop.app, shop.config.publicUrl, `10.2.${Math.floor(n / 250)}.${n % 250}`);
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${n}@kanna.example`;
  await c.signUp(name, email);
  await verifyEmail(shop, c, email);
  return Object.assign(c, { email, name });
}
let adminClient: Awaited<ReturnType<typeof buyer>> | null = null;
async function admin() {
  if (adminClient) return adminClient;
  const c = new Client(shop.app, shop.config.publicUrl, '10.3.0.1');
  await c.signUp('Shop Admin', 'admin@kanna.example');
  await verifyEmail(shop, c, 'admin@kanna.example');
  adminClient = Object.assign(c, { email: 'admin@kanna.example', name: 'Shop Admin' });
  return adminClient;
}
const stockOf = async (id: string) =>
  (await shop.app.inject(`/api/handTools/${id}`)).json().maxQuantity as number;
const orderCount = async () => (await shop.database.db.select().from(orders)).length;
const place = (c: Client, body: object) =>
  c.post('/api/order', { phone: '0312345678', address: '1-1 Ginza, Tokyo', ...body });

async function payWithCard(c: Client, orderId: string, cardNumber = '4242 4242 4242 4242') {
  const intent = await c.post('/api/create-payment-intent', { orderId });
  expect(intent.statusCode).toBe(200);
  const { clientSecret } = intent.json();
  return confirmCard(c, clientSecret, { cardNumber });
}

describe('placing an order', () => {
  it('prices it on the server, takes name and e-mail from the session, and reserves the stock', async () => {
    const tool = await addTool(shop, { minQuantity: 10, available: 100, priceCents: 1250 });
    const c = await buyer('Taro Yamada');
    const res = await place(c, {
      toolId: tool._id,
      quantity: 12,
      email: 'someone.else@evil.example',
      name: 'Mallory',
    });
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json();
    const got = (await c.get(`/api/orders/order/${insertedId}`)).json();
    expect(got).toMatchObject({
      name: 'Taro Yamada',
      email: c.email,
      productName: tool.productName,
      quantity: 12,
      perPrice: 12.5,
      totalPrice: 150,
      paid: false,
      status: 'unpaid',
      transactionId: null,
    });
    expect(Date.parse(got.holdUntil) - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(await stockOf(tool._id)).toBe(88);
    expect(mailer.sent.some((m) => m.to === c.email && /^Order K-\d{6,} placed$/.test(m.subject))).toBe(true);
  });

  it('accepts a matching client price and refuses a tampered one with 409, creating nothing', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 999 });
    const c = await buyer();
    expect(
      (await place(c, { toolId: tool._id, quantity: 2, perPrice: 9.99, totalPrice: 19.98 })).statusCode,
    ).toBe(201);
    const before = await orderCount();
    for (const tampered of [{ perPrice: 0.01 }, { totalPrice: 1 }, { perPrice: 9.99, totalPrice: 0.02 }]) {
      const res = await place(c, { toolId: tool._id, quantity: 2, ...tampered });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(messages.priceChanged);
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(tool._id)).toBe(8);
  });

  it('refuses an absurd client price with 409 too (never a 500), creating nothing', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 999 });
    const c = await buyer();
    const before = await orderCount();
    for (const absurd of [
      { perPrice: 1e300 },
      { totalPrice: -1e20 },
      { perPrice: 9.99, totalPrice: 2 ** 70 },
    ]) {
      const res = await place(c, { toolId: tool._id, quantity: 2, ...absurd });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(messages.priceChanged);
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(tool._id)).toBe(10);
  });

  it('refuses an order above what one card payment can carry ($999,999.99) with 400 in a shop that takes no transfers, reserving nothing', async () => {
    // $1,000 a piece: 1,000 pieces would be $1,000,000.
    const tool = await addTool(shop, { minQuantity: 1, available: 5000, priceCents: 100_000 });
    const c = await buyer();
    // A trade buyer the shop approved for large unpaid orders (past MAX_UNPAID_VALUE).
    await (await admin()).put(`/api/users/${c.email}/approval`, { approved: true });
    const before = await orderCount();
    const res = await place(c, { toolId: tool._id, quantity: 1000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.orderTooLarge);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(tool._id)).toBe(5000);
    const largest = await place(c, { toolId: tool._id, quantity: 999 });
    expect(largest.statusCode).toBe(201);
    expect((await c.get(`/api/orders/order/${largest.json().insertedId}`)).json().totalPrice).toBe(999_000);
  });

  it.each([
    ['below the minimum', 4, messages.belowMinimum],
    ['above what is available', 31, messages.aboveAvailable],
    ['zero', 0, messages.belowMinimum],
    ['negative', -5, messages.belowMinimum],
    ['fractional', 5.5, messages.quantityWhole],
    ['not a number', 'ten', messages.quantityWhole],
    ['missing', undefined, messages.quantityWhole],
  ])(
    'refuses a quantity %s with 400 and the message, reserving nothing',
    async (_label, quantity, message) => {
      const tool = await addTool(shop, { minQuantity: 5, available: 30, priceCents: 100 });
      const c = await buyer();
      const before = await orderCount();
      const res = await place(c, { toolId: tool._id, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await orderCount()).toBe(before);
      expect(await stockOf(tool._id)).toBe(30);
    },
  );

  it('requires a numeric phone and an address', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 30, priceCents: 100 });
    const c = await buyer();
    const noPhone = await c.post('/api/order', { toolId: tool._id, quantity: 1, phone: '', address: 'x' });
    expect(noPhone.json().message).toBe('phone is required');
    const letters = await c.post('/api/order', {
      toolId: tool._id,
      quantity: 1,
      phone: 'call me',
      address: 'x',
    });
    expect(letters.json().message).toBe(messages.phoneInvalid);
    const noAddress = await c.post('/api/order', {
      toolId: tool._id,
      quantity: 1,
      phone: '0312345678',
      address: '  ',
    });
    expect(noAddress.json().message).toBe('address is required');
  });

  it('keeps a phone number as people write it in one normal form, on the order and in the profile', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 30, priceCents: 100 });
    const c = await buyer();
    const res = await c.post('/api/order', {
      toolId: tool._id,
      quantity: 1,
      phone: '03-1234-5678',
      address: '1-1 Ginza, Tokyo',
    });
    expect(res.statusCode).toBe(201);
    const order = (await c.get(`/api/orders/order/${res.json().insertedId}`)).json();
    expect(order.phone).toBe('+81 3 1234 5678');
    const profile = { displayName: c.name, district: 'Chuo', city: 'Tokyo' };
    for (const phone of ['03-1234-5678', '(03) 1234 5678', '+81 3-1234-5678']) {
      const saved = await c.put(`/api/users/${encodeURIComponent(c.email)}`, { ...profile, phone });
      expect(saved.statusCode).toBe(200);
      expect((await c.get(`/api/users/${encodeURIComponent(c.email)}`)).json().phone).toBe(order.phone);
    }
    const wrong = await c.put(`/api/users/${encodeURIComponent(c.email)}`, { ...profile, phone: '12' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.phoneInvalid);
  });

  it('refuses a sold-out tool (less available than the minimum) and an unknown one', async () => {
    const tool = await addTool(shop, { minQuantity: 50, available: 20, priceCents: 100 });
    const c = await buyer();
    const res = await place(c, { toolId: tool._id, quantity: 50 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.soldOut);
    expect((await place(c, { toolId: '00000000-0000-4000-8000-000000000000', quantity: 1 })).statusCode).toBe(
      404,
    );
  });

  it('needs a signed-in buyer (401) and refuses a cross-site post (403)', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 5, priceCents: 100 });
    const anon = new Client(shop.app, shop.config.publicUrl);
    expect((await place(anon, { toolId: tool._id, quantity: 1 })).statusCode).toBe(401);
    const c = await buyer();
    const cross = await c.post(
      '/api/order',
      { toolId: tool._id, quantity: 1, phone: '0312345678', address: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(cross.statusCode).toBe(403);
    expect(await stockOf(tool._id)).toBe(5);
  });
});

describe('my orders, ownership and cancelling', () => {
  it('shows only my orders; another user gets 404 on mine and 403 on my list, changing nothing', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 20, priceCents: 500 });
    const me = await buyer();
    const other = await buyer();
    const { insertedId } = (await place(me, { toolId: tool._id, quantity: 3 })).json();
    const mine = (await me.get(`/api/order/${me.email}`)).json();
    expect(mine.map((o: { _id: string }) => o._id)).toEqual([insertedId]);
    expect((await other.get(`/api/order/${me.email}`)).statusCode).toBe(403);
    expect((await other.get(`/api/orders/order/${insertedId}`)).statusCode).toBe(404);
    expect((await other.delete(`/api/order/${insertedId}`)).statusCode).toBe(404);
    expect(
      (
        await other.request({
          method: 'PATCH',
          url: `/api/order/${insertedId}`,
          payload: { transactionId: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.post('/api/create-payment-intent', { orderId: insertedId })).statusCode).toBe(404);
    expect((await me.get(`/api/orders/order/${insertedId}`)).json().status).toBe('unpaid');
    expect(await stockOf(tool._id)).toBe(17);
  });

  it('cancelling returns exactly the reserved stock, once, and keeps the order listed, marked cancelled', async () => {
    const tool = await addTool(shop, { minQuantity: 2, available: 40, priceCents: 300 });
    const c = await buyer();
    const { insertedId } = (await place(c, { toolId: tool._id, quantity: 7 })).json();
    expect(await stockOf(tool._id)).toBe(33);
    const res = await c.delete(`/api/order/${insertedId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await stockOf(tool._id)).toBe(40);
    expect((await c.delete(`/api/order/${insertedId}`)).json().deletedCount).toBe(0);
    expect(await stockOf(tool._id)).toBe(40);
    // Its mail links to it: the buyer's list keeps it, marked cancelled.
    expect((await c.get(`/api/order/${c.email}`)).json()).toEqual([
      expect.objectContaining({ _id: insertedId, status: 'cancelled', cancelledAt: expect.any(String) }),
    ]);
  });
});

describe('paying in test mode', () => {
  it('pays with 4242…, becomes paid with its transaction id, and can no longer be cancelled', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 2599 });
    const c = await buyer();
    const { insertedId } = (await place(c, { toolId: tool._id, quantity: 2 })).json();
    const paid = await payWithCard(c, insertedId);
    expect(paid.statusCode).toBe(200);
    const { transactionId } = paid.json();
    expect(transactionId).toMatch(/^pi_test_/);
    const patch = await c.request({
      method: 'PATCH',
      url: `/api/order/${insertedId}`,
      payload: { order_id: insertedId, transactionId },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ paid: true, status: 'paid', transactionId, totalPrice: 51.98 });
    const again = await c.request({
      method: 'PATCH',
      url: `/api/order/${insertedId}`,
      payload: { transactionId },
    });
    expect(again.json()).toMatchObject({ paid: true, transactionId });
    expect(
      mailer.sent.filter((m) => m.to === c.email && /^Order K-\d{6,}: payment received$/.test(m.subject)),
    ).toHaveLength(1);
    const cancel = await c.delete(`/api/order/${insertedId}`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(messages.paidCannotCancel);
    expect(await stockOf(tool._id)).toBe(8);
  });

  it('gives one intent per order for its own amount', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 100 });
    const c = await buyer();
    const { insertedId } = (await place(c, { toolId: tool._id, quantity: 3 })).json();
    const a = (await c.post('/api/create-payment-intent', { orderId: insertedId, totalPrice: 0.01 })).json();
    const b = (await c.post('/api/create-payment-intent', { orderId: insertedId })).json();
    expect(a.clientSecret).toBe(b.clientSecret);
    const intent = await shop.services.payments.retrieveIntent(a.clientSecret.split('_secret_')[0]);
    expect(intent).toMatchObject({
      orderId: insertedId,
      amountCents: 300,
      status: 'requires_payment_method',
    });
  });

  it.each([
    ['4000 0000 0000 0002', messages.cardDeclined],
    ['4000 0000 0000 9995', messages.insufficientFunds],
    ['4242 4242 4242 4241', 'Your card number is invalid.'],
  ])('refuses card %s with the provider message and leaves the order unpaid', async (card, message) => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 100 });
    const c = await buyer();
    const { insertedId } = (await place(c, { toolId: tool._id, quantity: 1 })).json();
    const res = await payWithCard(c, insertedId, card);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(message);
    expect((await c.get(`/api/orders/order/${insertedId}`)).json().paid).toBe(false);
  });

  it('refuses an expired card', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 100 });
    const c = await buyer();
    const { insertedId } = (await place(c, { toolId: tool._id, quantity: 1 })).json();
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId: insertedId })).json();
    const res = await confirmCard(c, clientSecret, { cardNumber: '4242424242424242', expiry: '01/20' });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe("Your card's expiration date is in the past.");
  });

  it('leaves the order unpaid for a forged or premature transaction id', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 100 });
    const c = await buyer();
    const { insertedId } = (await place(c, { toolId: tool._id, quantity: 1 })).json();
    const forged = await c.request({
      method: 'PATCH',
      url: `/api/order/${insertedId}`,
      payload: { transactionId: 'pi_forged' },
    });
    expect(forged.statusCode).toBe(409);
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId: insertedId })).json();
    const intentId = clientSecret.split('_secret_')[0];
    const early = await c.request({
      method: 'PATCH',
      url: `/api/order/${insertedId}`,
      payload: { transactionId: intentId },
    });
    expect(early.statusCode).toBe(409);
    // Someone else's successful payment cannot pay this order either.
    const otherTool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 100 });
    const { insertedId: otherOrder } = (await place(c, { toolId: otherTool._id, quantity: 1 })).json();
    const paidOther = (await payWithCard(c, otherOrder)).json();
    const stolen = await c.request({
      method: 'PATCH',
      url: `/api/order/${insertedId}`,
      payload: { transactionId: paidOther.transactionId },
    });
    expect(stolen.statusCode).toBe(409);
    expect((await c.get(`/api/orders/order/${insertedId}`)).json()).toMatchObject({
      paid: false,
      transactionId: null,
    });
  });
});

describe('holds', () => {
  it('releases an expired hold: stock back on sale, order cancelled, no longer payable', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 100 });
    const c = await buyer();
    const { insertedId } = (await place(c, { toolId: tool._id, quantity: 4 })).json();
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId: insertedId })).json();
    await shop.database.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, insertedId));
    expect(await shop.services.orders.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect(await stockOf(tool._id)).toBe(10);
    expect((await c.get(`/api/orders/order/${insertedId}`)).json().status).toBe('cancelled');
    expect((await c.post('/api/create-payment-intent', { orderId: insertedId })).statusCode).toBe(409);
    const late = await confirmCard(c, clientSecret, { cardNumber: '4242424242424242' });
    expect(late.statusCode).toBe(409);
    expect(await shop.services.orders.releaseExpiredHolds()).toBe(0);
    expect(await stockOf(tool._id)).toBe(10);
  });
});

describe('admin orders', () => {
  it('lists every order with a state filter, ships paid ones and e-mails the customer', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 100 });
    const c = await buyer();
    const { insertedId: unpaid } = (await place(c, { toolId: tool._id, quantity: 1 })).json();
    const { insertedId: paidId } = (await place(c, { toolId: tool._id, quantity: 1 })).json();
    const { transactionId } = (await payWithCard(c, paidId)).json();
    await c.request({ method: 'PATCH', url: `/api/order/${paidId}`, payload: { transactionId } });
    const a = await admin();
    const all = (await a.get('/api/order')).json();
    expect(all.map((o: { _id: string }) => o._id)).toEqual(expect.arrayContaining([unpaid, paidId]));
    const pending = (await a.get('/api/order?status=paid')).json();
    expect(pending.every((o: { status: string }) => o.status === 'paid')).toBe(true);
    expect(pending.map((o: { _id: string }) => o._id)).toContain(paidId);
    expect((await a.get('/api/order?status=lost')).statusCode).toBe(400);

    expect((await a.request({ method: 'PATCH', url: `/api/order/${unpaid}/ship` })).statusCode).toBe(409);
    const shipped = await a.request({ method: 'PATCH', url: `/api/order/${paidId}/ship` });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', paid: true });
    expect(mailer.sent.some((m) => m.to === c.email && /has shipped/.test(m.subject))).toBe(true);
  });

  it('refuses the admin calls to a customer (403) and to anonymous callers (401)', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 100 });
    const c = await buyer();
    const { insertedId } = (await place(c, { toolId: tool._id, quantity: 1 })).json();
    const anon = new Client(shop.app, shop.config.publicUrl);
    expect((await c.get('/api/order')).statusCode).toBe(403);
    expect((await anon.get('/api/order')).statusCode).toBe(401);
    expect((await c.request({ method: 'PATCH', url: `/api/order/${insertedId}/ship` })).statusCode).toBe(403);
    expect((await anon.request({ method: 'PATCH', url: `/api/order/${insertedId}/ship` })).statusCode).toBe(
      401,
    );
  });
});

describe('Contact Supplier', () => {
  it('stores an enquiry, mails the shop, and records a quote request when more is wanted than available', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 100 });
    const c = await buyer();
    const small = await c.post('/api/enquiries', {
      toolId: tool._id,
      quantityWanted: 50,
      message: 'Can you engrave our logo?',
    });
    expect(small.statusCode).toBe(201);
    expect(small.json()).toMatchObject({ quoteRequest: false, message: messages.enquirySent });
    const big = await c.post('/api/enquiries', {
      toolId: tool._id,
      quantityWanted: 5000,
      message: 'Price for 5,000?',
    });
    expect(big.json()).toMatchObject({ quoteRequest: true, message: messages.quoteRequested });
    c.cookies.set('lang', 'ja');
    const ja = await c.post('/api/enquiries', {
      toolId: tool._id,
      quantityWanted: 5000,
      message: '5,000本の価格は？',
    });
    expect(ja.json().message).toBe('見積のご依頼を営業担当に送信しました。メールにてご返信いたします。');
    expect(
      mailer.sent.some((m) => m.to === shop.config.shopEmail && /Quote request: 5000/.test(m.subject)),
    ).toBe(true);
    const empty = await c.post('/api/enquiries', { toolId: tool._id, quantityWanted: 1, message: ' ' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('concurrent buyers', () => {
  it('never sells more than is available: 100 simultaneous orders from 20 users on 50 pieces', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 50, priceCents: 100 });
    const users = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    const attempts = Array.from({ length: 100 }, (_, i) => {
      const quantity = (i % 5) + 1;
      const c = users[i % 20] as Client;
      return place(c, { toolId: tool._id, quantity }).then((res) => ({ quantity, status: res.statusCode }));
    });
    const results = await Promise.all(attempts);
    const accepted = results.filter((r) => r.status === 201).reduce((sum, r) => sum + r.quantity, 0);
    expect(results.every((r) => r.status === 201 || r.status === 400 || r.status === 409)).toBe(true);
    expect(accepted).toBeLessThanOrEqual(50);
    expect(accepted).toBeGreaterThan(0);
    expect(await stockOf(tool._id)).toBe(50 - accepted);
    const stored = await shop.database.db.select().from(orders).where(eq(orders.toolId, tool._id));
    expect(stored.reduce((sum, o) => sum + o.quantity, 0)).toBe(accepted);
  });
});
