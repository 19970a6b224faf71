import { addDays, lastClosingDate, nextClosingDate, statementDueDate } from '@kanna/shared/domain/companies';
import { messages } from '@kanna/shared/domain/messages';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/rows';
import { auditLog, companyMembers, documents, orders, statements } from '../../db/schema';
import { createScheduler } from '../../scheduler/scheduler';
import { addTool, captureMailer, onPostgres, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { pdfText } from '../../test/pdf';
import { documentSettings, ownerSignedIn, signedIn, startShopFor } from '../../test/shopping';
import { statementsService } from './statements.service';

/**
 * Monthly statements (decision 0069; docs/rules.md, "Statements and money received"): an administrator issues a
 * company's statement now, the scheduler on its closing day; a statement bills the company's
 * shipped on-account orders not yet on one — each on exactly one —, its totals are its orders'
 * with the tax per rate computed on it, it is due as the terms say, issued as a document (`ST-`)
 * and mailed to the billing e-mail in the company's language; only its owner and administrators read it.
 */
const ZONE = 'Asia/Tokyo';
const TOKYO = { phone: '0312345678', address: '1-1 Ginza, Chuo-ku, Tokyo' };
const SEATTLE = { phone: '+12065550100', address: '100 Pine St, Seattle WA', country: 'US' };
const yenTerms = {
  closingDay: 'end',
  payMonthsAfter: 1,
  payDay: 'end',
  creditLimit: 1_000_000,
  currency: 'JPY',
  language: 'ja',
};

let shop: TestShop;
const mailer = captureMailer();
let admin: Client;
let toolId: string;
let n = 0;

const todayIn = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
/** Noon in Tokyo on `day`. */
const noonOn = (day: string) => new Date(`${day}T03:00:00Z`);

beforeAll(async () => {
  shop = await startShopFor('owner@kanna.example,clerk@kanna.example', { SHOP_TIME_ZONE: ZONE }, mailer);
  admin = await ownerSignedIn(shop, '10.69.0.1');
  const settings = await admin.put('/api/shop-settings', documentSettings({ yenCountries: ['JP'] }));
  expect(settings.statusCode, settings.body).toBe(200);
  toolId = (await addTool(shop, { minQuantity: 1, available: 1000, priceCents: 1_000, priceYen: 1_234 }))._id;
});
afterAll(() => shop?.close());

/** A company owner signed in, their company approved with `terms`. */
async function company(terms: object = yenTerms, on: TestShop = shop, by: Client = admin) {
  n++;
  const email = `statement.owner.${n}@kanna.example`;
  const client = await signedIn(on, `10.69.1.${n}`, `Statement Owner ${n}`, email);
  const applied = await client.post('/api/companies', {
    name: `Statement Co ${n}`,
    billingAddress: `${n}-2-3 Kuramae, Taito-ku`,
    billingEmail: `billing.${n}@kanna.example`,
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const companyId = applied.json().id as string;
  const approved = await by.patch(`/api/companies/${companyId}`, { status: 'approved', terms });
  expect(approved.statusCode, approved.body).toBe(200);
  return { client, companyId, billingEmail: `billing.${n}@kanna.example` };
}

/** An order on account of `quantity`, placed by `c` and shipped by the shop unless told: its id. */
async function shipped(
  c: Client,
  quantity: number,
  {
    ship = true,
    poNumber,
    currency = 'JPY',
    by = admin,
  }: { ship?: boolean; poNumber?: string; currency?: string; by?: Client } = {},
) {
  const placed = await c.post('/api/order', {
    ...(currency === 'JPY' ? TOKYO : SEATTLE),
    lines: [{ toolId, quantity }],
    paymentMethod: 'account',
    currency,
    ...(poNumber ? { poNumber } : {}),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().insertedId as string;
  if (ship) {
    const res = await by.request({ method: 'PATCH', url: `/api/order/${id}/ship` });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

const orderRows = (ids: string[]) =>
  shop.database.db
    .select({
      id: orders.id,
      statementId: orders.statementId,
      amountDue: orders.amountDueCents,
      tax: orders.taxCents,
    })
    .from(orders)
    .where(inArray(orders.id, ids));

/** The states of the orders `ids`, as stored. */
const statusesOf = async (ids: string[]) =>
  (await shop.database.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids))).map(
    (o) => o.status,
  );

/** The statements service as the scheduler runs it, its clock at noon in Tokyo on `day`. */
const serviceOn = (day: string, on: TestShop = shop) =>
  statementsService({
    db: on.database.db,
    mailer,
    log: { error: vi.fn() },
    publicUrl: on.config.publicUrl,
    timeZone: ZONE,
    settings: async () => (await on.services.shopSettings.get()).settings,
    ownerOrAdminOf: on.services.companies.ownerOrAdmin,
    now: () => noonOn(day),
  });

describe('due dates and closing dates', () => {
  it('are due the month after closing at its end (月末締め翌月末払い), February and leap years included', () => {
    expect(statementDueDate('2026-01-31', 1, 'end')).toBe('2026-02-28');
    expect(statementDueDate('2028-01-31', 1, 'end')).toBe('2028-02-29');
    expect(statementDueDate('2026-12-31', 2, 'end')).toBe('2027-02-28');
    expect(statementDueDate('2026-11-30', 1, 'end')).toBe('2026-12-31');
  });

  it('close on the 28th and are due on a given day, across the year', () => {
    expect(statementDueDate('2026-12-28', 1, 10)).toBe('2027-01-10');
    expect(statementDueDate('2026-11-28', 2, 28)).toBe('2027-01-28');
    expect(lastClosingDate(28, '2026-12-07')).toBe('2026-11-28');
    expect(lastClosingDate(28, '2026-12-28')).toBe('2026-12-28');
    expect(lastClosingDate(28, '2027-01-05')).toBe('2026-12-28');
    expect(lastClosingDate('end', '2026-12-31')).toBe('2026-12-31');
    expect(lastClosingDate('end', '2027-03-01')).toBe('2027-02-28');
  });
});

describe('an administrator issues a statement now', () => {
  let owner: Client;
  let companyId: string;
  let billingEmail: string;
  let billed: string[];
  let unshipped: string;
  let statement: Record<string, unknown> & { number: string; id: string };

  beforeAll(async () => {
    ({ client: owner, companyId, billingEmail } = await company());
    billed = [
      await shipped(owner, 1, { poNumber: 'PO-7001' }),
      await shipped(owner, 2),
      await shipped(owner, 3),
    ];
    unshipped = await shipped(owner, 1, { ship: false });
  });

  it('bills the shipped orders (201): totals equal its orders, the tax per rate computed on the statement', async () => {
    const res = await admin.post(`/api/companies/${companyId}/statements`, {});
    expect(res.statusCode, res.body).toBe(201);
    statement = res.json();
    const rows = await orderRows(billed);
    const taxable = rows.reduce((sum, o) => sum + o.amountDue - o.tax, 0);
    const tax = Math.floor(taxable * 0.1);
    const today = todayIn(new Date());
    expect(statement).toMatchObject({
      number: expect.stringMatching(/^ST-\d{4}-\d{6}$/),
      companyId,
      closingDate: today,
      periodTo: today,
      dueOn: statementDueDate(today, 1, 'end'),
      currency: 'JPY',
      previousBalance: 0,
      received: 0,
      carriedForward: 0,
      taxByRate: [{ ratePercent: 10, taxable, tax }],
      ordersTotal: taxable + tax,
      amountDue: taxable + tax,
      applied: 0,
      outstanding: taxable + tax,
      state: 'open',
      overdueSince: null,
    });
    const listed = statement.orders as { id: string; amount: number; poNumber: string | null }[];
    expect(listed.map((o) => o.id).sort()).toEqual([...billed].sort());
    expect(listed.reduce((sum, o) => sum + o.amount, 0)).toBe(taxable);
    expect(listed.find((o) => o.poNumber === 'PO-7001')).toBeDefined();
    // Its orders' own amounts due, tax rounded per order, differ from it by that rounding at most.
    expect(Math.abs(rows.reduce((sum, o) => sum + o.amountDue, 0) - (taxable + tax))).toBeLessThan(3);
  });

  it('puts each shipped order on it, once; an order not shipped waits for the next one', async () => {
    const rows = await orderRows([...billed, unshipped]);
    for (const o of rows) expect(o.statementId).toBe(billed.includes(o.id) ? statement.id : null);
  });

  it('is issued once a day: again is 409, saying so in the caller’s language', async () => {
    const again = await admin.post(`/api/companies/${companyId}/statements`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.statementAlreadyIssued(statement.closingDate as string));
    const ja = await admin.request({
      method: 'POST',
      url: `/api/companies/${companyId}/statements`,
      payload: {},
      headers: { 'accept-language': 'ja' },
    });
    expect(ja.json().message).toBe(messagesJa.statementAlreadyIssued(statement.closingDate as string));
  });

  it('is a document in the ST series, in the company’s language, that its owner downloads', async () => {
    const [doc] = await shop.database.db
      .select({ kind: documents.kind, language: documents.language, amount: documents.amountCents })
      .from(documents)
      .where(eq(documents.number, statement.number));
    expect(doc).toEqual({ kind: 'statement', language: 'ja', amount: statement.amountDue });
    const pdf = await owner.get(statement.pdf as string);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The other language's copy, drawn from what was issued.
    const copy = await owner.get(`${statement.pdf as string}?lang=en`);
    expect(copy.statusCode).toBe(200);
  });

  it('is mailed to the billing e-mail in Japanese, with the number as the transfer reference', () => {
    const mail = mailer.sent.find((m) => m.to === billingEmail);
    expect(mail?.subject).toBe(`請求書 ${statement.number}（${statement.closingDate}締め）`);
    expect(mail?.text).toContain('御中');
    expect(mail?.text).toContain(`「${statement.number}」`);
    expect(mail?.text).toContain(`お支払期日：${statement.dueOn}`);
  });

  it('is listed to the company’s owner and administrators, newest first', async () => {
    for (const c of [owner, admin]) {
      const res = await c.get(`/api/companies/${companyId}/statements`);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((s: { number: string }) => s.number)).toEqual([statement.number]);
    }
  });

  it('is nobody else’s: another company’s owner 403, a missing company 404', async () => {
    const other = await company();
    expect((await other.client.get(`/api/companies/${companyId}/statements`)).statusCode).toBe(403);
    expect((await other.client.post(`/api/companies/${companyId}/statements`, {})).statusCode).toBe(403);
    // The document itself answers as a missing one.
    expect((await other.client.get(statement.pdf as string)).statusCode).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(`/api/companies/${missing}/statements`)).statusCode).toBe(404);
    expect((await admin.post(`/api/companies/${missing}/statements`, {})).statusCode).toBe(404);
  });
});

describe('in English, with an agreed due date', () => {
  it('is mailed in English and issued in English; a due date already past makes it overdue', async () => {
    const { client, companyId, billingEmail } = await company({
      ...yenTerms,
      currency: 'USD',
      language: 'en',
    });
    await shipped(client, 2, { currency: 'USD' });
    const res = await admin.post(`/api/companies/${companyId}/statements`, { dueOn: '2026-01-15' });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      dueOn: '2026-01-15',
      currency: 'USD',
      state: 'overdue',
      overdueSince: '2026-01-16',
    });
    const mail = mailer.sent.find((m) => m.to === billingEmail);
    expect(mail?.subject).toBe(`Statement ${s.number} (closing ${s.closingDate})`);
    expect(mail?.text).toContain('Due on: 2026-01-15');
    const [doc] = await shop.database.db
      .select({ language: documents.language })
      .from(documents)
      .where(eq(documents.number, s.number));
    expect(doc?.language).toBe('en');
  });

  it('refuses a company without anything to bill (409) and a due date that is no date (400)', async () => {
    const { companyId } = await company();
    const nothing = await admin.post(`/api/companies/${companyId}/statements`, {});
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(messages.statementNothingToBill);
    const bad = await admin.post(`/api/companies/${companyId}/statements`, { dueOn: '31/12/2026' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the scheduler issues on the closing day', () => {
  it('once per company and closing date (the 28th), the next one carrying the balance forward', async () => {
    const { client, companyId } = await company({ ...yenTerms, closingDay: 28, payDay: 10 });
    const first = await shipped(client, 4);
    const closing = nextClosingDate(28, todayIn(new Date()));
    await serviceOn(closing).issueDue();
    await serviceOn(closing).issueDue();
    const issued = await shop.database.db
      .select()
      .from(statements)
      .where(eq(statements.companyId, companyId));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ closingDate: closing, dueOn: statementDueDate(closing, 1, 10) });
    expect((await orderRows([first]))[0]?.statementId).toBe(issued[0]?.id);
    // A month on: nothing new shipped, the unpaid balance is carried forward on the next one.
    const next = nextClosingDate(28, statementDueDate(closing, 1, 1));
    await serviceOn(next).issueDue();
    const both = await admin.get(`/api/companies/${companyId}/statements`);
    const [latest, earlier] = both.json();
    expect(latest).toMatchObject({
      closingDate: next,
      previousBalance: earlier.amountDue,
      carriedForward: earlier.amountDue,
      ordersTotal: 0,
      orders: [],
      amountDue: earlier.amountDue,
    });
  });
});

describe('money received (消込)', () => {
  let owner: Client;
  let companyId: string;
  let first: { number: string; ordersTotal: number; orders: { id: string }[] };
  let second: { number: string; ordersTotal: number };
  const today = todayIn(new Date());
  const pay = (amount: number, reference = 'ﾔﾏﾀﾞﾓｸｺｳ', receivedOn = today) =>
    admin.post(`/api/companies/${companyId}/payments`, { amount, receivedOn, reference });
  const statementsNow = async () =>
    (await admin.get(`/api/companies/${companyId}/statements`)).json() as {
      number: string;
      state: string;
      applied: number;
      outstanding: number;
    }[];

  beforeAll(async () => {
    ({ client: owner, companyId } = await company({ ...yenTerms, closingDay: 28 }));
    await shipped(owner, 3);
    await shipped(owner, 1);
    first = (await admin.post(`/api/companies/${companyId}/statements`, {})).json();
    await shipped(owner, 2);
    await serviceOn(nextClosingDate(28, addDays(today, 1))).issueDue();
    [second] = (await admin.get(`/api/companies/${companyId}/statements`)).json();
    expect(second?.number).not.toBe(first.number);
  });

  it('applies a part to the oldest statement: partly paid, the balance down by it', async () => {
    const { openBalance: before, available: availableBefore } = (
      await admin.get(`/api/companies/${companyId}`)
    ).json() as { openBalance: number; available: number };
    const res = await pay(1000);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      amount: 1000,
      currency: 'JPY',
      appliedTo: [{ statement: first.number, amount: 1000 }],
      unapplied: 0,
    });
    const [, oldest] = await statementsNow();
    expect(oldest).toMatchObject({ number: first.number, state: 'partly_paid', applied: 1000 });
    const after = (await admin.get(`/api/companies/${companyId}`)).json();
    expect(after.openBalance).toBe(before - 1000);
    // In the audit log, beside the statement the admin issued.
    const logged = await shop.database.db
      .select({ kind: auditLog.kind, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.targetId, companyId));
    expect(logged.map((l) => l.kind).sort()).toEqual([
      'company.apply',
      'company.approve',
      'company.payment',
      'company.statement',
    ]);
    expect(logged.find((l) => l.kind === 'company.payment')?.after).toMatchObject({
      amount: 1000,
      currency: 'JPY',
      reference: 'ﾔﾏﾀﾞﾓｸｺｳ',
    });
    // Credit is what placing allows: the orders are still owed until their statement is paid in full.
    expect(after.available).toBe(availableBefore);
    expect(after.available).toBe(1_000_000 - (after.openBalance + 1000));
  });

  it('pays the oldest in full before the next, settling its orders', async () => {
    const rest = first.ordersTotal - 1000;
    const res = await pay(rest + 500);
    expect(res.json()).toMatchObject({
      appliedTo: [
        { statement: first.number, amount: rest },
        { statement: second.number, amount: 500 },
      ],
      unapplied: 0,
    });
    const [latest, oldest] = await statementsNow();
    expect(oldest).toMatchObject({ state: 'paid', outstanding: 0 });
    expect(latest).toMatchObject({ state: 'partly_paid', applied: 500 });
    expect(await statusesOf(first.orders.map((o) => o.id))).toEqual(first.orders.map(() => 'shipped'));
    // The settled orders' credit is free again; the 500 on the next statement frees none yet.
    const now = (await admin.get(`/api/companies/${companyId}`)).json();
    expect(now.available).toBe(1_000_000 - (now.openBalance + 500));
  });

  it('keeps what is more than owed for the next statement, never applying more than received', async () => {
    const res = await pay(second.ordersTotal + 700);
    expect(res.json()).toMatchObject({
      appliedTo: [{ statement: second.number, amount: second.ordersTotal - 500 }],
      unapplied: 1200,
    });
    const over = await shop.database.db.execute(
      sql`select p.id from company_payments p left join payment_applications a on a.payment_id = p.id
        group by p.id, p.amount_minor having coalesce(sum(a.amount_minor), 0) > p.amount_minor`,
    );
    expect(rowsOf(over, { parse: (row: unknown) => row })).toHaveLength(0);
    // A credit on the account: the balance is below nothing.
    const detail = (await admin.get(`/api/companies/${companyId}`)).json();
    expect(detail.openBalance).toBe(-1200);
  });

  it('is in the ledger CSV in date order, the running balance ending at the open balance', async () => {
    const res = await owner.get(`/api/companies/${companyId}/ledger.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF"Date","Entry"')).toBe(true);
    const rows = res.body
      .slice(1)
      .trim()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
    const [header, ...lines] = rows;
    expect(header?.[6]).toBe('Balance');
    expect(lines.map((l) => l[1])).toEqual([
      'Order shipped',
      'Order shipped',
      'Order shipped',
      'Statement (tax rounded on it)',
      'Payment received',
      'Payment received',
      'Payment received',
      'Statement (tax rounded on it)',
    ]);
    const days = lines.map((l) => l[0] ?? '');
    expect([...days].sort()).toEqual(days);
    const detail = (await admin.get(`/api/companies/${companyId}`)).json();
    expect(Number(lines.at(-1)?.[6])).toBe(detail.openBalance);
    // In Japanese when asked in Japanese; nobody else's.
    const ja = await owner.request({
      method: 'GET',
      url: `/api/companies/${companyId}/ledger.csv`,
      headers: { 'accept-language': 'ja' },
    });
    expect(ja.body.startsWith('\uFEFF"日付","区分"')).toBe(true);
    const other = await company();
    expect((await other.client.get(`/api/companies/${companyId}/ledger.csv`)).statusCode).toBe(403);
  });

  it('refuses a wrong amount, a day to come and no reference (400, at the field); others 403', async () => {
    const at = async (body: object, path: string) => {
      const res = await admin.post(`/api/companies/${companyId}/payments`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    };
    await at({ amount: 0, receivedOn: today, reference: 'x' }, 'amount');
    await at({ amount: 10.5, receivedOn: today, reference: 'x' }, 'amount');
    await at({ amount: 10_000_001, receivedOn: today, reference: 'x' }, 'amount');
    await at({ amount: 100, receivedOn: addDays(today, 1), reference: 'x' }, 'receivedOn');
    await at({ amount: 100, receivedOn: today, reference: ' ' }, 'reference');
    await at({ amount: 100, receivedOn: today, reference: 'x'.repeat(101) }, 'reference');
    expect(
      (
        await owner.post(`/api/companies/${companyId}/payments`, {
          amount: 1,
          receivedOn: today,
          reference: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('an overdue statement stops orders on account', () => {
  it('409 naming the statement and since when, in both languages, until it is paid', async () => {
    const { client, companyId } = await company();
    await shipped(client, 2);
    const issued = (
      await admin.post(`/api/companies/${companyId}/statements`, { dueOn: '2026-01-31' })
    ).json();
    const order = { ...TOKYO, lines: [{ toolId, quantity: 1 }], paymentMethod: 'account', currency: 'JPY' };
    const refused = await client.post('/api/order', order);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.statementOverdue(issued.number, '2026-02-01'));
    const ja = await client.request({
      method: 'POST',
      url: '/api/order',
      payload: order,
      headers: { 'accept-language': 'ja' },
    });
    expect(ja.json().message).toBe(messagesJa.statementOverdue(issued.number, '2026-02-01'));
    expect((await admin.get(`/api/companies/${companyId}`)).json().overdue).toBe(issued.ordersTotal);
    const paid = await admin.post(`/api/companies/${companyId}/payments`, {
      amount: issued.ordersTotal,
      receivedOn: todayIn(new Date()),
      reference: 'PAID IN FULL',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await admin.get(`/api/companies/${companyId}`)).json().overdue).toBe(0);
    expect((await client.post('/api/order', order)).statusCode).toBe(201);
  });
});

describe.skipIf(!onPostgres())('an order on account racing its company on PostgreSQL', () => {
  it('is stopped by a statement owing again once a payment is reversed while the order waits (409)', async () => {
    const { client, companyId } = await company();
    await shipped(client, 2);
    const issued = (
      await admin.post(`/api/companies/${companyId}/statements`, { dueOn: '2026-01-31' })
    ).json();
    const paid = await admin.post(`/api/companies/${companyId}/payments`, {
      amount: issued.ordersTotal,
      receivedOn: todayIn(new Date()),
      reference: 'PAID, THEN REVERSED',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [owner] = await shop.database.db
      .select({ id: companyMembers.userId })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, companyId));
    // Another session holds the buyer's row: the order is judged and then waits in place_orders,
    // before its company's lock, while the payment is reversed.
    const holder = new pg.Client({ connectionString: shop.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from "user" where id = $1 for update', [owner?.id]);
      const order = { ...TOKYO, lines: [{ toolId, quantity: 1 }], paymentMethod: 'account', currency: 'JPY' };
      const placing = client.post('/api/order', order);
      // The order waits on the buyer's row in place_orders, and nowhere else (the activity is read
      // afresh each time: within a transaction it is otherwise the first read's).
      const waiting = async () => {
        await holder.query('select pg_stat_clear_snapshot()');
        const { rows } = await holder.query(
          `select query from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return rows.map((r: { query: string }) => r.query);
      };
      await expect
        .poll(waiting, { interval: 5, timeout: 30_000 })
        .toEqual([expect.stringContaining('place_orders')]);
      const reversed = await admin.post(`/api/companies/${companyId}/payments/${paid.json().id}/reversal`, {
        reason: 'Bounced',
      });
      expect(reversed.statusCode, reversed.body).toBe(200);
      await holder.query('rollback');
      const refused = await placing;
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(messages.statementOverdue(issued.number, '2026-02-01'));
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
    }
    const placed = await shop.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.status, 'on_account')));
    expect(placed[0]?.n).toBe(0);
  });
});

