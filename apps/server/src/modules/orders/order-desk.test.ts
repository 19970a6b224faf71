import { messages } from '@kanna/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderEvents, orders, testPaymentIntents } from '../../db/schema';
import { addTool, captureMailer, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { confirmCard, payByCard, placeOrder, signedIn } from '../../test/shopping';

/**
 * The order desk (docs/rules.md, "The order desk"): one order whole for its buyer or an admin, shipping with a
 * carrier and tracking number, an admin's cancel (unpaid: stock back; paid: stock back and one
 * full refund however many presses race; shipped: 409) and admins' notes, which no buyer sees.
 */
let shop: TestShop;
const mailer = captureMailer();
let n = 0;

beforeAll(async () => {
  shop = await startTestShop({
    mailer,
    env: { ADMIN_EMAILS: 'desk.admin@kanna.example,second.admin@kanna.example', AUTH_RATE_LIMIT: '1000' },
  });
});
afterAll(() => shop?.close());

type Named = Client & { email: string; name: string };

async function person(name: string, email: string, ip: string): Promise<Named> {
  const c = await signedIn(shop, ip, name, email);
  return Object.assign(c, { email, name });
}
const buyer = () => {
  n++;
  return person(
    `Desk Buyer ${n}`,
    `desk.buyer.${n}@kanna.example`,
    `10.21.${Math.floor(n / 250)}.${n % 250}`,
  );
};
let admins: [Named, Named] | null = null;
async function adminPair(): Promise<[Named, Named]> {
  admins ??= [
    await person('Hanako Desk', 'desk.admin@kanna.example', '10.22.0.1'),
    await person('Jiro Second', 'second.admin@kanna.example', '10.22.0.2'),
  ];
  return admins;
}
const admin = async () => (await adminPair())[0];

const stockOf = async (id: string) =>
  (await shop.app.inject(`/api/handTools/${id}`)).json().maxQuantity as number;
const orderRow = async (id: string) =>
  (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const eventRows = (id: string) =>
  shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id);
const intentOf = async (orderId: string) =>
  (
    await shop.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId))
  )[0];
const mailsTo = (email: string, subject: RegExp) =>
  mailer.sent.filter((m) => m.to === email && subject.test(m.subject));

const place = placeOrder;

const pay = payByCard;

/** A paid order of `quantity` pieces at $12.50 of a tool with 50 in stock. */
async function paidOrder(quantity = 4) {
  const tool = await addTool(shop, { minQuantity: 1, available: 50, priceCents: 1250 });
  const c = await buyer();
  const id = await place(c, tool._id, quantity);
  await pay(c, id);
  return { tool, c, id };
}

const ship = (c: Client, id: string, payload?: object) =>
  c.request({ method: 'PATCH', url: `/api/order/${id}/ship`, ...(payload ? { payload } : {}) });
const cancelByShop = (c: Client, id: string, reason = 'Out of stock at the supplier') =>
  c.post(`/api/orders/${id}/cancel`, { reason });

