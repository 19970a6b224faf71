import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyInvitations } from '../../db/schema';
import { addTool, captureMailer, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { ownerSignedIn, signedIn, startShopFor } from '../../test/shopping';
import type { Mail } from '../mail/mailer';

/**
 * Trade accounts (docs/rules.md, "Companies"): a buyer applies, an administrator approves with
 * terms or declines with a reason; the owner invites buyers by a link that works once, for the
 * invited address, for 7 days; limits are checked against the company's currency; a member pays
 * their company's price list unless they have their own; every change is in the audit log.
 */
let shop: TestShop;
const mailer = captureMailer();
let admin: Client;
let owner: Client;
let buyer: Client;
let stranger: Client;
let companyId = '';
const OWNER = 'company-owner@kanna.example';
const BUYER = 'company-buyer@kanna.example';
const STRANGER = 'company-stranger@kanna.example';

const application = {
  name: 'Yamada Woodworks',
  department: 'Purchasing',
  registrationNumber: 'Ｔ１２３４５６７８９０１２３',
  billingAddress: 'Yamada Woodworks\n1-2-3 Ginza, Chuo-ku, Tokyo 104-0061',
  note: 'We buy planes monthly.',
};
const yenTerms = {
  closingDay: 'monthEnd',
  paymentDue: 'nextMonthEnd',
  creditLimit: 500000,
  currency: 'JPY',
  language: 'ja',
};
const inJapanese = { 'accept-language': 'ja' };

beforeAll(async () => {
  shop = await startShopFor('owner@kanna.example', {}, mailer);
  admin = await ownerSignedIn(shop, '10.42.0.1');
  owner = await signedIn(shop, '10.42.0.2', 'Taro Yamada', OWNER);
  buyer = await signedIn(shop, '10.42.0.3', 'Hanako Sato', BUYER);
  stranger = await signedIn(shop, '10.42.0.4', 'Someone Else', STRANGER);
});
afterAll(() => shop?.close());

const auditOf = (kind: string) => shop.database.db.select().from(auditLog).where(eq(auditLog.kind, kind));

/** The invitation mail last sent to `email`, and its link's token. */
function invitationTo(email: string): { mail: Mail; token: string } {
  const mail = [...mailer.sent].reverse().find((m) => m.to === email);
  if (!mail?.link) throw new Error(`no invitation mail to ${email}`);
  const token = new URL(mail.link).searchParams.get('invitation') ?? '';
  return { mail, token };
}

describe('applying and deciding', () => {
  it('refuses an application without a name or billing address, or with a bad registration number, naming each field in the reader’s language', async () => {
    const res = await owner.request({
      method: 'POST',
      url: '/api/company/application',
      payload: { name: ' ', registrationNumber: 'T123' },
      headers: inJapanese,
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'registrationNumber', 'billingAddress']));
    expect(res.json().errors.find((e: { path: string }) => e.path === 'registrationNumber')).toMatchObject({
      key: 'companyRegistrationNumberInvalid',
      message: '登録番号は「T」と13桁の数字です（例：T1234567890123）。',
    });
  });

  it('takes a billing address from the applicant’s own address book only (another’s is 404)', async () => {
    const entry = await stranger.post('/api/address-book', {
      label: 'Office',
      kind: 'billing',
      recipient: 'Someone Else',
      phone: '03-1234-5678',
      country: 'US',
      line1: '1 Main Street',
      city: 'Springfield',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const theirs = await owner.post('/api/company/application', {
      name: 'Borrowed Address Ltd',
      billingAddressId: entry.json()._id,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await owner.get('/api/company')).json()).toMatchObject({ company: null });
  });

  it('keeps an application pending, the applicant its owner, once per account even when sent twice at once', async () => {
    const [a, b] = await Promise.all([
      owner.post('/api/company/application', application),
      owner.post('/api/company/application', application),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const made = a.statusCode === 201 ? a : b;
    const refused = a.statusCode === 201 ? b : a;
    expect(refused.json()).toMatchObject({ code: 'conflict', key: 'alreadyInCompany' });
    expect(made.json()).toMatchObject({
      name: 'Yamada Woodworks',
      registrationNumber: 'T1234567890123',
      status: 'pending',
      terms: null,
    });
    companyId = made.json().id;
    const mine = (await owner.get('/api/company')).json();
    expect(mine).toMatchObject({ role: 'owner', company: { id: companyId, status: 'pending' } });
    const again = await owner.post('/api/company/application', { ...application, name: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(await auditOf('company.apply')).toHaveLength(1);
  });

  it('lets only an administrator list, approve or decline (401 signed out, 403 to a buyer)', async () => {
    const visitor = (await import('../../test/http')).Client;
    const anon = new visitor(shop.app, shop.config.publicUrl, '10.42.0.9');
    expect((await anon.get('/api/companies')).statusCode).toBe(401);
    expect((await owner.get('/api/companies')).statusCode).toBe(403);
    const self = await owner.post(`/api/companies/${companyId}/approval`, { terms: yenTerms });
    expect(self.statusCode).toBe(403);
    expect((await owner.get('/api/company')).json().company.status).toBe('pending');
  });

  it('refuses terms out of range: closing day, days to pay, a credit limit with decimals in yen or above 10,000,000', async () => {
    for (const [terms, path] of [
      [{ ...yenTerms, closingDay: 29 }, 'terms.closingDay'],
      [{ ...yenTerms, paymentDue: 'days' }, 'terms.paymentDays'],
      [{ ...yenTerms, creditLimit: 1000.5 }, 'terms.creditLimit'],
      [{ ...yenTerms, currency: 'USD', creditLimit: 10.123 }, 'terms.creditLimit'],
      [{ ...yenTerms, creditLimit: 10_000_001 }, 'terms.creditLimit'],
      [{ ...yenTerms, creditLimit: 0 }, 'terms.creditLimit'],
    ] as const) {
      const res = await admin.post(`/api/companies/${companyId}/approval`, { terms });
      expect(res.statusCode, JSON.stringify(terms)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('approves with terms once; the list shows the next closing date and no invented balance', async () => {
    const res = await admin.post(`/api/companies/${companyId}/approval`, { terms: yenTerms });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      terms: {
        closingDay: 'monthEnd',
        paymentDue: 'nextMonthEnd',
        paymentDays: null,
        creditLimit: 500000,
        currency: 'JPY',
        language: 'ja',
      },
      ownerEmail: OWNER,
      memberCount: 1,
      balance: null,
      overdue: null,
    });
    expect(res.json().nextClosingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const twice = await admin.post(`/api/companies/${companyId}/decline`, { reason: 'Too late' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ key: 'companyNotPending' });
    const list = (await admin.get('/api/companies')).json();
    expect(list.find((c: { id: string }) => c.id === companyId)).toMatchObject({ name: 'Yamada Woodworks' });
    const [entry] = await auditOf('company.approve');
    expect(entry).toMatchObject({ actorEmail: 'owner@kanna.example', targetId: companyId });
    expect(entry?.after).toMatchObject({ status: 'approved', creditLimit: 500000, currency: 'JPY' });
  });

  it('declines with a reason the applicant reads; they belong to no company and may apply again', async () => {
    const applicant = await signedIn(shop, '10.42.0.5', 'Declined Applicant', 'declined@kanna.example');
    const applied = await applicant.post('/api/company/application', {
      name: 'Shaky Ltd',
      billingAddress: '1 Nowhere Street',
    });
    expect(applied.statusCode).toBe(201);
    const noReason = await admin.post(`/api/companies/${applied.json().id}/decline`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const declined = await admin.post(`/api/companies/${applied.json().id}/decline`, {
      reason: 'We could not confirm the registration number.',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', memberCount: 0 });
    expect((await applicant.get('/api/company')).json()).toMatchObject({
      company: null,
      declined: { name: 'Shaky Ltd', reason: 'We could not confirm the registration number.' },
    });
    expect(
      (await applicant.post('/api/company/application', { name: 'Shaky Ltd', billingAddress: 'x' }))
        .statusCode,
    ).toBe(201);
    expect(await auditOf('company.decline')).toHaveLength(1);
  });

  it('lets an administrator create an approved company for an existing account, not for one already in a company', async () => {
    await signedIn(shop, '10.42.0.6', 'Direct Owner', 'direct@kanna.example');
    const body = {
      name: 'Direct Trading',
      billingAddress: '5 Market Street, Osaka',
      ownerEmail: 'direct@kanna.example',
      terms: {
        closingDay: 20,
        paymentDue: 'days',
        paymentDays: 30,
        creditLimit: 2500.5,
        currency: 'USD',
        language: 'en',
      },
    };
    const made = await admin.post('/api/companies', body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      status: 'approved',
      terms: { closingDay: 20, paymentDays: 30, creditLimit: 2500.5 },
      members: [{ email: 'direct@kanna.example', role: 'owner' }],
    });
    const again = await admin.post('/api/companies', { ...body, name: 'Other' });
    expect(again.statusCode).toBe(409);
    const unknown = await admin.post('/api/companies', { ...body, ownerEmail: 'nobody@kanna.example' });
    expect(unknown.statusCode).toBe(404);
    expect(await auditOf('company.create')).toHaveLength(1);
  });
});

describe('invitations and members', () => {
  let invitationToken = '';

  it('refuses invitations from anyone but the owner (403)', async () => {
    expect((await stranger.post('/api/company/invitations', { email: BUYER })).statusCode).toBe(403);
  });

  it('mails a link for the invited address; the owner sees it waiting', async () => {
    const res = await owner.post('/api/company/invitations', { email: BUYER.toUpperCase() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: BUYER, acceptedAt: null });
    const { mail, token } = invitationTo(BUYER);
    expect(mail.subject).toBe('Yamada Woodworksへの招待');
    expect(mail.link).toContain('/ja/dashboard/company?invitation=');
    expect(mail.text).toContain(mail.link);
    invitationToken = token;
    expect((await owner.get('/api/company')).json().invitations).toMatchObject([{ email: BUYER }]);
    // Only the token's hash is kept.
    const rows = await shop.database.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.email, BUYER));
    expect(rows[0]?.tokenHash).not.toBe(token);
  });

  it('is accepted only by the invited address (403), then once (409)', async () => {
    const other = await stranger.post('/api/company/invitations/accept', { token: invitationToken });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ key: 'invitationOtherAddress' });
    const bogus = await buyer.post('/api/company/invitations/accept', { token: 'not-a-token' });
    expect(bogus.statusCode).toBe(404);
    const [first, second] = await Promise.all([
      buyer.post('/api/company/invitations/accept', { token: invitationToken }),
      buyer.post('/api/company/invitations/accept', { token: invitationToken }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const joined = first.statusCode === 200 ? first : second;
    expect(joined.json()).toMatchObject({ role: 'buyer', company: { id: companyId }, members: [] });
    expect(
      (await buyer.post('/api/company/invitations/accept', { token: invitationToken })).json(),
    ).toMatchObject({
      key: 'invitationUsed',
    });
    expect(await auditOf('company.join')).toHaveLength(1);
  });

  it('refuses an expired invitation (409) and keeps the invitee out', async () => {
    const late = await signedIn(shop, '10.42.0.7', 'Late Buyer', 'late@kanna.example');
    expect((await owner.post('/api/company/invitations', { email: 'late@kanna.example' })).statusCode).toBe(
      201,
    );
    const { token } = invitationTo('late@kanna.example');
    await shop.database.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, 'late@kanna.example'));
    const res = await late.post('/api/company/invitations/accept', { token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ key: 'invitationExpired' });
    expect((await late.get('/api/company')).json().company).toBeNull();
  });

  it('refuses an invitation to someone in a company already (409)', async () => {
    const res = await owner.post('/api/company/invitations', { email: 'direct@kanna.example' });
    expect(res.statusCode).toBe(409);
  });

  it('refuses a buyer the owner’s routes (403): invite, limits, removal, orders', async () => {
    const ownerId = (await owner.get('/api/company'))
      .json()
      .members.find((m: { role: string }) => m.role === 'owner').userId;
    expect((await buyer.post('/api/company/invitations', { email: 'x@kanna.example' })).statusCode).toBe(403);
    expect(
      (await buyer.put(`/api/company/members/${ownerId}/spending-limit`, { spendingLimit: 5 })).statusCode,
    ).toBe(403);
    expect((await buyer.delete(`/api/company/members/${ownerId}`)).statusCode).toBe(403);
    expect((await buyer.get('/api/company/orders')).statusCode).toBe(403);
    expect((await stranger.get('/api/company/orders')).statusCode).toBe(403);
  });

  it('sets a member’s spending limit in whole yen up to 10,000,000, and refuses anything else with its reason', async () => {
    const { members } = (await owner.get('/api/company')).json();
    const hanako = members.find((m: { email: string }) => m.email === BUYER);
    const url = `/api/company/members/${hanako.userId}/spending-limit`;
    for (const [limit, key] of [
      [1000.5, 'companyAmountWholeYen'],
      [0, 'companyAmountRange'],
      [-5, 'companyAmountRange'],
      [10_000_001, 'companyAmountRange'],
    ] as const) {
      const res = await owner.request({
        method: 'PUT',
        url,
        payload: { spendingLimit: limit },
        headers: inJapanese,
      });
      expect(res.statusCode, String(limit)).toBe(400);
      expect(res.json()).toMatchObject({ key, errors: [{ path: 'spendingLimit' }] });
    }
    const set = await owner.put(url, { spendingLimit: 10_000_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ email: BUYER, spendingLimit: 10_000_000 });
    expect((await buyer.get('/api/company')).json().spendingLimit).toBe(10_000_000);
    const [entry] = await auditOf('company.spendingLimit');
    expect(entry?.after).toMatchObject({ member: BUYER, spendingLimit: 10_000_000 });
    // Another company's member is not the owner's to limit.
    const direct = (await admin.get('/api/companies'))
      .json()
      .find((c: { name: string }) => c.name === 'Direct Trading');
    const directOwner = (await admin.get(`/api/companies/${direct.id}`)).json().members[0].userId;
    expect(
      (await owner.put(`/api/company/members/${directOwner}/spending-limit`, { spendingLimit: 5 }))
        .statusCode,
    ).toBe(404);
  });

  it('takes cents in dollars and no more', async () => {
    const usdOwner = await signedIn(shop, '10.42.0.8', 'Dollar Owner', 'dollar@kanna.example');
    const made = await admin.post('/api/companies', {
      name: 'Dollar Tools',
      billingAddress: '1 Main Street, Springfield',
      ownerEmail: 'dollar@kanna.example',
      terms: {
        closingDay: 15,
        paymentDue: 'nextMonthEnd',
        creditLimit: 1000,
        currency: 'USD',
        language: 'en',
      },
    });
    const ownerId = made.json().members[0].userId;
    const url = `/api/company/members/${ownerId}/spending-limit`;
    expect((await usdOwner.put(url, { spendingLimit: 10.123 })).json()).toMatchObject({
      key: 'companyAmountCents',
    });
    expect((await usdOwner.put(url, { spendingLimit: 10.12 })).json()).toMatchObject({
      spendingLimit: 10.12,
    });
    expect((await usdOwner.put(url, { spendingLimit: null })).json()).toMatchObject({ spendingLimit: null });
  });
});

describe("a company's price list and its orders", () => {
  let tool = '';
  const delivery = { phone: '0312345678', address: '1-1 Ginza, Chuo-ku, Tokyo' };

  beforeAll(async () => {
    tool = (
      await addTool(shop, { productName: 'Company Plane', minQuantity: 1, available: 500, priceCents: 2000 })
    )._id;
  });

  const orderAt = async (c: Client) => {
    const placed = await c.post('/api/order', { lines: [{ toolId: tool, quantity: 2 }], ...delivery });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (await c.get(`/api/orders/order/${placed.json().insertedId}`)).json();
    return order.lines[0].perPrice as number;
  };

  it('prices a member at the company’s list, and at their own list when they have one', async () => {
    const list = async (name: string, percent: number) =>
      (await admin.post('/api/price-lists', { name, percent, fixedPrices: [] })).json().id as string;
    const eighty = await list('Company 80', 80);
    const ninety = await list('Own 90', 90);
    expect(await orderAt(buyer)).toBe(20);
    const given = await admin.put(`/api/companies/${companyId}/price-list`, { priceListId: eighty });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ priceListName: 'Company 80' });
    expect(await orderAt(buyer)).toBe(16);
    expect(await orderAt(owner)).toBe(16);
    expect(await orderAt(stranger)).toBe(20);
    expect((await admin.put(`/api/users/${BUYER}/price-list`, { priceListId: ninety })).statusCode).toBe(200);
    expect(await orderAt(buyer)).toBe(18);
    expect(await orderAt(owner)).toBe(16);
    const [entry] = await auditOf('company.priceList');
    expect(entry?.after).toEqual({ priceList: 'Company 80' });
    expect(
      (await owner.put(`/api/companies/${companyId}/price-list`, { priceListId: null })).statusCode,
    ).toBe(403);
  });

  it('shows the owner every member’s orders, and nobody else’s', async () => {
    const res = await owner.get('/api/company/orders');
    expect(res.statusCode).toBe(200);
    const buyers = new Set(res.json().map((o: { buyerEmail: string }) => o.buyerEmail));
    expect(buyers).toEqual(new Set([OWNER, BUYER]));
    expect(res.json()[0]).toMatchObject({ currency: 'USD', number: expect.stringMatching(/^K-\d{6,}$/) });
  });

  it('removes a member (not the owner); they pay list prices again and the owner no longer sees their orders', async () => {
    const { members } = (await owner.get('/api/company')).json();
    const ownerId = members.find((m: { role: string }) => m.role === 'owner').userId;
    const hanako = members.find((m: { email: string }) => m.email === BUYER).userId;
    expect((await owner.delete(`/api/company/members/${ownerId}`)).json()).toMatchObject({
      key: 'ownerStays',
    });
    expect((await admin.put(`/api/users/${BUYER}/price-list`, { priceListId: null })).statusCode).toBe(200);
    expect(await orderAt(buyer)).toBe(16);
    expect((await owner.delete(`/api/company/members/${hanako}`)).statusCode).toBe(200);
    expect(await orderAt(buyer)).toBe(20);
    expect((await buyer.get('/api/company')).json().company).toBeNull();
    const seen = (await owner.get('/api/company/orders')).json();
    expect(seen.every((o: { buyerEmail: string }) => o.buyerEmail === OWNER)).toBe(true);
    const removed = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'company.removeMember'), like(auditLog.targetLabel, 'Yamada%')));
    expect(removed[0]?.before).toMatchObject({ member: BUYER });
  });
});