describe('reminders', () => {
  it('mail the billing e-mail three days before the due date and on the first overdue day, each once', async () => {
    const { client, companyId, billingEmail } = await company();
    await shipped(client, 1);
    const dueOn = addDays(todayIn(new Date()), 10);
    const issued = (await admin.post(`/api/companies/${companyId}/statements`, { dueOn })).json();
    const remindersTo = () => mailer.sent.filter((m) => m.to === billingEmail && m.subject.includes('お'));
    const count = () => remindersTo().length;
    const start = count();
    // Four days before: nothing yet.
    await serviceOn(addDays(dueOn, -4)).remindDue();
    expect(count()).toBe(start);
    await serviceOn(addDays(dueOn, -3)).remindDue();
    await serviceOn(addDays(dueOn, -2)).remindDue();
    expect(count()).toBe(start + 1);
    expect(remindersTo().at(-1)?.subject).toBe(`お支払期日のお知らせ：請求書 ${issued.number}（${dueOn}）`);
    // On the due date itself: still not overdue.
    await serviceOn(dueOn).remindDue();
    expect(count()).toBe(start + 1);
    await serviceOn(addDays(dueOn, 1)).remindDue();
    await serviceOn(addDays(dueOn, 2)).remindDue();
    expect(count()).toBe(start + 2);
    expect(remindersTo().at(-1)?.subject).toBe(`お支払いのお願い：請求書 ${issued.number}（期日 ${dueOn}）`);
    expect(remindersTo().at(-1)?.text).toContain('掛けでの新規ご注文はお受けできません');
  });

  it('go again when a reversed payment leaves owing a statement it had paid in full, and only then', async () => {
    const { client, companyId, billingEmail } = await company();
    await shipped(client, 1);
    const dueOn = addDays(todayIn(new Date()), 10);
    const issued = (await admin.post(`/api/companies/${companyId}/statements`, { dueOn })).json();
    const overdue = () =>
      mailer.sent.filter((m) => m.to === billingEmail && m.subject.startsWith('お支払いのお願い')).length;
    await serviceOn(addDays(dueOn, -3)).remindDue();
    await serviceOn(addDays(dueOn, 1)).remindDue();
    expect(overdue()).toBe(1);
    const pay = (amount: number, reference: string) =>
      admin.post(`/api/companies/${companyId}/payments`, {
        amount,
        receivedOn: todayIn(new Date()),
        reference,
      });
    const reverse = (id: string) =>
      admin.post(`/api/companies/${companyId}/payments/${id}/reversal`, { reason: 'Bounced' });
    // Part of it paid, then reversed: it owed all along and was reminded while it owed.
    const part = await pay(1, 'PART');
    expect(part.statusCode, part.body).toBe(201);
    expect((await reverse(part.json().id)).statusCode).toBe(200);
    await serviceOn(addDays(dueOn, 4)).remindDue();
    expect(overdue()).toBe(1);
    // Paid in full, then reversed: owing again, the buyer is told once more, once.
    const whole = await pay(issued.ordersTotal, 'WHOLE');
    expect(whole.statusCode, whole.body).toBe(201);
    await serviceOn(addDays(dueOn, 5)).remindDue();
    expect(overdue()).toBe(1);
    expect((await reverse(whole.json().id)).statusCode).toBe(200);
    await serviceOn(addDays(dueOn, 6)).remindDue();
    await serviceOn(addDays(dueOn, 7)).remindDue();
    expect(overdue()).toBe(2);
  });

  it('leave a statement paid in full alone', async () => {
    const { client, companyId, billingEmail } = await company();
    await shipped(client, 1);
    const dueOn = addDays(todayIn(new Date()), 3);
    const issued = (await admin.post(`/api/companies/${companyId}/statements`, { dueOn })).json();
    const paid = await admin.post(`/api/companies/${companyId}/payments`, {
      amount: issued.ordersTotal,
      receivedOn: todayIn(new Date()),
      reference: 'PAID',
    });
    expect(paid.statusCode).toBe(201);
    const before = mailer.sent.filter((m) => m.to === billingEmail).length;
    await serviceOn(dueOn).remindDue();
    await serviceOn(addDays(dueOn, 1)).remindDue();
    expect(mailer.sent.filter((m) => m.to === billingEmail)).toHaveLength(before);
  });
});

