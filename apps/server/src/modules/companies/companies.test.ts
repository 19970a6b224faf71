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
  nameKana: 'ﾔﾏﾀﾞ ｳｯﾄﾞﾜｰｸｽ',
  billingEmail: 'Accounts@Yamada.example',
  department: 'Purchasing',
  registrationNumber: 'Ｔ１２３４５６７８９０１２３',
  billingAddress: 'Yamada Woodworks\n1-2-3 Ginza, Chuo-ku, Tokyo 104-0061',
  note: 'We buy planes monthly.',
};
const yenTerms = {
  closingDay: 'end',
  payMonthsAfter: 1,
  payDay: 'end',
  creditLimit: 500000,
  currency: 'JPY',
  language: 'ja',
};
const approving = (terms: object) => ({ status: 'approved', terms });
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

/** Accepts an invitation from its link's token. */
const accept = (c: Client, token: string) =>
  c.post(`/api/company-invitations/${encodeURIComponent(token)}/accept`);
const members = () => `/api/companies/${companyId}/members`;

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
      url: '/api/companies',
      payload: { name: ' ', nameKana: 'やまだ', registrationNumber: 'T123', billingEmail: 'not-mail' },
      headers: inJapanese,
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['name', 'nameKana', 'registrationNumber', 'billingAddress', 'billingEmail']),
    );
    expect(res.json().errors.find((e: { path: string }) => e.path === 'nameKana')).toMatchObject({
      key: 'companyNameKanaInvalid',
      message: '会社名のフリガナは全角カタカナで1行で入力してください。',
    });
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
    const theirs = await owner.post('/api/companies', {
      name: 'Borrowed Address Ltd',
      billingAddressId: entry.json()._id,
      billingEmail: OWNER,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await owner.get('/api/companies/mine')).json()).toMatchObject({ company: null });
  });

  it('keeps an application pending, the applicant its owner, once per account even when sent twice at once', async () => {
    const [a, b] = await Promise.all([
      owner.post('/api/companies', application),
      owner.post('/api/companies', application),
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
    const mine = (await owner.get('/api/companies/mine')).json();
    expect(mine).toMatchObject({ role: 'owner', company: { id: companyId, status: 'pending' } });
    const again = await owner.post('/api/companies', { ...application, name: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(await auditOf('company.apply')).toHaveLength(1);
  });

  it('lets only an administrator list, approve or decline (401 signed out, 403 to a buyer)', async () => {
    const visitor = (await import('../../test/http')).Client;
    const anon = new visitor(shop.app, shop.config.publicUrl, '10.42.0.9');
    expect((await anon.get('/api/companies')).statusCode).toBe(401);
    expect((await owner.get('/api/companies')).statusCode).toBe(403);
    const self = await owner.patch(`/api/companies/${companyId}`, approving(yenTerms));
    expect(self.statusCode).toBe(403);
    expect((await owner.get('/api/companies/mine')).json().company.status).toBe('pending');
  });

  it('refuses terms out of range: closing day, months and day to pay, a credit limit with decimals in yen or above 10,000,000', async () => {
    for (const [terms, path] of [
      [{ ...yenTerms, closingDay: 29 }, 'terms.closingDay'],
      [{ ...yenTerms, payMonthsAfter: 3 }, 'terms.payMonthsAfter'],
      [{ ...yenTerms, payDay: 0 }, 'terms.payDay'],
      [{ ...yenTerms, payDay: 'monthEnd' }, 'terms.payDay'],
      [{ ...yenTerms, creditLimit: 1000.5 }, 'terms.creditLimit'],
      [{ ...yenTerms, currency: 'USD', creditLimit: 10.123 }, 'terms.creditLimit'],
      [{ ...yenTerms, creditLimit: 10_000_001 }, 'terms.creditLimit'],
      [{ ...yenTerms, creditLimit: 0 }, 'terms.creditLimit'],
    ] as const) {
      const res = await admin.patch(`/api/companies/${companyId}`, approving(terms));
      expect(res.statusCode, JSON.stringify(terms)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    // Without a currency, the credit limit is judged against the company's (yen when it has none).
    const noCurrency = await admin.put(`/api/companies/${companyId}/terms`, { creditLimit: 1000.5 });
    expect(noCurrency.statusCode).toBe(400);
    expect(noCurrency.json()).toMatchObject({
      key: 'companyAmountWholeYen',
      errors: [{ path: 'creditLimit' }],
    });
    // Approving needs terms, given with it or set before; a decision is approved or declined.
    const without = await admin.patch(`/api/companies/${companyId}`, { status: 'approved' });
    expect(without.statusCode).toBe(409);
    expect(without.json()).toMatchObject({ key: 'companyTermsMissing' });
    const unknown = await admin.patch(`/api/companies/${companyId}`, { status: 'pending' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ path: 'status', key: 'companyStatusInvalid' });
  });

  it('lists companies a page at a time, the pending first, and finds them by name or reading', async () => {
    const others = await Promise.all(
      [1, 2, 3].map((n) => signedIn(shop, `10.42.1.${n}`, `Paged ${n}`, `paged${n}@kanna.example`)),
    );
    for (const [n, c] of others.entries())
      expect(
        (
          await c.post('/api/companies', {
            name: `Paged Co ${n}`,
            billingAddress: 'x',
            billingEmail: `paged${n}@kanna.example`,
          })
        ).statusCode,
      ).toBe(201);
    const first = await admin.get('/api/companies?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(2);
    const link = first.headers.link as string;
    expect(link).toMatch(/^<\/api\/companies\?limit=2&cursor=[^>]+>; rel="next"$/);
    const seen: { id: string; status: string }[] = [...first.json()];
    let next: string | undefined = /<([^>]+)>/.exec(link)?.[1];
    while (next) {
      const page = await admin.get(next);
      seen.push(...page.json());
      next = /<([^>]+)>/.exec((page.headers.link as string | undefined) ?? '')?.[1];
    }
    expect(new Set(seen.map((c) => c.id)).size).toBe(seen.length);
    expect(seen.every((c) => c.status === 'pending')).toBe(true);
    const kana = (await admin.get(`/api/companies?q=${encodeURIComponent('ヤマダ')}`)).json();
    expect(kana.map((c: { id: string }) => c.id)).toEqual([companyId]);
    const named = (await admin.get('/api/companies?q=paged%20co')).json();
    expect(named).toHaveLength(3);
    expect((await admin.get('/api/companies?cursor=bogus')).statusCode).toBe(400);
    for (const [i, c] of others.entries()) {
      const mine = (await c.get('/api/companies/mine')).json();
      expect(mine.company.name).toBe(`Paged Co ${i}`);
    }
  });

  it('approves with terms once; the list shows the next closing date, nothing owed and the limit available', async () => {
    const res = await admin.patch(`/api/companies/${companyId}`, approving(yenTerms));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      nameKana: 'ヤマダ ウッドワークス',
      billingEmail: 'accounts@yamada.example',
      terms: { closingDay: 'end', payMonthsAfter: 1, payDay: 'end', creditLimit: 500000 },
      currency: 'JPY',
      language: 'ja',
      ownerEmail: OWNER,
      memberCount: 1,
      openBalance: 0,
      available: 500000,
      overdue: 0,
    });
    expect(res.json().nextClosingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const twice = await admin.patch(`/api/companies/${companyId}`, {
      status: 'declined',
      reason: 'Too late',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ key: 'companyNotPending' });
    const list = (await admin.get('/api/companies')).json();
    expect(list.find((c: { id: string }) => c.id === companyId)).toMatchObject({ name: 'Yamada Woodworks' });
    const [entry] = await auditOf('company.approve');
    expect(entry).toMatchObject({ actorEmail: 'owner@kanna.example', targetId: companyId });
    expect(entry?.after).toMatchObject({ status: 'approved', creditLimit: 500000, currency: 'JPY' });
    // Its owner reads it too; nobody else but an administrator.
    const own = await owner.get(`/api/companies/${companyId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ terms: { creditLimit: 500000 }, available: 500000, overdue: 0 });
    expect((await stranger.get(`/api/companies/${companyId}`)).statusCode).toBe(403);
  });

  it('approves with the terms set before, the pinned default 月末締め翌月末払い when only the limit is given', async () => {
    const applicant = await signedIn(shop, '10.42.0.10', 'Two Step', 'twostep@kanna.example');
    const applied = await applicant.post('/api/companies', {
      name: 'Two Step Ltd',
      billingAddress: '2 Step Street',
      billingEmail: 'twostep@kanna.example',
    });
    expect(applied.json()).toMatchObject({ status: 'pending', terms: null, currency: null });
    const id = applied.json().id;
    const set = await admin.put(`/api/companies/${id}/terms`, { creditLimit: 300000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      status: 'pending',
      terms: { closingDay: 'end', payMonthsAfter: 1, payDay: 'end', creditLimit: 300000 },
      currency: 'JPY',
      language: 'ja',
    });
    const approved = await admin.patch(`/api/companies/${id}`, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', terms: { creditLimit: 300000 } });
    const [entry] = (await auditOf('company.approve')).filter((e) => e.targetId === id);
    expect(entry?.after).toMatchObject({ status: 'approved', closingDay: 'end', creditLimit: 300000 });
    const [terms] = (await auditOf('company.terms')).filter((e) => e.targetId === id);
    expect(terms?.after).toMatchObject({ creditLimit: 300000, payMonthsAfter: 1 });
  });

  it('declines with a reason the applicant reads; they belong to no company and may apply again', async () => {
    const applicant = await signedIn(shop, '10.42.0.5', 'Declined Applicant', 'declined@kanna.example');
    const applied = await applicant.post('/api/companies', {
      name: 'Shaky Ltd',
      billingAddress: '1 Nowhere Street',
      billingEmail: 'declined@kanna.example',
    });
    expect(applied.statusCode).toBe(201);
    const noReason = await admin.patch(`/api/companies/${applied.json().id}`, {
      status: 'declined',
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ path: 'reason', key: 'declineReasonRequired' });
    const declined = await admin.patch(`/api/companies/${applied.json().id}`, {
      status: 'declined',
      reason: 'We could not confirm the registration number.',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', memberCount: 0 });
    expect((await applicant.get('/api/companies/mine')).json()).toMatchObject({
      company: null,
      declined: { name: 'Shaky Ltd', reason: 'We could not confirm the registration number.' },
    });
    expect(
      (
        await applicant.post('/api/companies', {
          name: 'Shaky Ltd',
          billingAddress: 'x',
          billingEmail: 'declined@kanna.example',
        })
      ).statusCode,
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
        payMonthsAfter: 2,
        payDay: 10,
        creditLimit: 2500.5,
        currency: 'USD',
        language: 'en',
      },
    };
    expect((await owner.post('/api/companies/direct', body)).statusCode).toBe(403);
    const made = await admin.post('/api/companies/direct', body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      status: 'approved',
      billingEmail: 'direct@kanna.example',
      terms: { closingDay: 20, payMonthsAfter: 2, payDay: 10, creditLimit: 2500.5 },
      currency: 'USD',
      members: [{ email: 'direct@kanna.example', role: 'owner' }],
    });
    const again = await admin.post('/api/companies/direct', { ...body, name: 'Other' });
    expect(again.statusCode).toBe(409);
    const unknown = await admin.post('/api/companies/direct', {
      ...body,
      ownerEmail: 'nobody@kanna.example',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await auditOf('company.create')).toHaveLength(1);
  });
});

describe('invitations and members', () => {
  let invitationToken = '';

  it('refuses invitations from anyone but the owner or an administrator (403), and invites buyers only', async () => {
    expect((await stranger.post(members(), { email: BUYER, role: 'buyer' })).statusCode).toBe(403);
    const asOwner = await owner.post(members(), { email: BUYER, role: 'owner' });
    expect(asOwner.statusCode).toBe(400);
    expect(asOwner.json().errors[0]).toMatchObject({ path: 'role', key: 'invitedRoleBuyer' });
  });

  it('mails a link for the invited address; the owner sees it waiting', async () => {
    const res = await owner.post(members(), { email: BUYER.toUpperCase(), role: 'buyer' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: BUYER, acceptedAt: null });
    const { mail, token } = invitationTo(BUYER);
    expect(mail.subject).toBe('Yamada Woodworksへの招待');
    expect(mail.link).toContain('/ja/dashboard/company?invitation=');
    expect(mail.text).toContain(mail.link);
    invitationToken = token;
    expect((await owner.get('/api/companies/mine')).json().invitations).toMatchObject([{ email: BUYER }]);
    // Only the token's hash is kept.
    const rows = await shop.database.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.email, BUYER));
    expect(rows[0]?.tokenHash).not.toBe(token);
  });

  it('is accepted only by the invited address (403), then once (409)', async () => {
    const other = await accept(stranger, invitationToken);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ key: 'invitationOtherAddress' });
    const bogus = await accept(buyer, 'not-a-token');
    expect(bogus.statusCode).toBe(404);
    const [first, second] = await Promise.all([
      accept(buyer, invitationToken),
      accept(buyer, invitationToken),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const joined = first.statusCode === 200 ? first : second;
    expect(joined.json()).toMatchObject({ role: 'buyer', company: { id: companyId }, members: [] });
    expect((await accept(buyer, invitationToken)).json()).toMatchObject({ key: 'invitationUsed' });
    expect(await auditOf('company.join')).toHaveLength(1);
  });

  it('refuses an expired invitation (409) and keeps the invitee out', async () => {
    const late = await signedIn(shop, '10.42.0.7', 'Late Buyer', 'late@kanna.example');
    expect((await owner.post(members(), { email: 'late@kanna.example', role: 'buyer' })).statusCode).toBe(
      201,
    );
    const { token } = invitationTo('late@kanna.example');
    await shop.database.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, 'late@kanna.example'));
    const res = await accept(late, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ key: 'invitationExpired' });
    expect((await late.get('/api/companies/mine')).json().company).toBeNull();
  });

  it('lets the owner withdraw an invitation not yet accepted: its link then fails, and the audit log says so', async () => {
    const invitee = await signedIn(shop, '10.42.0.12', 'Changed Mind', 'withdrawn@kanna.example');
    const sent = await owner.post(members(), { email: 'withdrawn@kanna.example', role: 'buyer' });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json();
    const { token } = invitationTo('withdrawn@kanna.example');
    const invitation = `/api/companies/${companyId}/invitations/${id}`;
    // Nobody but the owner or an administrator withdraws it; another company's id finds nothing.
    expect((await buyer.delete(invitation)).statusCode).toBe(403);
    expect((await stranger.delete(invitation)).statusCode).toBe(403);
    const elsewhere = await admin.delete(`/api/companies/${crypto.randomUUID()}/invitations/${id}`);
    expect(elsewhere.statusCode).toBe(404);

    const withdrawn = await owner.delete(invitation, inJapanese);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const mine = (await owner.get('/api/companies/mine')).json();
    expect(mine.invitations.map((i: { email: string }) => i.email)).not.toContain('withdrawn@kanna.example');
    const used = await accept(invitee, token);
    expect(used.statusCode).toBe(404);
    expect(used.json()).toMatchObject({ key: 'invitationInvalid' });
    expect((await invitee.get('/api/companies/mine')).json().company).toBeNull();
    const again = await owner.delete(invitation, inJapanese);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      key: 'invitationNotFound',
      message: 'この会社にこの招待はありません。すでに取り消された可能性があります。',
    });
    const [entry] = await auditOf('company.withdrawInvitation');
    expect(entry).toMatchObject({ actorEmail: OWNER, before: { email: 'withdrawn@kanna.example' } });
  });

  it('withdraws an invitation once when asked twice at once, and refuses an id that is not one (400)', async () => {
    const sent = await owner.post(members(), { email: 'twice@kanna.example', role: 'buyer' });
    expect(sent.statusCode, sent.body).toBe(201);
    const invitation = `/api/companies/${companyId}/invitations/${sent.json().id}`;
    const answers = await Promise.all([owner.delete(invitation), admin.delete(invitation)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const withdrawals = (await auditOf('company.withdrawInvitation')).filter(
      (e) => (e.before as { email?: string } | null)?.email === 'twice@kanna.example',
    );
    expect(withdrawals).toHaveLength(1);
    for (const [bad, key] of [
      ['not-an-id', 'idInvalid'],
      ['x'.repeat(300), 'idInvalid'],
      ['%00', 'nulCharacter'],
    ]) {
      const res = await owner.delete(`/api/companies/${companyId}/invitations/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ key });
    }
  });

  it('keeps an accepted invitation: withdrawing it is 409 (the member is removed instead)', async () => {
    const [row] = await shop.database.db
      .select({ id: companyInvitations.id })
      .from(companyInvitations)
      .where(eq(companyInvitations.email, BUYER));
    const res = await owner.delete(`/api/companies/${companyId}/invitations/${row?.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ key: 'invitationUsed' });
  });

  it('refuses an invitation to someone in a company already (409)', async () => {
    const res = await owner.post(members(), { email: 'direct@kanna.example', role: 'buyer' });
    expect(res.statusCode).toBe(409);
  });

  it('lets an administrator invite with a spending limit the buyer has on joining', async () => {
    const later = await signedIn(shop, '10.42.0.11', 'Limited Buyer', 'limited@kanna.example');
    const badLimit = await admin.post(members(), {
      email: 'limited@kanna.example',
      role: 'buyer',
      spendingLimit: 10.5,
    });
    expect(badLimit.json()).toMatchObject({
      key: 'companyAmountWholeYen',
      errors: [{ path: 'spendingLimit' }],
    });
    const res = await admin.post(members(), {
      email: 'limited@kanna.example',
      role: 'buyer',
      spendingLimit: 30000,
    });
    expect(res.statusCode, res.body).toBe(201);
    const joined = await accept(later, invitationTo('limited@kanna.example').token);
    expect(joined.json()).toMatchObject({ role: 'buyer', spendingLimit: 30000, company: { id: companyId } });
    const [entry] = (await auditOf('company.invite')).filter((e) => e.actorEmail === 'owner@kanna.example');
    expect(entry?.after).toMatchObject({ email: 'limited@kanna.example', spendingLimit: 30000 });
    // An administrator removes them again, by address.
    const removed = await admin.delete(`${members()}/limited@kanna.example`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await later.get('/api/companies/mine')).json().company).toBeNull();
  });

  it('refuses a buyer the owner’s routes (403): invite, limits, removal, orders, the company’s page', async () => {
    expect((await buyer.post(members(), { email: 'x@kanna.example', role: 'buyer' })).statusCode).toBe(403);
    expect((await buyer.put(`${members()}/${OWNER}/spending-limit`, { spendingLimit: 5 })).statusCode).toBe(
      403,
    );
    expect((await buyer.delete(`${members()}/${OWNER}`)).statusCode).toBe(403);
    expect((await buyer.get(`/api/companies/${companyId}/orders`)).statusCode).toBe(403);
    expect((await buyer.get(`/api/companies/${companyId}`)).statusCode).toBe(403);
    expect((await stranger.get(`/api/companies/${companyId}/orders`)).statusCode).toBe(403);
  });

  it('sets a member’s spending limit in whole yen up to 10,000,000, and refuses anything else with its reason', async () => {
    const url = `${members()}/${BUYER}/spending-limit`;
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
    expect((await buyer.get('/api/companies/mine')).json().spendingLimit).toBe(10_000_000);
    const [entry] = await auditOf('company.spendingLimit');
    expect(entry?.after).toMatchObject({ member: BUYER, spendingLimit: 10_000_000 });
    // Another company's member is not the owner's to limit: not under their company (404), nor
    // under the other company (403).
    const direct = (await admin.get('/api/companies?q=direct')).json()[0];
    expect(direct).toMatchObject({ name: 'Direct Trading' });
    expect(
      (await owner.put(`${members()}/direct@kanna.example/spending-limit`, { spendingLimit: 5 })).statusCode,
    ).toBe(404);
    expect(
      (
        await owner.put(`/api/companies/${direct.id}/members/direct@kanna.example/spending-limit`, {
          spendingLimit: 5,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('takes cents in dollars and no more', async () => {
    const usdOwner = await signedIn(shop, '10.42.0.8', 'Dollar Owner', 'dollar@kanna.example');
    const made = await admin.post('/api/companies/direct', {
      name: 'Dollar Tools',
      billingAddress: '1 Main Street, Springfield',
      ownerEmail: 'dollar@kanna.example',
      terms: { closingDay: 15, creditLimit: 1000, currency: 'USD', language: 'en' },
    });
    expect(made.json()).toMatchObject({ terms: { closingDay: 15, payMonthsAfter: 1, payDay: 'end' } });
    const url = `/api/companies/${made.json().id}/members/dollar@kanna.example/spending-limit`;
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
    const res = await owner.get(`/api/companies/${companyId}/orders`);
    expect(res.statusCode).toBe(200);
    const buyers = new Set(res.json().map((o: { buyerEmail: string }) => o.buyerEmail));
    expect(buyers).toEqual(new Set([OWNER, BUYER]));
    expect(res.json()[0]).toMatchObject({ currency: 'USD', number: expect.stringMatching(/^K-\d{6,}$/) });
    expect((await admin.get(`/api/companies/${companyId}/orders`)).json()).toHaveLength(res.json().length);
  });

  it('removes a member (not the owner); they pay list prices again and the owner no longer sees their orders', async () => {
    expect((await owner.delete(`${members()}/${OWNER}`)).json()).toMatchObject({ key: 'ownerStays' });
    expect((await admin.put(`/api/users/${BUYER}/price-list`, { priceListId: null })).statusCode).toBe(200);
    expect(await orderAt(buyer)).toBe(16);
    expect((await owner.delete(`${members()}/${encodeURIComponent(BUYER)}`)).statusCode).toBe(200);
    expect(await orderAt(buyer)).toBe(20);
    expect((await buyer.get('/api/companies/mine')).json().company).toBeNull();
    const seen = (await owner.get(`/api/companies/${companyId}/orders`)).json();
    expect(seen.every((o: { buyerEmail: string }) => o.buyerEmail === OWNER)).toBe(true);
    const removed = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'company.removeMember'), like(auditLog.targetLabel, 'Yamada%')));
    // The administrator's removal of the member they invited is there too; this one is the owner's.
    expect(removed.find((e) => e.actorEmail === OWNER)?.before).toMatchObject({ member: BUYER });
  });
});