describe('one order whole: GET /api/orders/{id}', () => {
  it('shows its buyer the order, buyer, payment and history, without the notes', async () => {
    const { c, id } = await paidOrder(4);
    const a = await admin();
    expect(
      (await a.post(`/api/orders/${id}/notes`, { text: 'Buyer asked for a gift wrap' })).statusCode,
    ).toBe(201);
    const res = await c.get(`/api/orders/${id}`);
    expect(res.statusCode).toBe(200);
    const desk = res.json();
    expect(desk).toMatchObject({
      _id: id,
      number: expect.stringMatching(/^K-\d{6,}$/),
      status: 'paid',
      totalPrice: 50,
      address: '1-1 Ginza, Tokyo',
      buyer: { name: c.name, email: c.email, phone: '+81 3 1234 5678' },
      lines: [{ quantity: 4, perPrice: 12.5, totalPrice: 50 }],
      payments: [{ method: 'card', amount: 50, status: 'succeeded', test: true }],
      carrier: null,
      trackingNumber: null,
      refundAmount: null,
    });
    expect(desk.payments[0].transactionId).toMatch(/^pi_test_/);
    expect(desk.events.map((e: { type: string; by: string }) => [e.type, e.by])).toEqual([
      ['placed', 'buyer'],
      ['paid', 'buyer'],
    ]);
    expect(desk).not.toHaveProperty('notes');
    expect(res.body).not.toContain('gift wrap');
  });

  it('shows an admin the same order with its notes and note events', async () => {
    const { id } = await paidOrder(2);
    const a = await admin();
    const note = await a.post(`/api/orders/${id}/notes`, { text: '  Call before delivery  ' });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ by: 'Hanako Desk', text: 'Call before delivery' });
    const desk = (await a.get(`/api/orders/${id}`)).json();
    expect(desk.notes).toEqual([{ at: note.json().at, by: 'Hanako Desk', text: 'Call before delivery' }]);
    expect(desk.events.map((e: { type: string }) => e.type)).toEqual(['placed', 'paid', 'note']);
    expect(desk.events[2]).toMatchObject({ by: 'Hanako Desk', note: 'Call before delivery' });
  });

  it('answers another buyer 404 with no data, as for an order that does not exist', async () => {
    const { id } = await paidOrder(1);
    const other = await buyer();
    const res = await other.get(`/api/orders/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(id);
    expect(res.body).not.toContain('Ginza');
    const missing = await other.get('/api/orders/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(res.json().message).toBe(missing.json().message);
    expect((await new Client(shop.app, shop.config.publicUrl).get(`/api/orders/${id}`)).statusCode).toBe(401);
    expect((await other.get('/api/orders/not-an-id')).statusCode).toBe(400);
  });

  it('lets only admins write notes, 1–2,000 characters of plain text', async () => {
    const { c, id } = await paidOrder(1);
    const a = await admin();
    expect((await c.post(`/api/orders/${id}/notes`, { text: 'mine' })).statusCode).toBe(403);
    const empty = await a.post(`/api/orders/${id}/notes`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(messages.noteRequired);
    const long = await a.post(`/api/orders/${id}/notes`, { text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(messages.noteTooLong(2000));
    expect((await a.post(`/api/orders/${id}/notes`, { text: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect(
      (await a.post('/api/orders/00000000-0000-4000-8000-000000000000/notes', { text: 'lost' })).statusCode,
    ).toBe(404);
    expect((await eventRows(id)).filter((e) => e.type === 'note')).toHaveLength(1);
  });
});

describe('shipping with tracking: PATCH /api/order/{id}/ship', () => {
  it('keeps the carrier and tracking number, shows them to the buyer and mails them', async () => {
    const { c, id } = await paidOrder(2);
    const a = await admin();
    const res = await ship(a, id, { carrier: ' Yamato Transport ', trackingNumber: '4455-6677-8899' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'shipped',
      carrier: 'Yamato Transport',
      trackingNumber: '4455-6677-8899',
    });
    const desk = (await c.get(`/api/orders/${id}`)).json();
    expect(desk).toMatchObject({ carrier: 'Yamato Transport', trackingNumber: '4455-6677-8899' });
    expect(desk.events.at(-1)).toMatchObject({
      type: 'shipped',
      by: 'Hanako Desk',
      note: 'Yamato Transport 4455-6677-8899',
    });
    const [mail, ...more] = mailsTo(c.email, new RegExp(`${desk.number}.*shipped`));
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain('Yamato Transport');
    expect(mail?.text).toContain('4455-6677-8899');
  });

  it('ships exactly as before without a body, and takes a tracking number alone', async () => {
    const first = await paidOrder(1);
    const a = await admin();
    const bare = await ship(a, first.id);
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toMatchObject({ status: 'shipped', carrier: null, trackingNumber: null });
    expect(mailsTo(first.c.email, /has shipped/)).toHaveLength(1);
    // Shipping again changes nothing and mails nothing.
    expect((await ship(a, first.id, { trackingNumber: 'LATE-1' })).json()).toMatchObject({
      status: 'shipped',
      trackingNumber: null,
    });
    expect(mailsTo(first.c.email, /has shipped/)).toHaveLength(1);

    const second = await paidOrder(1);
    expect((await ship(a, second.id, { trackingNumber: 'JP123' })).json()).toMatchObject({
      carrier: null,
      trackingNumber: 'JP123',
    });
  });

  it('refuses a bad carrier or tracking number with 400 and a message, shipping nothing', async () => {
    const { id } = await paidOrder(1);
    const a = await admin();
    for (const payload of [
      { trackingNumber: '' },
      { trackingNumber: 'x'.repeat(65) },
      { trackingNumber: 'AB\n12' },
      { carrier: '   ' },
      { carrier: 42 },
    ]) {
      const res = await ship(a, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/(carrier|tracking number) must be 1 to 64 printable characters/);
    }
    expect((await orderRow(id))?.status).toBe('paid');
  });
});

describe("an admin's cancel: POST /api/orders/{id}/cancel", () => {
  it('cancels an unpaid order: payment stopped, stock back, reason kept, buyer mailed', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 30, priceCents: 700 });
    const c = await buyer();
    const id = await place(c, tool._id, 5);
    await c.post('/api/create-payment-intent', { orderId: id });
    expect(await stockOf(tool._id)).toBe(25);
    const a = await admin();
    const res = await cancelByShop(a, id, 'Duplicate of another order');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Duplicate of another order',
      refundAmount: null,
      payments: [],
    });
    expect(res.json().events.at(-1)).toMatchObject({
      type: 'cancelled',
      by: 'Hanako Desk',
      note: 'Duplicate of another order',
    });
    expect(await stockOf(tool._id)).toBe(30);
    expect((await intentOf(id))?.status).toBe('canceled');
    const [mail] = mailsTo(c.email, new RegExp(`${res.json().number}.*cancelled`));
    expect(mail?.text).toContain('Duplicate of another order');
    // The buyer sees it cancelled, with the reason.
    expect((await c.get(`/api/orders/${id}`)).json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Duplicate of another order',
    });
  });

  it('refuses to record a bank transfer on an order paid by card, paid or cancelled and refunded (409)', async () => {
    const { id } = await paidOrder(2);
    const a = await admin();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const transfer = () =>
      a.post(`/api/orders/${id}/payments`, { amount: 25, receivedOn: today, reference: 'X-1' });
    const onPaid = await transfer();
    expect(onPaid.statusCode).toBe(409);
    expect(onPaid.json().message).toBe(messages.paidByCardNoTransfer);
    expect((await cancelByShop(a, id)).statusCode).toBe(200);
    const onRefunded = await transfer();
    expect(onRefunded.statusCode).toBe(409);
    expect(onRefunded.json().message).toBe(messages.paidByCardNoTransfer);
    const desk = (await a.get(`/api/orders/${id}`)).json();
    expect(desk.payments).toEqual([expect.objectContaining({ method: 'card', status: 'refunded' })]);
    expect(desk.refundOwed).toBe(0);
  });

  it('cancels a paid order: stock back, refunded in full once, buyer mailed twice', async () => {
    const { tool, c, id } = await paidOrder(4);
    expect(await stockOf(tool._id)).toBe(46);
    const a = await admin();
    const res = await cancelByShop(a, id, 'Cannot ship to this address');
    expect(res.statusCode).toBe(200);
    const desk = res.json();
    expect(desk).toMatchObject({
      status: 'cancelled',
      paid: false,
      refundAmount: 50,
      payments: [{ method: 'card', amount: 50, status: 'refunded' }],
    });
    expect(desk.refundedAt).not.toBeNull();
    expect(desk.events.map((e: { type: string; by: string }) => [e.type, e.by])).toEqual([
      ['placed', 'buyer'],
      ['paid', 'buyer'],
      ['cancelled', 'Hanako Desk'],
      ['refunded', 'Hanako Desk'],
    ]);
    expect(desk.events[3].note).toBe('$50.00');
    expect(await stockOf(tool._id)).toBe(50);
    expect((await intentOf(id))?.status).toBe('refunded');
    expect((await orderRow(id))?.refundId).toMatch(/^re_test_/);
    expect(mailsTo(c.email, new RegExp(`${desk.number}.*cancelled`))).toHaveLength(1);
    const refundMails = mailsTo(c.email, new RegExp(`${desk.number}.*refunded`));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.text).toContain('$50.00');

    // A second press answers the cancelled order as it is: no second refund, no more mail.
    const again = await cancelByShop(a, id, 'Pressed twice');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Cannot ship to this address' });
    expect((await eventRows(id)).filter((e) => e.type === 'refunded')).toHaveLength(1);
    expect(mailsTo(c.email, new RegExp(`${desk.number}.*refunded`))).toHaveLength(1);
    expect(await stockOf(tool._id)).toBe(50);
  });

  it('refunds once and returns the stock once when two admins cancel a paid order at the same moment', async () => {
    const [a, b] = await adminPair();
    for (let run = 0; run < 5; run++) {
      const { tool, c, id } = await paidOrder(3);
      const answers = await Promise.all([
        cancelByShop(a, id, 'First press'),
        cancelByShop(b, id, 'Second press'),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 'cancelled' });
      }
      const events = await eventRows(id);
      expect(events.filter((e) => e.type === 'cancelled')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'refunded')).toHaveLength(1);
      expect(await stockOf(tool._id)).toBe(50);
      const row = await orderRow(id);
      expect(row?.refundCents).toBe(3750);
      expect((await intentOf(id))?.status).toBe('refunded');
      const number = (await c.get(`/api/orders/${id}`)).json().number;
      expect(mailsTo(c.email, new RegExp(`${number}.*refunded`))).toHaveLength(1);
      expect(mailsTo(c.email, new RegExp(`${number}.*cancelled`))).toHaveLength(1);
    }
  });

  it("cancels once when the buyer's cancel and an admin's run at the same moment", async () => {
    const a = await admin();
    for (let run = 0; run < 5; run++) {
      const tool = await addTool(shop, { minQuantity: 1, available: 20, priceCents: 300 });
      const c = await buyer();
      const id = await place(c, tool._id, 2);
      const [mine, shops] = await Promise.all([
        c.delete(`/api/order/${id}`),
        cancelByShop(a, id, 'Shop side'),
      ]);
      expect(mine.statusCode).toBe(200);
      expect(shops.statusCode).toBe(200);
      expect(shops.json().status).toBe('cancelled');
      expect((await eventRows(id)).filter((e) => e.type === 'cancelled')).toHaveLength(1);
      expect(await stockOf(tool._id)).toBe(20);
    }
    // A paid order: the buyer's cancel is refused (409) while the admin's refunds it, once. When
    // the admin's has already committed, the buyer's finds the order cancelled and answers as a
    // cancel of a cancelled order does (200); either way nothing is cancelled or refunded twice.
    for (let run = 0; run < 3; run++) {
      const { tool, c, id } = await paidOrder(2);
      const [mine, shops] = await Promise.all([
        c.delete(`/api/order/${id}`),
        cancelByShop(a, id, 'Shop side'),
      ]);
      expect([409, 200]).toContain(mine.statusCode);
      if (mine.statusCode === 409) expect(mine.json().message).toBe(messages.paidCannotCancel);
      else expect(mine.json().deletedCount).toBe(0);
      expect(shops.statusCode).toBe(200);
      const events = await eventRows(id);
      expect(events.filter((e) => e.type === 'cancelled')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'refunded')).toHaveLength(1);
      expect(await stockOf(tool._id)).toBe(50);
    }
  });

  it('refuses a shipped order (409) and a missing reason (400); customers may not call it (403)', async () => {
    const { tool, c, id } = await paidOrder(2);
    const a = await admin();
    expect((await ship(a, id)).statusCode).toBe(200);
    const res = await cancelByShop(a, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.shippedCannotCancel);
    expect((await orderRow(id))?.status).toBe('shipped');
    expect(await stockOf(tool._id)).toBe(48);
    expect((await intentOf(id))?.status).toBe('succeeded');

    const other = await paidOrder(1);
    const noReason = await a.post(`/api/orders/${other.id}/cancel`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(messages.cancelReasonRequired);
    const tooLong = await cancelByShop(a, other.id, 'x'.repeat(501));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(messages.cancelReasonTooLong(500));
    expect((await cancelByShop(c, other.id)).statusCode).toBe(403);
    expect((await cancelByShop(a, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await orderRow(other.id))?.status).toBe('paid');
  });

  it('refunds once when a ship and a cancel race: the order ends shipped or cancelled-and-refunded', async () => {
    const a = await admin();
    for (let run = 0; run < 4; run++) {
      const { tool, id } = await paidOrder(2);
      const [shipped, cancelled] = await Promise.all([ship(a, id), cancelByShop(a, id, 'Race')]);
      const row = await orderRow(id);
      if (row?.status === 'shipped') {
        expect(shipped.statusCode).toBe(200);
        expect(cancelled.statusCode).toBe(409);
        expect(row.refundId).toBeNull();
        expect(await stockOf(tool._id)).toBe(48);
      } else {
        expect(row?.status).toBe('cancelled');
        expect(shipped.statusCode).toBe(409);
        expect(row?.refundId).toMatch(/^re_test_/);
        expect(await stockOf(tool._id)).toBe(50);
      }
    }
  });
});

describe('refunds that fail, and payments that come late', () => {
  it('keeps the order cancelled when the provider cannot refund, and refunds on the next press', async () => {
    const { tool, c, id } = await paidOrder(2);
    const a = await admin();
    const refund = vi
      .spyOn(shop.services.payments, 'refund')
      .mockRejectedValueOnce(new Error('processor unreachable'));
    try {
      const first = await cancelByShop(a, id, 'Supplier gone');
      expect(first.statusCode).toBe(409);
      expect(first.json().message).toBe(messages.refundFailed);
      const row = await orderRow(id);
      expect(row).toMatchObject({ status: 'cancelled', refundId: null });
      expect(await stockOf(tool._id)).toBe(50);
      expect((await intentOf(id))?.status).toBe('succeeded');
      // What the desk shows meanwhile: cancelled, the payment not yet given back.
      expect((await a.get(`/api/orders/${id}`)).json()).toMatchObject({
        status: 'cancelled',
        refundAmount: null,
        payments: [{ status: 'succeeded', amount: 25 }],
      });

      const second = await cancelByShop(a, id, 'Supplier gone');
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ refundAmount: 25, payments: [{ status: 'refunded' }] });
      expect(refund).toHaveBeenCalledTimes(2);
    } finally {
      refund.mockRestore();
    }
    expect((await eventRows(id)).filter((e) => e.type === 'refunded')).toHaveLength(1);
    expect(await stockOf(tool._id)).toBe(50);
    const number = (await c.get(`/api/orders/${id}`)).json().number;
    expect(mailsTo(c.email, new RegExp(`${number}.*refunded`))).toHaveLength(1);
  });

  it('refunds an owed refund on the next scheduled retry, once, when nobody presses again', async () => {
    const { c, id } = await paidOrder(2);
    const a = await admin();
    const refund = vi
      .spyOn(shop.services.payments, 'refund')
      .mockRejectedValueOnce(new Error('processor unreachable'));
    try {
      expect((await cancelByShop(a, id, 'Supplier gone')).statusCode).toBe(409);
      expect(await orderRow(id)).toMatchObject({ status: 'cancelled', refundId: null });
      expect(await shop.services.orders.retryOwedRefunds()).toBeGreaterThanOrEqual(1);
      expect((await orderRow(id))?.refundId).not.toBeNull();
      // Nothing owed any more: a second run refunds nothing for it.
      const calls = refund.mock.calls.length;
      await shop.services.orders.retryOwedRefunds();
      expect(
        refund.mock.calls.filter(([intent]) => intent === refund.mock.calls[calls - 1]?.[0]),
      ).toHaveLength(2);
    } finally {
      refund.mockRestore();
    }
    expect((await a.get(`/api/orders/${id}`)).json()).toMatchObject({
      refundAmount: 25,
      payments: [{ status: 'refunded' }],
    });
    expect((await eventRows(id)).filter((e) => e.type === 'refunded')).toHaveLength(1);
    const number = (await c.get(`/api/orders/${id}`)).json().number;
    expect(mailsTo(c.email, new RegExp(`${number}.*refunded`))).toHaveLength(1);
  });

  it("does not refund a second way when the buyer's report comes again after the shop's cancel", async () => {
    const { c, id } = await paidOrder(1);
    const a = await admin();
    expect((await cancelByShop(a, id, 'Customer phoned to cancel')).statusCode).toBe(200);
    const report = await c.request({
      method: 'PATCH',
      url: `/api/order/${id}`,
      payload: { transactionId: (await orderRow(id))?.transactionId },
    });
    expect(report.statusCode).toBe(409);
    expect((await eventRows(id)).filter((e) => e.type === 'refunded')).toHaveLength(1);
  });

  it('records a payment that landed on a cancelled order as refunded by the shop', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 900 });
    const c = await buyer();
    const id = await place(c, tool._id, 2);
    const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId: id })).json();
    const card = await confirmCard(c, clientSecret);
    expect(card.statusCode).toBe(200);
    // The order was cancelled before its payment was settled (a cancel whose stop came too late).
    await shop.database.db
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(orders.id, id));
    const report = await c.request({
      method: 'PATCH',
      url: `/api/order/${id}`,
      payload: { transactionId: card.json().transactionId },
    });
    expect(report.statusCode).toBe(409);
    const desk = (await c.get(`/api/orders/${id}`)).json();
    expect(desk).toMatchObject({
      refundAmount: 18,
      payments: [{ method: 'card', amount: 18, status: 'refunded', test: true }],
    });
    expect(desk.events.at(-1)).toMatchObject({ type: 'refunded', by: 'shop' });
  });
});

describe('the history of cancels by the buyer and by an expired hold', () => {
  it('says who cancelled: the buyer, or the shop when the hold ran out', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 100 });
    const c = await buyer();
    const mine = await place(c, tool._id, 1);
    expect((await c.delete(`/api/order/${mine}`)).json().deletedCount).toBe(1);
    expect((await c.get(`/api/orders/${mine}`)).json().events.at(-1)).toMatchObject({
      type: 'cancelled',
      by: 'buyer',
    });

    const held = await place(c, tool._id, 1);
    await shop.database.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, held));
    await shop.services.orders.releaseExpiredHolds();
    expect((await c.get(`/api/orders/${held}`)).json().events.at(-1)).toMatchObject({
      type: 'cancelled',
      by: 'shop',
      note: 'the hold ran out',
    });
  });
});