describe.skipIf(!onPostgres())('two instances on one PostgreSQL database', () => {
  let other: TestShop;
  beforeAll(async () => {
    other = await startTestShop({
      databaseUrl: shop.databaseUrl,
      mailer,
      env: {
        ADMIN_EMAILS: 'owner@kanna.example',
        AUTH_RATE_LIMIT: '1000',
        SHOP_TIME_ZONE: ZONE,
        // Instances behind one address share the signing secret: the admin's session works on both.
        AUTH_SECRET: shop.config.authSecret,
      },
    });
  });
  afterAll(() => other?.close());

  it('two administrators issuing at once make one statement (201 and 409), each order on it once', async () => {
    const { client, companyId } = await company();
    const ids = [await shipped(client, 1), await shipped(client, 2)];
    const [a, b] = await Promise.all([
      admin.post(`/api/companies/${companyId}/statements`, {}),
      admin.post(`/api/companies/${companyId}/statements`, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const issued = await shop.database.db
      .select()
      .from(statements)
      .where(eq(statements.companyId, companyId));
    expect(issued).toHaveLength(1);
    for (const o of await orderRows(ids)) expect(o.statementId).toBe(issued[0]?.id);
  });

  it('reversing one payment at once, four times on two instances: one 200, the rest 409, the money moved once', async () => {
    const { client, companyId } = await company();
    const ids = [await shipped(client, 2)];
    // Issued and paid on the other instance: the admin's per-minute limits are counted per instance,
    // and this file's later tests issue on the first one.
    const there = new Client(other.app, other.config.publicUrl, '10.69.0.2');
    there.cookies = new Map(admin.cookies);
    const issuing = await there.post(`/api/companies/${companyId}/statements`, {});
    expect(issuing.statusCode, issuing.body).toBe(201);
    const issued = issuing.json();
    const paid = await there.post(`/api/companies/${companyId}/payments`, {
      amount: issued.ordersTotal + 500,
      receivedOn: todayIn(new Date()),
      reference: 'TWICE',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await admin.get(`/api/companies/${companyId}`)).json()).toMatchObject({
      openBalance: -500,
      creditOnAccount: 500,
    });
    const url = `/api/companies/${companyId}/payments/${paid.json().id}/reversal`;
    const answers = await Promise.all(
      [admin, there, admin, there].map((by, i) => by.post(url, { reason: `Reversal ${i + 1}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toMatchObject({ key: 'paymentAlreadyReversed' });
    // Once: the whole statement owed again and no credit, the order owed, one audit entry.
    expect((await admin.get(`/api/companies/${companyId}`)).json()).toMatchObject({
      openBalance: issued.ordersTotal,
      creditOnAccount: 0,
    });
    const [statement] = (await admin.get(`/api/companies/${companyId}/statements`)).json();
    expect(statement).toMatchObject({ applied: 0, outstanding: issued.ordersTotal, state: 'open' });
    expect(await statusesOf(ids)).toEqual(['account_shipped']);
    const [payment] = (await admin.get(`/api/companies/${companyId}/payments`)).json();
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect(payment).toMatchObject({
      appliedTo: [],
      unapplied: 0,
      reversed: { reason: `Reversal ${winner + 1}` },
    });
    const logged = await shop.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, companyId), eq(auditLog.kind, 'company.reversePayment')));
    expect(logged).toHaveLength(1);
  });

  it('their schedulers issue a company’s statement once', async () => {
    const { client, companyId } = await company({ ...yenTerms, closingDay: 28 });
    await shipped(client, 5);
    const closing = nextClosingDate(28, todayIn(new Date()));
    const jobOf = (on: TestShop) => ({
      name: 'issue-statements-test',
      everyMs: 60 * 60_000,
      run: () => serviceOn(closing, on).issueDue(),
    });
    const log = { error: vi.fn(), warn: vi.fn() };
    const schedulers = [
      createScheduler(shop.database.db, [jobOf(shop)], { log, pollMs: 5 }),
      createScheduler(other.database.db, [jobOf(other)], { log, pollMs: 5 }),
    ];
    try {
      for (const s of schedulers) await s.start();
      for (const s of schedulers) await s.scheduleAt('issue-statements-test', new Date());
      await vi.waitFor(
        async () => {
          const rows = await shop.database.db
            .select({ id: statements.id })
            .from(statements)
            .where(and(eq(statements.companyId, companyId), eq(statements.closingDate, closing)));
          expect(rows).toHaveLength(1);
        },
        { timeout: 20_000, interval: 20 },
      );
      // Both ran (or could have): still one.
      await schedulers[1]?.scheduleAt('issue-statements-test', new Date());
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [count] = await shop.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(statements)
        .where(eq(statements.companyId, companyId));
      expect(count?.n).toBe(1);
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      for (const s of schedulers) await s.stop();
    }
  });
});

describe('a payment recorded with a wrong amount is reversed', () => {
  let owner: Client;
  let companyId: string;
  let first: { number: string; ordersTotal: number; orders: { id: string }[] };
  let wrong: { id: string };
  /** The open balance after the true part was paid: what the company owes once the typo is undone. */
  let owedAfterPart: number;
  const today = todayIn(new Date());
  const pay = (amount: number, reference: string) =>
    admin.post(`/api/companies/${companyId}/payments`, { amount, receivedOn: today, reference });
  const reverse = (paymentId: string, reason: unknown, by: Client = admin, language = 'en') =>
    by.request({
      method: 'POST',
      url: `/api/companies/${companyId}/payments/${paymentId}/reversal`,
      payload: { reason },
      headers: { 'accept-language': language },
    });
  const oldest = async () =>
    (
      (await admin.get(`/api/companies/${companyId}/statements`)).json() as {
        state: string;
        applied: number;
      }[]
    ).at(-1);
  const figures = async () =>
    (await owner.get(`/api/companies/${companyId}`)).json() as {
      openBalance: number;
      creditOnAccount: number;
    };
  const orderStatuses = () => statusesOf(first.orders.map((o) => o.id));

  beforeAll(async () => {
    ({ client: owner, companyId } = await company());
    await shipped(owner, 2);
    await shipped(owner, 1);
    first = (await admin.post(`/api/companies/${companyId}/statements`, {})).json();
    // A true part, then the rest typed with one zero too many.
    expect((await pay(100, 'PART')).statusCode).toBe(201);
    owedAfterPart = (await figures()).openBalance;
    expect(owedAfterPart).toBeGreaterThan(0);
    const res = await pay((first.ordersTotal - 100) * 10, 'TYPO');
    expect(res.statusCode, res.body).toBe(201);
    wrong = res.json();
    expect(await oldest()).toMatchObject({ state: 'paid' });
    expect(await orderStatuses()).toEqual(first.orders.map(() => 'shipped'));
    expect((await figures()).creditOnAccount).toBe((first.ordersTotal - 100) * 9);
  });

  it('asks for a reason (1–200 characters, at the field); only administrators reverse (403)', async () => {
    for (const reason of ['', '   ', 'x'.repeat(201)]) {
      const res = await reverse(wrong.id, reason);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].path).toBe('reason');
    }
    expect((await reverse(wrong.id, 'mine', owner)).statusCode).toBe(403);
    // Another company's payment through this company: as if missing.
    const other = await company();
    await shipped(other.client, 1);
    await admin.post(`/api/companies/${other.companyId}/statements`, {});
    const theirs = (
      await admin.post(`/api/companies/${other.companyId}/payments`, {
        amount: 1,
        receivedOn: today,
        reference: 'OTHER',
      })
    ).json();
    expect((await reverse(theirs.id, 'not theirs')).statusCode).toBe(404);
    expect(await oldest()).toMatchObject({ state: 'paid' });
  });

  it('undoes its applications: the statement partly paid again, its orders owed, the row kept and marked', async () => {
    const res = await reverse(wrong.id, 'Typed one zero too many');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: wrong.id,
      appliedTo: [],
      unapplied: 0,
      reversed: { by: 'Owner', reason: 'Typed one zero too many' },
    });
    expect(await oldest()).toMatchObject({ state: 'partly_paid', applied: 100 });
    expect(await orderStatuses()).toEqual(first.orders.map(() => 'account_shipped'));
    expect(await figures()).toMatchObject({ openBalance: owedAfterPart, creditOnAccount: 0 });
    // Still listed, newest first, marked reversed; the true part untouched.
    const listed = (await admin.get(`/api/companies/${companyId}/payments`)).json() as {
      reference: string;
      reversed: unknown;
      appliedTo: unknown[];
    }[];
    expect(listed.map((p) => [p.reference, p.reversed !== null])).toEqual([
      ['TYPO', true],
      ['PART', false],
    ]);
    expect(listed[1]?.appliedTo).toEqual([{ statement: first.number, amount: 100 }]);
    const [logged] = await shop.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, companyId), eq(auditLog.kind, 'company.reversePayment')));
    expect(logged).toMatchObject({
      before: { amount: (first.ordersTotal - 100) * 10, currency: 'JPY', reference: 'TYPO' },
      after: { reason: 'Typed one zero too many' },
    });
  });

  it('is reversed once: again is 409, saying so in the caller’s language', async () => {
    const again = await reverse(wrong.id, 'twice');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      key: 'paymentAlreadyReversed',
      message: messages.paymentAlreadyReversed(today),
    });
    const ja = await reverse(wrong.id, 'twice', admin, 'ja');
    expect(ja.json().message).toBe(messagesJa.paymentAlreadyReversed(today));
  });

  it('then the right amount pays the statement and settles its orders again; the ledger shows all three', async () => {
    const right = await pay(first.ordersTotal - 100, 'RIGHT');
    expect(right.json()).toMatchObject({
      appliedTo: [{ statement: first.number, amount: first.ordersTotal - 100 }],
    });
    expect(await oldest()).toMatchObject({ state: 'paid' });
    expect(await orderStatuses()).toEqual(first.orders.map(() => 'shipped'));
    expect(await figures()).toMatchObject({ openBalance: 0, creditOnAccount: 0 });
    const csv = await owner.get(`/api/companies/${companyId}/ledger.csv`);
    const lines = csv.body
      .slice(1)
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.slice(1, -1).split('","'));
    const money = lines.filter((l) => l[1]?.startsWith('Payment'));
    const typo = String((first.ordersTotal - 100) * 10);
    expect(money.map((l) => [l[1], l[2], l[4], l[5]])).toEqual([
      ['Payment received', 'PART', '', '100'],
      ['Payment received', 'RIGHT', '', String(first.ordersTotal - 100)],
      ['Payment received', 'TYPO', '', typo],
      ['Payment reversed', 'TYPO', typo, ''],
    ]);
    expect(lines.at(-1)?.[6]).toBe('0');
  });

  /** A new company's one order on account, shipped, on a statement (`statement`'s body) paid in full. */
  async function billedAndPaid(reference: string, statement: object = {}) {
    const { client, companyId } = await company();
    const id = await shipped(client, 1);
    const issued = (await admin.post(`/api/companies/${companyId}/statements`, statement)).json();
    const paid = (
      await admin.post(`/api/companies/${companyId}/payments`, {
        amount: issued.ordersTotal,
        receivedOn: today,
        reference,
      })
    ).json();
    return { client, companyId, id, issued, paid };
  }

  it('leaves an overdue statement overdue again, and orders on account stop', async () => {
    const {
      client,
      companyId: late,
      issued,
      paid,
    } = await billedAndPaid('WRONG COMPANY', { dueOn: '2026-01-31' });
    const order = { ...TOKYO, lines: [{ toolId, quantity: 1 }], paymentMethod: 'account', currency: 'JPY' };
    const placed = await client.post('/api/order', order);
    expect(placed.statusCode, placed.body).toBe(201);
    const res = await admin.post(`/api/companies/${late}/payments/${paid.id}/reversal`, {
      reason: 'The money came from another company',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [statement] = (await admin.get(`/api/companies/${late}/statements`)).json();
    expect(statement).toMatchObject({ state: 'overdue', outstanding: issued.ordersTotal });
    expect((await admin.get(`/api/companies/${late}`)).json().overdue).toBe(issued.ordersTotal);
    expect((await client.post('/api/order', order)).statusCode).toBe(409);
  });

  it('takes back the invoice and the receipt of an order it settled: refused at once (409), though kept in memory', async () => {
    const { client, companyId: c, id, paid } = await billedAndPaid('SETTLES');
    expect(await statusesOf([id])).toEqual(['shipped']);
    const pdf = (kind: string, by: Client = client) => by.get(`/api/orders/${id}/documents/${kind}.pdf`);
    // Issued by the first download, its bytes read and kept by the second, the third from memory.
    for (const kind of ['invoice', 'receipt', 'delivery-note'])
      for (let i = 0; i < 3; i++) expect((await pdf(kind)).statusCode, kind).toBe(200);
    const res = await admin.post(`/api/companies/${c}/payments/${paid.id}/reversal`, { reason: 'Bounced' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusesOf([id])).toEqual(['account_shipped']);
    // Owed on the account again, the order has no invoice nor receipt (decision 0078): the next
    // download reads its state, whoever asks.
    for (const by of [client, admin])
      for (const kind of ['invoice', 'receipt']) {
        const refused = await pdf(kind, by);
        expect(refused.statusCode, kind).toBe(409);
        expect(refused.json()).toMatchObject({ code: 'conflict' });
      }
    expect((await pdf('delivery-note')).statusCode).toBe(200);
  });

  it('the next statement takes back a payment the last one counted as received', async () => {
    const { client, companyId: c } = await company({ ...yenTerms, closingDay: 28 });
    await shipped(client, 1);
    const s1 = (await admin.post(`/api/companies/${c}/statements`, {})).json();
    const wrongPaid = (
      await admin.post(`/api/companies/${c}/payments`, {
        amount: s1.ordersTotal * 10,
        receivedOn: today,
        reference: 'TYPO',
      })
    ).json();
    const closing = nextClosingDate(28, addDays(today, 1));
    await serviceOn(closing).issueDue();
    const [s2] = (await admin.get(`/api/companies/${c}/statements`)).json();
    expect(s2).toMatchObject({ received: s1.ordersTotal * 10, carriedForward: -s1.ordersTotal * 9 });
    await admin.post(`/api/companies/${c}/payments/${wrongPaid.id}/reversal`, { reason: 'Typo' });
    await admin.post(`/api/companies/${c}/payments`, {
      amount: s1.ordersTotal,
      receivedOn: today,
      reference: 'RIGHT',
    });
    // Counted by s2 and reversed since: the third takes it back, and nothing is owed or carried.
    await serviceOn(nextClosingDate(28, addDays(closing, 1))).issueDue();
    const [s3] = (await admin.get(`/api/companies/${c}/statements`)).json();
    expect(s3).toMatchObject({
      previousBalance: -s1.ordersTotal * 9,
      received: s1.ordersTotal - s1.ordersTotal * 10,
      carriedForward: 0,
      amountDue: 0,
    });
    expect((await admin.get(`/api/companies/${c}`)).json()).toMatchObject({
      openBalance: 0,
      creditOnAccount: 0,
    });
  });
});

describe('money beyond the open statements is credit on account (前受金)', () => {
  // A second administrator: the file's first has issued more than the 20 statements a minute one
  // account may issue (issueStatement's perAccountPerMinute) by the time these tests run.
  let clerk: Client;
  beforeAll(async () => {
    clerk = await signedIn(shop, '10.69.0.2', 'Clerk', 'clerk@kanna.example');
  });
  const today = todayIn(new Date());
  /** A company whose one statement is issued: its owner, id and the statement's total. */
  async function billed() {
    const { client, companyId } = await company({ ...yenTerms, closingDay: 28 });
    await shipped(client, 2);
    const issued = await clerk.post(`/api/companies/${companyId}/statements`, {});
    expect(issued.statusCode, issued.body).toBe(201);
    const s = issued.json();
    return { client, companyId, total: s.ordersTotal as number, number: s.number as string };
  }
  const pay = (companyId: string, amount: number) =>
    clerk.post(`/api/companies/${companyId}/payments`, { amount, receivedOn: today, reference: 'ｶﾝﾅ' });
  const ledgerBalance = async (by: Client, companyId: string) =>
    (await by.get(`/api/companies/${companyId}/ledger.csv`)).body
      .trim()
      .split('\r\n')
      .at(-1)
      ?.slice(1, -1)
      .split('","')[6];

  it('exactly what is owed leaves no credit: balance 0, the statement paid', async () => {
    const { client, companyId, total } = await billed();
    expect((await pay(companyId, total)).json()).toMatchObject({ unapplied: 0 });
    expect((await client.get(`/api/companies/${companyId}`)).json()).toMatchObject({
      openBalance: 0,
      creditOnAccount: 0,
    });
    expect(await ledgerBalance(client, companyId)).toBe('0');
  });

  it('¥1 above is ¥1 of credit, shown to the owner, the ledger below zero by it; the next statement applies it', async () => {
    const { client, companyId, total } = await billed();
    expect((await pay(companyId, total + 1)).json()).toMatchObject({ unapplied: 1 });
    expect((await client.get(`/api/companies/${companyId}`)).json()).toMatchObject({
      openBalance: -1,
      creditOnAccount: 1,
    });
    expect(
      (await clerk.get('/api/companies')).json().find((c: { id: string }) => c.id === companyId),
    ).toMatchObject({ creditOnAccount: 1 });
    expect(await ledgerBalance(client, companyId)).toBe('-1');
    // The next statement counts it as received, carries it and applies it.
    await shipped(client, 1);
    await serviceOn(nextClosingDate(28, addDays(today, 1))).issueDue();
    const [next] = (await client.get(`/api/companies/${companyId}/statements`)).json();
    expect(next).toMatchObject({
      previousBalance: total,
      received: total + 1,
      carriedForward: -1,
      amountDue: next.ordersTotal - 1,
      applied: 1,
      outstanding: next.ordersTotal - 1,
      state: 'partly_paid',
    });
    expect((await client.get(`/api/companies/${companyId}`)).json()).toMatchObject({
      openBalance: next.ordersTotal - 1,
      creditOnAccount: 0,
    });
    // Its PDF names the credit as a credit, in both languages, never as a minus.
    const ja = await pdfOf(client, next.pdf);
    expect(ja).toContain('前受金（繰越）');
    expect(ja).toContain('お受けしたご入金 ¥1 を、本請求に充当しております');
    const en = await pdfOf(client, `${next.pdf}?lang=en`);
    expect(en).toContain('Credit carried forward: ¥1 we received beyond what you owed');
    for (const text of [ja, en]) {
      expect(text).not.toMatch(/[-−]\s*¥|¥\s*[-−]/);
      expect(text).toContain(formatYen(next.amountDue));
    }
  });

  it('money paid with nothing owed leaves a credit remaining on the next statement, with nothing to pay', async () => {
    const { client, companyId } = await company({ ...yenTerms, closingDay: 28 });
    expect((await pay(companyId, 500)).statusCode).toBe(201);
    await serviceOn(nextClosingDate(28, addDays(today, 1))).issueDue();
    const [next] = (await client.get(`/api/companies/${companyId}/statements`)).json();
    expect(next).toMatchObject({ received: 500, carriedForward: -500, ordersTotal: 0, amountDue: -500 });
    const en = await pdfOf(client, `${next.pdf}?lang=en`);
    expect(en).toContain('Credit remaining ¥500');
    expect(en).toContain('Nothing to pay');
    expect(en).not.toContain('Due date');
    const ja = await pdfOf(client, next.pdf);
    expect(ja).toContain('前受金残高 ¥500');
    expect(ja).toContain('お支払いは不要です');
    expect(ja).not.toContain('お支払期日');
    for (const text of [ja, en]) {
      expect(text).not.toMatch(/[-−]\s*¥|¥\s*[-−]/);
      // No bank to pay into: there is nothing to pay.
      expect(text).not.toContain('7654321');
    }
  });

  /** A company in `language` that paid ¥5,000 ahead and had one order shipped: its next statement leaves a credit. */
  async function creditLeft(language: 'ja' | 'en') {
    const { client, companyId, billingEmail } = await company({ ...yenTerms, closingDay: 28, language });
    const paid = await pay(companyId, 5_000);
    expect(paid.statusCode, paid.body).toBe(201);
    await shipped(client, 1);
    await serviceOn(nextClosingDate(28, addDays(today, 1))).issueDue();
    const [next] = (await client.get(`/api/companies/${companyId}/statements`)).json();
    expect(next).toMatchObject({
      received: 5_000,
      carriedForward: -5_000,
      amountDue: next.ordersTotal - 5_000,
    });
    expect(next.amountDue).toBeLessThan(0);
    const mail = mailer.sent.find((m) => m.to === billingEmail && m.subject.includes(next.number));
    expect(mail, `no statement mail to ${billingEmail}`).toBeDefined();
    return { companyId, billingEmail, next, paymentId: paid.json().id as string, text: mail?.text ?? '' };
  }

  it('its mail says the credit remaining and that there is nothing to pay, as its PDF does, in Japanese', async () => {
    const { next, text } = await creditLeft('ja');
    expect(text).toContain(`前受金残高：${formatYen(-next.amountDue)}`);
    expect(text).toContain('お支払いは不要です。前受金残高は次回のご請求から差し引きます。');
    expect(text).toContain(
      '前受金（繰越）：お支払いが必要な額を超えてお受けしたご入金 ¥5,000 を、本請求に充当しております。',
    );
    expect(text).not.toContain('お支払期日');
    expect(text).not.toContain('ご請求金額');
    expect(text).not.toContain(`「${next.number}」`);
    expect(text).not.toMatch(/[-−]\s*¥|¥\s*[-−]/);
  });

  it('its mail says the credit remaining and that there is nothing to pay, as its PDF does, in English', async () => {
    const { next, text } = await creditLeft('en');
    expect(text).toContain(`Credit remaining: ${formatYen(-next.amountDue)}`);
    expect(text).toContain('Nothing to pay: the credit remaining is taken off your next statement.');
    expect(text).toContain(
      'Credit carried forward: ¥5,000 we received beyond what you owed, set against this statement.',
    );
    expect(text).not.toContain('Due on');
    expect(text).not.toContain('Amount due');
    expect(text).not.toContain('reference of your transfer');
    expect(text).not.toMatch(/[-−]\s*¥|¥\s*[-−]/);
  });

  it('a statement with nothing to pay is never reminded, even once the payment behind its credit is reversed', async () => {
    const { companyId, billingEmail, next, paymentId } = await creditLeft('ja');
    const reversed = await clerk.post(`/api/companies/${companyId}/payments/${paymentId}/reversal`, {
      reason: 'Bounced',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    // Its orders are owed again (the next statement asks for them), but this one asked for nothing.
    const [again] = (await clerk.get(`/api/companies/${companyId}/statements`)).json();
    expect(again).toMatchObject({ number: next.number, applied: 0, amountDue: next.amountDue });
    const sent = mailer.sent.filter((m) => m.to === billingEmail).length;
    await serviceOn(addDays(next.dueOn, -3)).remindDue();
    await serviceOn(addDays(next.dueOn, 1)).remindDue();
    expect(mailer.sent.filter((m) => m.to === billingEmail)).toHaveLength(sent);
  });

  it('a statement that comes to exactly nothing asks for nothing: no due date, no bank details, no reminder', async () => {
    const { client, companyId, billingEmail } = await company({
      ...yenTerms,
      closingDay: 28,
      language: 'en',
    });
    const [row] = await orderRows([await shipped(client, 1)]);
    // Paid ahead exactly what the order comes to.
    expect((await pay(companyId, row?.amountDue ?? 0)).statusCode).toBe(201);
    await serviceOn(nextClosingDate(28, addDays(today, 1))).issueDue();
    const [next] = (await client.get(`/api/companies/${companyId}/statements`)).json();
    expect(next).toMatchObject({ amountDue: 0, carriedForward: -(row?.amountDue ?? 0) });
    const en = await pdfOf(client, next.pdf);
    const ja = await pdfOf(client, `${next.pdf}?lang=ja`);
    expect(en).toContain('Nothing to pay for this period.');
    expect(ja).toContain('今回のお支払いは不要です。');
    expect(en).not.toContain('Due date');
    expect(ja).not.toContain('お支払期日');
    expect(en).not.toContain('Transfer reference');
    // Neither the shop's bank nor the hint to quote the statement number on a transfer.
    for (const text of [en, ja]) expect(text).not.toContain('7654321');
    const mail = mailer.sent.find((m) => m.to === billingEmail && m.subject.includes(next.number));
    expect(mail?.text).toContain('Nothing to pay for this period.');
    expect(mail?.text).not.toContain('Credit remaining');
    expect(mail?.text).not.toContain('Due on');
    const sent = mailer.sent.filter((m) => m.to === billingEmail).length;
    await serviceOn(addDays(next.dueOn, -3)).remindDue();
    await serviceOn(addDays(next.dueOn, 1)).remindDue();
    expect(mailer.sent.filter((m) => m.to === billingEmail)).toHaveLength(sent);
  });

  it('a statement whose credit carried forward leaves something to pay says both in its mail, and is reminded of what it asks', async () => {
    const { client, companyId, billingEmail } = await company({
      ...yenTerms,
      closingDay: 28,
      language: 'en',
    });
    expect((await pay(companyId, 100)).statusCode).toBe(201);
    await shipped(client, 1);
    await serviceOn(nextClosingDate(28, addDays(today, 1))).issueDue();
    const [next] = (await client.get(`/api/companies/${companyId}/statements`)).json();
    expect(next).toMatchObject({ carriedForward: -100, amountDue: next.ordersTotal - 100 });
    const mail = mailer.sent.find((m) => m.to === billingEmail && m.subject.includes(next.number));
    expect(mail?.text).toContain(`Amount due: ${formatYen(next.amountDue)}`);
    expect(mail?.text).toContain(`Due on: ${next.dueOn}`);
    // Its PDF gives the shop's bank to pay into.
    expect(await pdfOf(client, `${next.pdf}?lang=en`)).toContain('7654321');
    expect(mail?.text).toContain('Credit carried forward: ¥100 we received beyond what you owed');
    expect(mail?.text).toContain(`Please give ${next.number} as the reference of your transfer.`);
    await serviceOn(addDays(next.dueOn, -3)).remindDue();
    const reminder = mailer.sent.find(
      (m) => m.to === billingEmail && m.subject === `Statement ${next.number} is due on ${next.dueOn}`,
    );
    expect(reminder?.text).toContain(`amount due ${formatYen(next.amountDue)}`);
  });
});

/** A statement's PDF as `by` downloads it, read back as text. */
async function pdfOf(by: Client, path: string) {
  const res = await by.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return (await pdfText(res.rawPayload)).text;
}

const formatYen = (yen: number) => `¥${yen.toLocaleString('en-US')}`;
