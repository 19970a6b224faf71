import { messages } from '@kanna/shared/domain/messages';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { isOwedOnAccount, orderStates } from '@kanna/shared/domain/order-state';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companyMembers, orders, tools, user } from '../../db/schema';
import { addTool, captureMailer, onPostgres, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { ownerSignedIn, signedIn, startShopFor } from '../../test/shopping';

/**
 * Ordering on account (decision 0067; docs/rules.md, "Order states"): a member of an approved
 * company with terms orders with `paymentMethod: "account"`; the order is accepted at once
 * (on_account), holds its stock, never expires, ships before any payment (account_shipped, not
 * paid: no invoice nor receipt), and is cancelled with its stock back. The company's open balance
 * and the order stay within its credit limit, even for many orders at once.
 */
let shop: TestShop;
const mailer = captureMailer();
let admin: Client;
let n = 0;

const TOKYO = { phone: '0312345678', address: '1-1 Ginza, Chuo-ku, Tokyo' };
const dollarTerms = {
  closingDay: 'end',
  payMonthsAfter: 1,
  payDay: 'end',
  creditLimit: 1000,
  currency: 'USD',
  language: 'en',
};

beforeAll(async () => {
  shop = await startShopFor('owner@kanna.example', {}, mailer);
  admin = await ownerSignedIn(shop, '10.67.0.1');
});
afterAll(() => shop?.close());

/** A signed-in buyer who applied for a company (pending); approved with `terms` when given. */
async function companyOwner(terms?: object): Promise<{ client: Client; companyId: string; email: string }> {
  n++;
  const client = await signedIn(
    shop,
    `10.67.1.${n}`,
    `Account Buyer ${n}`,
    `account.buyer.${n}@kanna.example`,
  );
  const applied = await client.post('/api/companies', {
    name: `Account Co ${n}`,
    billingAddress: `${n} Account Street`,
    billingEmail: `account.buyer.${n}@kanna.example`,
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const companyId = applied.json().id as string;
  if (terms) {
    const approved = await admin.patch(`/api/companies/${companyId}`, { status: 'approved', terms });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  return { client, companyId, email: `account.buyer.${n}@kanna.example` };
}

const onAccount = (c: Client, toolId: string, quantity: number, headers: Record<string, string> = {}) =>
  c.request({
    method: 'POST',
    url: '/api/order',
    payload: { ...TOKYO, lines: [{ toolId, quantity }], paymentMethod: 'account' },
    headers,
  });

const stockOf = async (id: string) =>
  (await shop.database.db.select({ available: tools.available }).from(tools).where(eq(tools.id, id)))[0]
    ?.available;
const orderOf = async (c: Client, id: string) => (await c.get(`/api/orders/${id}`)).json();

describe('an order on account', () => {
  let buyer: Client;
  let buyerEmail: string;
  let companyId: string;
  let toolId: string;
  let orderId: string;

  beforeAll(async () => {
    ({ client: buyer, email: buyerEmail, companyId } = await companyOwner(dollarTerms));
    toolId = (await addTool(shop, { minQuantity: 1, available: 100, priceCents: 10_000 }))._id;
  });

  it('tells the member they may order on account', async () => {
    expect((await buyer.get('/api/companies/mine')).json()).toMatchObject({ onAccount: true });
  });

  it('is accepted at once (201), on account, holding its stock', async () => {
    const res = await onAccount(buyer, toolId, 2);
    expect(res.statusCode, res.body).toBe(201);
    orderId = res.json().insertedId;
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'on_account', paymentMethod: 'account' });
    expect(await stockOf(toolId)).toBe(98);
    // Its mail asks for no payment and names no hold that runs out.
    const mail = await vi.waitFor(
      () => {
        const found = mailer.sent.find((m) => m.to === buyerEmail && m.subject.endsWith('placed'));
        expect(found).toBeDefined();
        return found as { text: string };
      },
      { timeout: 5000, interval: 50 },
    );
    expect(mail.text).toContain("It is on your company's account");
    expect(mail.text).not.toContain('Stock held until');
    expect(mail.text).not.toContain('Pay for the order');
  });

  it('never expires: the hold sweep leaves it and its stock alone', async () => {
    await shop.database.db
      .update(orders)
      .set({ holdUntil: sql`now() - interval '1 day'` })
      .where(eq(orders.id, orderId));
    await shop.services.orders.releaseExpiredHolds();
    expect((await orderOf(buyer, orderId)).status).toBe('on_account');
    expect(await stockOf(toolId)).toBe(98);
  });

  it('is shipped by the shop before any payment, and is still not paid: no invoice or receipt (409)', async () => {
    const shipped = await admin.request({ method: 'PATCH', url: `/api/order/${orderId}/ship` });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = await orderOf(buyer, orderId);
    expect(order.status).toBe('account_shipped');
    expect(order.paidAt).toBeNull();
    for (const kind of ['invoice', 'receipt'] as const) {
      const res = await buyer.get(`/api/orders/${orderId}/documents/${kind}.pdf`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(messages.documentNotIssued[kind]);
    }
    // Its delivery note goes with the goods.
    expect((await buyer.get(`/api/orders/${orderId}/documents/delivery-note.pdf`)).statusCode).toBe(200);
    expect(await stockOf(toolId)).toBe(98);
    // Shipping it again changes nothing.
    const again = await admin.request({ method: 'PATCH', url: `/api/order/${orderId}/ship` });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('account_shipped');
  });

  it('is listed in the CSV export in the admin’s words', async () => {
    const csv = await admin.get('/api/order/export.csv?status=account_shipped');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Shipped — on account');
  });

  it('is cancelled by the shop before it ships, with nothing to refund: its stock back', async () => {
    const res = await onAccount(buyer, toolId, 3);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId;
    expect(await stockOf(toolId)).toBe(95);
    const cancelled = await admin.post(`/api/orders/${id}/cancel`, { reason: 'Customer asked by phone' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: null, payments: [] });
    expect(await stockOf(toolId)).toBe(98);
  });

  it('is cancelled by its buyer before it ships: its stock back', async () => {
    const res = await onAccount(buyer, toolId, 5);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId;
    expect(await stockOf(toolId)).toBe(93);
    expect((await buyer.delete(`/api/order/${id}`)).statusCode).toBe(200);
    expect((await orderOf(buyer, id)).status).toBe('cancelled');
    expect(await stockOf(toolId)).toBe(98);
  });

  it('is entered by the shop for the member (a phone order on account): on account, as their own', async () => {
    const res = await admin.post('/api/orders/entered', {
      buyerEmail,
      ...TOKYO,
      country: 'JP',
      lines: [{ toolId, quantity: 1 }],
      paymentMethod: 'account',
    });
    expect(res.statusCode, res.body).toBe(201);
    const entered = await orderOf(buyer, res.json().insertedId);
    expect(entered).toMatchObject({ status: 'on_account', paymentMethod: 'account' });
    expect((await buyer.delete(`/api/order/${res.json().insertedId}`)).statusCode).toBe(200);
  });

  it('is refused over the credit limit (409), naming the limit, the open balance and what is left, in both languages', async () => {
    // $200 shipped and owed; $1,000 limit: $800 left, 9 × $100 is too much.
    const en = await onAccount(buyer, toolId, 9);
    expect(en.statusCode, en.body).toBe(409);
    expect(en.json()).toMatchObject({
      key: 'overCreditLimit',
      params: [1000, 200, 800, 'USD'],
      message: messages.overCreditLimit(1000, 200, 800, 'USD'),
      errors: [{ path: 'paymentMethod', key: 'overCreditLimit' }],
    });
    expect(en.json().message).toContain('$1,000.00');
    const ja = await onAccount(buyer, toolId, 9, { 'accept-language': 'ja' });
    expect(ja.statusCode).toBe(409);
    expect(ja.json()).toMatchObject({
      key: 'overCreditLimit',
      message: messagesJa.overCreditLimit(1000, 200, 800, 'USD'),
    });
    expect(await stockOf(toolId)).toBe(98);
    // The company's page shows the same open balance and what is available.
    expect((await admin.get(`/api/companies/${companyId}`)).json()).toMatchObject({
      openBalance: 200,
      available: 800,
    });
    // Exactly what is left still goes.
    expect((await onAccount(buyer, toolId, 8)).statusCode).toBe(201);
    expect((await admin.get(`/api/companies/${companyId}`)).json()).toMatchObject({
      openBalance: 1000,
      available: 0,
    });
  });
});

describe('refusals: on account only for a member of an approved company with terms, in its currency', () => {
  let toolId: string;
  beforeAll(async () => {
    toolId = (await addTool(shop, { minQuantity: 1, available: 100, priceCents: 1000 }))._id;
  });

  const refusedAt = async (res: Awaited<ReturnType<typeof onAccount>>, path: string, key: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ key, errors: [{ path, key }] });
  };

  it('refuses a buyer outside any company (400 at paymentMethod)', async () => {
    n++;
    const loner = await signedIn(shop, `10.67.1.${n}`, 'Loner', `account.loner.${n}@kanna.example`);
    expect((await loner.get('/api/companies/mine')).json()).toMatchObject({ onAccount: false });
    await refusedAt(await onAccount(loner, toolId, 1), 'paymentMethod', 'onAccountNotAllowed');
    const ja = await onAccount(loner, toolId, 1, { 'accept-language': 'ja' });
    expect(ja.json().message).toBe(messagesJa.onAccountNotAllowed);
    expect(await stockOf(toolId)).toBe(100);
  });

  it('refuses a member of a pending company without terms (400)', async () => {
    const { client } = await companyOwner();
    expect((await client.get('/api/companies/mine')).json()).toMatchObject({ onAccount: false });
    await refusedAt(await onAccount(client, toolId, 1), 'paymentMethod', 'onAccountNotAllowed');
  });

  it('refuses a member of a company with terms not yet approved (400): an approved one always has terms', async () => {
    const { client, companyId } = await companyOwner();
    const set = await admin.put(`/api/companies/${companyId}/terms`, dollarTerms);
    expect(set.statusCode, set.body).toBe(200);
    expect((await client.get('/api/companies/mine')).json()).toMatchObject({
      company: { status: 'pending', terms: { creditLimit: 1000 } },
      onAccount: false,
    });
    await refusedAt(await onAccount(client, toolId, 1), 'paymentMethod', 'onAccountNotAllowed');
  });

  it('refuses an order not in the account’s currency (400 at country, naming it)', async () => {
    const { client } = await companyOwner({ ...dollarTerms, currency: 'JPY', creditLimit: 100000 });
    const res = await onAccount(client, toolId, 1);
    await refusedAt(res, 'country', 'accountCurrencyIs');
    expect(res.json().message).toBe(messages.accountCurrencyIs('JPY'));
    // By card the same member orders as anyone.
    const card = await client.post('/api/order', { ...TOKYO, lines: [{ toolId, quantity: 1 }] });
    expect(card.statusCode).toBe(201);
  });
});

describe.runIf(onPostgres())('many orders on one account at once', () => {
  it('places exactly as many as fit within the credit limit, never more', async () => {
    const { client: owner, companyId } = await companyOwner(dollarTerms);
    // Four more members of the company, each ordering from their own session.
    const members = [owner];
    for (let i = 0; i < 4; i++) {
      n++;
      const email = `account.member.${n}@kanna.example`;
      members.push(await signedIn(shop, `10.67.2.${n}`, `Member ${n}`, email));
      const [row] = await shop.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      await shop.database.db
        .insert(companyMembers)
        .values({ userId: row?.id ?? '', companyId, role: 'buyer' });
    }
    const toolId = (await addTool(shop, { minQuantity: 1, available: 1000, priceCents: 15_000 }))._id;
    // $150 each against $1,000: six fit ($900), fourteen do not.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => onAccount(members[i % members.length] as Client, toolId, 1)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(6);
    expect(codes.filter((c) => c === 409)).toHaveLength(14);
    const owed = await shop.database.db
      .select({ due: sql<number>`coalesce(sum(${orders.amountDueCents}), 0)::int` })
      .from(orders)
      .innerJoin(companyMembers, eq(companyMembers.userId, orders.userId))
      .where(
        and(
          eq(companyMembers.companyId, companyId),
          inArray(
            orders.status,
            orderStates.filter((status) => isOwedOnAccount({ status })),
          ),
        ),
      );
    expect(owed[0]?.due).toBe(90_000);
    expect(await stockOf(toolId)).toBe(994);
  });
});
