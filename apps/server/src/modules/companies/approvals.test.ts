import { messages } from '@kanna/shared/domain/messages';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, companyMembers, orders, tools, user } from '../../db/schema';
import { addTool, captureMailer, onPostgres, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { ownerSignedIn, signedIn, startShopFor } from '../../test/shopping';

/**
 * Orders above a member's spending limit (decision 0067; docs/rules.md, "Companies"): placed
 * awaiting the company owner's approval, holding their stock, never expiring; the owner approves
 * (card: unpaid, its hold from the approval; account: on account) or declines with a reason (an
 * admin may decline, not approve); the member is mailed. And the company on the order: a member who
 * leaves takes none of their orders on account off the company's balance.
 */
let shop: TestShop;
const mailer = captureMailer();
let admin: Client;
let n = 0;

const TOKYO = { phone: '0312345678', address: '1-1 Ginza, Chuo-ku, Tokyo' };
const terms = {
  closingDay: 'end',
  payMonthsAfter: 1,
  payDay: 'end',
  creditLimit: 5000,
  currency: 'USD',
  language: 'en',
};

beforeAll(async () => {
  shop = await startShopFor('owner@kanna.example', {}, mailer);
  admin = await ownerSignedIn(shop, '10.68.0.1');
});
afterAll(() => shop?.close());

type Company = { owner: Client; ownerEmail: string; companyId: string };

/** An approved company with terms and its signed-in owner. */
async function company(): Promise<Company> {
  n++;
  const ownerEmail = `approvals.owner.${n}@kanna.example`;
  const owner = await signedIn(shop, `10.68.1.${n}`, `Owner ${n}`, ownerEmail);
  const applied = await owner.post('/api/companies', {
    name: `Approvals Co ${n}`,
    billingAddress: `${n} Approval Street`,
    billingEmail: ownerEmail,
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const companyId = applied.json().id as string;
  const approved = await admin.patch(`/api/companies/${companyId}`, { status: 'approved', terms });
  expect(approved.statusCode, approved.body).toBe(200);
  return { owner, ownerEmail, companyId };
}

/** A signed-in buyer of `companyId` with a spending limit in cents (null: none). */
async function member(
  companyId: string,
  limitMinor: number | null,
): Promise<{ client: Client; email: string }> {
  n++;
  const email = `approvals.member.${n}@kanna.example`;
  const client = await signedIn(shop, `10.68.2.${n}`, `Member ${n}`, email);
  const [row] = await shop.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await shop.database.db
    .insert(companyMembers)
    .values({ userId: row?.id ?? '', companyId, role: 'buyer', spendingLimitMinor: limitMinor });
  return { client, email };
}

const order = (c: Client, toolId: string, quantity: number, paymentMethod = 'card') =>
  c.post('/api/order', { ...TOKYO, lines: [{ toolId, quantity }], paymentMethod });

const stockOf = async (id: string) =>
  (await shop.database.db.select({ available: tools.available }).from(tools).where(eq(tools.id, id)))[0]
    ?.available;
const rowOf = async (id: string) =>
  (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0];

/** The mail to `to` whose subject ends with `ending` (and whose text names `naming`, when given). */
const mailTo = (to: string, ending: string, naming = '') =>
  vi.waitFor(
    () => {
      const found = mailer.sent.find(
        (m) => m.to === to && m.subject.endsWith(ending) && m.text.includes(naming),
      );
      expect(found).toBeDefined();
      return found as { subject: string; text: string };
    },
    { timeout: 5000, interval: 50 },
  );

const ja = { 'accept-language': 'ja' };

/** Both languages refuse with `status` and the same key, each in its own words. */
async function refusedInBoth(
  c: Client,
  url: string,
  body: object | undefined,
  status: number,
  key: keyof typeof messages & keyof typeof messagesJa,
) {
  const en = await c.request({ method: 'POST', url, payload: body });
  expect(en.statusCode, en.body).toBe(status);
  expect(en.json()).toMatchObject({ key, message: messages[key] });
  const inJa = await c.request({ method: 'POST', url, payload: body, headers: ja });
  expect(inJa.statusCode).toBe(status);
  expect(inJa.json()).toMatchObject({ key, message: messagesJa[key] });
}

describe('an order above the member’s spending limit', () => {
  let co: Company;
  let buyer: Client;
  let buyerEmail: string;
  let toolId: string;
  let waitingId: string;

  beforeAll(async () => {
    co = await company();
    // $300 limit; $100 a piece.
    ({ client: buyer, email: buyerEmail } = await member(co.companyId, 30_000));
    toolId = (await addTool(shop, { minQuantity: 1, available: 100, priceCents: 10_000 }))._id;
  });

  it('is placed as usual below the limit', async () => {
    const res = await order(buyer, toolId, 1);
    expect(res.statusCode, res.body).toBe(201);
    expect((await rowOf(res.json().insertedId))?.status).toBe('unpaid');
    expect(await stockOf(toolId)).toBe(99);
  });

  it('above it awaits approval holding its stock, the company on it; the owner and the member are mailed', async () => {
    const res = await order(buyer, toolId, 4);
    expect(res.statusCode, res.body).toBe(201);
    waitingId = res.json().insertedId;
    const row = await rowOf(waitingId);
    expect(row).toMatchObject({ status: 'awaiting_approval', companyId: co.companyId });
    expect((await buyer.get(`/api/orders/${waitingId}`)).json().status).toBe('awaiting_approval');
    expect(await stockOf(toolId)).toBe(95);
    const asked = await mailTo(co.ownerEmail, 'awaits your approval');
    expect(asked.text).toContain('above their spending limit');
    expect(asked.text).toContain('/dashboard/company');
    const placed = await mailTo(buyerEmail, 'placed', `/dashboard/myOrders/${waitingId}`);
    expect(placed.text).toContain("waits for your company owner's approval");
    expect(placed.text).not.toContain('Pay for the order');
  });

  it('is listed in the CSV export in the admin’s words', async () => {
    const csv = await admin.get('/api/order/export.csv?status=awaiting_approval');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Awaiting approval');
  });

  it('never expires: the hold sweep leaves it and its stock alone', async () => {
    await shop.database.db
      .update(orders)
      .set({ holdUntil: sql`now() - interval '1 day'` })
      .where(eq(orders.id, waitingId));
    await shop.services.orders.releaseExpiredHolds();
    expect((await rowOf(waitingId))?.status).toBe('awaiting_approval');
    expect(await stockOf(toolId)).toBe(95);
  });

  it('is refused to anyone but its company’s owner: 403 member, 403 another owner, 403 admin approving, 404 unknown', async () => {
    const url = `/api/orders/${waitingId}/approve`;
    await refusedInBoth(buyer, url, undefined, 403, 'onlyOwnerApproves');
    const other = await company();
    await refusedInBoth(other.owner, url, undefined, 403, 'onlyOwnerApproves');
    await refusedInBoth(
      other.owner,
      `/api/orders/${waitingId}/decline`,
      { reason: 'No' },
      403,
      'onlyOwnerApproves',
    );
    await refusedInBoth(admin, url, undefined, 403, 'shopCannotApprove');
    const unknown = await co.owner.post('/api/orders/00000000-0000-4000-8000-000000000000/approve', {});
    expect(unknown.statusCode).toBe(404);
    expect((await rowOf(waitingId))?.status).toBe('awaiting_approval');
  });

  it('refuses a decline without a reason or with one over 500 characters (400 at reason), in both languages', async () => {
    const url = `/api/orders/${waitingId}/decline`;
    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      const en = await co.owner.post(url, { reason });
      expect(en.statusCode, en.body).toBe(400);
      const key = reason.length > 500 ? 'orderDeclineReasonTooLong' : 'orderDeclineReasonRequired';
      expect(en.json()).toMatchObject({ key, errors: [{ path: 'reason', key }] });
      const inJa = await co.owner.request({ method: 'POST', url, payload: { reason }, headers: ja });
      expect(inJa.statusCode).toBe(400);
      expect(inJa.json()).toMatchObject({ key, errors: [{ path: 'reason', key }] });
    }
    expect(
      (await co.owner.request({ method: 'POST', url, payload: { reason: '' }, headers: ja })).json().message,
    ).toBe(messagesJa.orderDeclineReasonRequired);
  });

  it('approved by the owner (card): unpaid, its hold from the approval; the member mailed; in the audit log; twice is 409', async () => {
    const before = Date.now();
    const res = await co.owner.post(`/api/orders/${waitingId}/approve`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('unpaid');
    const row = await rowOf(waitingId);
    expect(row?.status).toBe('unpaid');
    // The card hold (the shop's, as at placing) counted from now, not from when it was placed.
    expect(row?.holdUntil.getTime()).toBeGreaterThan(before);
    expect(await stockOf(toolId)).toBe(95);
    const mail = await mailTo(buyerEmail, 'approved');
    expect(mail.text).toContain('Your company owner approved your order.');
    expect(mail.text).toContain('Stock held until');
    const audit = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'order.approve'), eq(auditLog.targetId, waitingId)));
    expect(audit).toHaveLength(1);
    await refusedInBoth(co.owner, `/api/orders/${waitingId}/approve`, undefined, 409, 'notAwaitingApproval');
  });

  it('declined by the owner with a reason: cancelled, its stock back, the member mailed the reason; approving it after is 409', async () => {
    const res = await order(buyer, toolId, 5);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId;
    expect(await stockOf(toolId)).toBe(90);
    const declined = await co.owner.post(`/api/orders/${id}/decline`, {
      reason: '  Over this month’s budget\nPlease split it  ',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().status).toBe('cancelled');
    expect(await stockOf(toolId)).toBe(95);
    const mail = await mailTo(buyerEmail, 'declined');
    expect(mail.text).toContain('Over this month’s budget');
    expect(mail.text).toContain('Its stock is back on sale.');
    await refusedInBoth(co.owner, `/api/orders/${id}/approve`, undefined, 409, 'notAwaitingApproval');
    await refusedInBoth(
      co.owner,
      `/api/orders/${id}/decline`,
      { reason: 'Again' },
      409,
      'notAwaitingApproval',
    );
  });

  it('may be declined by an admin, and cancelled by its buyer, each with its stock back', async () => {
    const first = (await order(buyer, toolId, 4)).json().insertedId;
    const second = (await order(buyer, toolId, 4)).json().insertedId;
    expect(await stockOf(toolId)).toBe(87);
    const byShop = await admin.post(`/api/orders/${first}/decline`, { reason: 'Out of season' });
    expect(byShop.statusCode, byShop.body).toBe(200);
    expect((await rowOf(first))?.status).toBe('cancelled');
    expect((await buyer.delete(`/api/order/${second}`)).statusCode).toBe(200);
    expect((await rowOf(second))?.status).toBe('cancelled');
    expect(await stockOf(toolId)).toBe(95);
  });

  it('on account: awaits approval counted on the credit limit, and approved it is on account', async () => {
    const res = await order(buyer, toolId, 4, 'account');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId;
    expect((await rowOf(id))?.status).toBe('awaiting_approval');
    const due = (await rowOf(id))?.amountDueCents ?? 0;
    expect((await admin.get(`/api/companies/${co.companyId}`)).json()).toMatchObject({
      openBalance: due / 100,
      available: 5000 - due / 100,
    });
    const approved = await co.owner.post(`/api/orders/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('on_account');
    expect((await admin.get(`/api/companies/${co.companyId}`)).json()).toMatchObject({
      openBalance: due / 100,
    });
  });
});

describe('a company that reads Japanese', () => {
  it('asks its owner in Japanese, and tells a member who ordered in Japanese why it was declined, in Japanese', async () => {
    const co = await company();
    const set = await admin.put(`/api/companies/${co.companyId}/terms`, { ...terms, language: 'ja' });
    expect(set.statusCode, set.body).toBe(200);
    const { client, email } = await member(co.companyId, 100);
    const toolId = (await addTool(shop, { minQuantity: 1, available: 10, priceCents: 10_000 }))._id;
    const res = await client.request({
      method: 'POST',
      url: '/api/order',
      payload: { ...TOKYO, lines: [{ toolId, quantity: 1 }] },
      headers: ja,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId;
    const asked = await mailTo(co.ownerEmail, 'の承認をお願いいたします');
    expect(asked.text).toContain('ご利用上限額を超えるご注文');
    const declined = await co.owner.post(`/api/orders/${id}/decline`, { reason: '今月の予算を超えています' });
    expect(declined.statusCode, declined.body).toBe(200);
    const told = await mailTo(email, 'は承認されませんでした');
    expect(told.text).toContain('今月の予算を超えています');
  });
});

describe('the owner’s own order', () => {
  it('is never held for approval: an owner has no limit to pass, even one set on them', async () => {
    const co = await company();
    const set = await co.owner.put(
      `/api/companies/${co.companyId}/members/${encodeURIComponent(co.ownerEmail)}/spending-limit`,
      { spendingLimit: 1 },
    );
    expect(set.statusCode, set.body).toBe(200);
    const toolId = (await addTool(shop, { minQuantity: 1, available: 10, priceCents: 10_000 }))._id;
    const res = await order(co.owner, toolId, 2);
    expect(res.statusCode, res.body).toBe(201);
    expect((await rowOf(res.json().insertedId))?.status).toBe('unpaid');
  });
});

describe('the company on the order', () => {
  it('keeps a removed member’s orders on account on the balance, and refuses an order that would pass the limit with them (409)', async () => {
    const co = await company();
    const { client: leaver, email } = await member(co.companyId, null);
    const toolId = (await addTool(shop, { minQuantity: 1, available: 1000, priceCents: 100_000 }))._id;
    // $4,000 and its charges on account, of the $5,000 limit.
    const placed = await order(leaver, toolId, 4, 'account');
    expect(placed.statusCode, placed.body).toBe(201);
    const due = (await rowOf(placed.json().insertedId))?.amountDueCents ?? 0;
    const owed = { openBalance: due / 100, available: 5000 - due / 100 };
    expect((await admin.get(`/api/companies/${co.companyId}`)).json()).toMatchObject(owed);
    const removed = await co.owner.delete(
      `/api/companies/${co.companyId}/members/${encodeURIComponent(email)}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await admin.get(`/api/companies/${co.companyId}`)).json()).toMatchObject(owed);
    // $2,000 more fits the limit only if the leaver's order is forgotten.
    const refused = await order(co.owner, toolId, 2, 'account');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ key: 'overCreditLimit' });
    expect(await stockOf(toolId)).toBe(996);
  });

  it('keeps a removed member’s order awaiting approval before the owner, who may still decide it', async () => {
    const co = await company();
    const { client: leaver, email } = await member(co.companyId, 100);
    const toolId = (await addTool(shop, { minQuantity: 1, available: 10, priceCents: 10_000 }))._id;
    const placed = await order(leaver, toolId, 1);
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().insertedId;
    expect(
      (await co.owner.delete(`/api/companies/${co.companyId}/members/${encodeURIComponent(email)}`))
        .statusCode,
    ).toBe(200);
    const listed = (await co.owner.get(`/api/companies/${co.companyId}/orders`)).json() as {
      id: string;
      status: string;
    }[];
    expect(listed).toEqual([expect.objectContaining({ id, status: 'awaiting_approval' })]);
    const declined = await co.owner.post(`/api/orders/${id}/decline`, { reason: 'No longer with us' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await stockOf(toolId)).toBe(10);
  });
});

describe.runIf(onPostgres())('approve and decline at once', () => {
  it('lets exactly one win: one 200, one 409, the stock and the state as the winner left them', async () => {
    const co = await company();
    const { client: buyer } = await member(co.companyId, 10_000);
    const toolId = (await addTool(shop, { minQuantity: 1, available: 50, priceCents: 10_000 }))._id;
    for (let round = 0; round < 5; round++) {
      const id = (await order(buyer, toolId, 3)).json().insertedId;
      expect((await rowOf(id))?.status).toBe('awaiting_approval');
      const [approve, decline] = await Promise.all([
        co.owner.post(`/api/orders/${id}/approve`, {}),
        co.owner.post(`/api/orders/${id}/decline`, { reason: 'Too many' }),
      ]);
      expect([approve.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
      const status = (await rowOf(id))?.status;
      if (approve.statusCode === 200) {
        expect(status).toBe('unpaid');
        // Cancelled by the buyer, so the next round starts with the same stock.
        expect(await stockOf(toolId)).toBe(47);
        expect((await buyer.delete(`/api/order/${id}`)).statusCode).toBe(200);
      } else expect(status).toBe('cancelled');
      expect(await stockOf(toolId)).toBe(50);
    }
  });
});
