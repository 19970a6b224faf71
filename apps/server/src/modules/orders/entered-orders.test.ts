import { messages } from '@kanna/shared';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, tools } from '../../db/schema';
import { addTool, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { pdfText } from '../../test/pdf';
import { signedIn } from '../../test/shopping';

/**
 * Orders entered by the shop (docs/rules.md, "Orders entered by the shop"): an admin enters a phone
 * or fax order for a buyer; it is that buyer's order, priced and judged by the server as their own
 * (their price list, caps, confirmed address), recorded as entered by the admin, in the audit log.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
let tool: string;
const ADMIN = 'desk-enter@kanna.example';
const BUYER = 'phone.buyer@kanna.example';
const delivery = { phone: '0312345678', address: '2-3 Kanda, Chiyoda-ku, Tokyo' };
const enter = (body: object, headers: Record<string, string> = {}) =>
  admin.post('/api/orders/entered', body, headers);
const orderCount = async () => (await shop.database.db.select({ n: count() }).from(orders))[0]?.n;
const stock = async () =>
  (await shop.database.db.select({ a: tools.available }).from(tools).where(eq(tools.id, tool)))[0]?.a;

beforeAll(async () => {
  shop = await startTestShop({ env: { ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000' } });
  admin = await signedIn(shop, '10.62.0.1', 'Desk Admin', ADMIN);
  buyer = await signedIn(shop, '10.62.0.2', 'Phone Buyer', BUYER);
  tool = (
    await addTool(shop, { productName: 'Phone Plane', minQuantity: 1, available: 100, priceCents: 2_000 })
  )._id;
});
afterAll(() => shop?.close());

describe('an order the shop enters for a buyer', () => {
  it('is the buyer’s order at their own price, entered by the admin, with the PO number, and leaves their cart alone', async () => {
    const list = await admin.post('/api/price-lists', { name: 'Phone 85', percent: 85, fixedPrices: [] });
    expect(list.statusCode, list.body).toBe(201);
    expect(
      (await admin.put(`/api/users/${BUYER}/price-list`, { priceListId: list.json().id })).statusCode,
    ).toBe(200);
    await buyer.put('/api/cart', { lines: [{ toolId: tool, quantity: 2 }] });

    const res = await enter({
      buyerEmail: 'Phone.Buyer@kanna.example',
      lines: [{ toolId: tool, quantity: 4 }],
      ...delivery,
      poNumber: 'FAX-0042',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId;
    const seen = (await buyer.get(`/api/orders/${id}`)).json();
    // $20 at 85 %: $17 a piece, computed by the server for this buyer.
    expect(seen).toMatchObject({
      email: BUYER,
      name: 'Phone Buyer',
      status: 'unpaid',
      totalPrice: 68,
      lines: [{ toolId: tool, quantity: 4, perPrice: 17 }],
      poNumber: 'FAX-0042',
      enteredBy: 'Desk Admin',
    });
    expect(seen.events[0]).toMatchObject({ type: 'placed', by: 'Desk Admin' });
    const mine = (await buyer.get(`/api/order/${BUYER}`)).json() as { _id: string }[];
    expect(mine.map((o) => o._id)).toContain(id);
    // The buyer's own cart is theirs: the admin's lines did not come out of it.
    expect((await buyer.get('/api/cart')).json().lines).toMatchObject([{ toolId: tool, quantity: 2 }]);
    const [entry] = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'order.enter'), eq(auditLog.targetId, id)));
    expect(entry).toMatchObject({
      actorEmail: ADMIN,
      targetLabel: seen.number,
      after: { buyer: 'Phone Buyer' },
    });
    // An order acknowledgement (注文請書) in its own series, the same bytes for the buyer and the admin.
    const ack = await buyer.get(`/api/orders/${id}/documents/acknowledgement.pdf`);
    expect(ack.statusCode).toBe(200);
    const { text } = await pdfText(ack.rawPayload);
    expect(text).toContain('Order acknowledgement');
    expect(text).toMatch(/OA-\d{4}-000001/);
    expect(text).toContain('FAX-0042');
    expect(text).toContain('Order taken by Desk Admin.');
    expect(text).toContain('$68.00');
    const again = await admin.get(`/api/orders/${id}/documents/acknowledgement.pdf`);
    expect(again.rawPayload.equals(ack.rawPayload)).toBe(true);
    const ja = await pdfText(
      (await buyer.get(`/api/orders/${id}/documents/acknowledgement.pdf?lang=ja`)).rawPayload,
    );
    expect(ja.text).toContain('注文請書');
    expect(ja.text).toContain('下記のとおりご注文をお請けいたします。');
    // A buyer's own order says nothing of who entered it, and has no acknowledgement.
    const own = await buyer.post('/api/order', { lines: [{ toolId: tool, quantity: 1 }], ...delivery });
    const ownOrder = (await buyer.get(`/api/orders/${own.json().insertedId}`)).json();
    expect(ownOrder.enteredBy).toBeUndefined();
    expect(ownOrder.events[0]).toMatchObject({ type: 'placed', by: 'buyer' });
    const none = await buyer.get(`/api/orders/${ownOrder._id}/documents/acknowledgement.pdf`);
    expect(none.statusCode).toBe(409);
    expect(none.json().key).toBe('documentNotIssued.acknowledgement');
  });
});

describe('entering orders, refused', () => {
  it('is for admins only: a buyer gets 403 and a visitor 401, and nothing is written', async () => {
    const before = await orderCount();
    const body = { buyerEmail: BUYER, lines: [{ toolId: tool, quantity: 1 }], ...delivery };
    expect((await buyer.post('/api/orders/entered', body)).statusCode).toBe(403);
    expect(
      (await new Client(shop.app, shop.config.publicUrl, '10.62.0.9').post('/api/orders/entered', body))
        .statusCode,
    ).toBe(401);
    expect(await orderCount()).toBe(before);
  });

  it('says at the e-mail field that no account has it, in English and Japanese', async () => {
    const body = { buyerEmail: 'nobody@kanna.example', lines: [{ toolId: tool, quantity: 1 }], ...delivery };
    const en = await enter(body);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      key: 'noSuchBuyer',
      errors: [{ path: 'buyerEmail', message: messages.noSuchBuyer }],
    });
    const ja = await enter(body, { 'accept-language': 'ja' });
    expect(ja.json().errors).toMatchObject([{ path: 'buyerEmail', message: messagesJa.noSuchBuyer }]);
  });

  it('holds a buyer who has not confirmed their address to the buyer’s rule (403), and takes no stock', async () => {
    const unconfirmed = new Client(shop.app, shop.config.publicUrl, '10.62.0.3');
    await unconfirmed.signUp('Unconfirmed Buyer', 'unconfirmed.phone@kanna.example');
    const before = await stock();
    const res = await enter({
      buyerEmail: 'unconfirmed.phone@kanna.example',
      lines: [{ toolId: tool, quantity: 1 }],
      ...delivery,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe('verifyEmailToOrder');
    expect(await stock()).toBe(before);
  });

  it('refuses more than the stock at its line, as the buyer’s own order would be, and writes nothing', async () => {
    const before = await orderCount();
    const res = await enter({ buyerEmail: BUYER, lines: [{ toolId: tool, quantity: 1000 }], ...delivery });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().errors?.[0]?.path).toBe('lines.0.quantity');
    expect(await orderCount()).toBe(before);
  });
});
