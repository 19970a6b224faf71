import { randomUUID } from 'node:crypto';
import { type Currency, formatIn, toMajor } from '@kanna/shared';
import type {
  CompanyPayment,
  CompanyPaymentInput,
  IssueStatementRequest,
  PaymentReversalRequest,
  Statement,
} from '@kanna/shared/companies';
import { issuedDocumentPath } from '@kanna/shared/domain/archive';
import { roundTax, type TaxRounding } from '@kanna/shared/domain/charges';
import {
  addDays,
  type ClosingDay,
  companyAmountProblem,
  lastClosingDate,
  MAX_COMPANY_AMOUNT,
  MONTH_END,
  statementDueDate,
  toMajorUnits,
  toMinorUnits,
} from '@kanna/shared/domain/companies';
import type { Language } from '@kanna/shared/domain/languages';
import { says } from '@kanna/shared/domain/messages';
import { fromStates, statementState } from '@kanna/shared/domain/order-state';
import { formatOrderNumber } from '@kanna/shared/domain/orders';
import { shopDay } from '@kanna/shared/domain/transfers';
import type { ShopSettingsFields } from '@kanna/shared/shop-settings';
import { shopIdentity } from '@kanna/shared/shop-settings';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { violates } from '../../db/errors';
import {
  companies,
  companyMembers,
  companyPayments,
  orders,
  paymentApplications,
  type StatementTaxRow,
  statements,
  user,
} from '../../db/schema';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { issueIn } from '../archive/issue';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import type { DocumentModel, StatementFacts } from '../documents/model';
import type { Mailer } from '../mail/mailer';
import { appliedTo } from './account-money';
import { accountMoves } from './account-moves';
import { ledgerCsv } from './statements.ledger';
import { reminderMail, statementMail } from './statements.mail';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type CompanyRow = typeof companies.$inferSelect;
type StatementRow = typeof statements.$inferSelect;

/** A statement's first reminder goes this many days before its due date. */
const REMIND_DAYS_BEFORE = 3;

/** 締め日 and the payment day as kept: 1–28, or 31 for the month's end. */
const dayOf = (kept: number): ClosingDay => (kept === 31 ? MONTH_END : kept);

export type StatementsDeps = {
  db: Database;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error'>;
  publicUrl: string;
  timeZone: string;
  /** The shop's settings as documents read them (legal name, bank, registration number, tax rounding). */
  settings: () => Promise<ShopSettingsFields>;
  /** The company `id` for its owner or an administrator (403/404 otherwise): companies.service.ts. */
  ownerOrAdminOf: (caller: SessionUser, id: string) => Promise<CompanyRow>;
  now?: () => Date;
};

/** A statement's figures before it is issued: what `issueFor` takes, computes and stores. */
type Bill = {
  company: CompanyRow;
  currency: Currency;
  closingDate: string;
  periodFrom: string;
  dueOn: string;
  previousBalance: number;
  received: number;
  ordersTotal: number;
  taxByRate: StatementTaxRow[];
  orders: { id: string; number: string; shippedOn: string; poNumber: string | null; taxable: number }[];
  paymentIds: string[];
  /** Payments an earlier statement counted as received, reversed since: this one takes them back. */
  reversalIds: string[];
};

/**
 * Monthly statements (docs/rules.md, "Statements and money received"; decision 0069). On a company's closing
 * day the scheduler issues its statement, once (the company row is the lock, one statement per
 * company and closing date the key); an administrator may issue one at once. A statement takes
 * the company's shipped on-account orders not yet on one (each on exactly one: `statement_id` is
 * set once, guarded), counts the money recorded since the last one, computes the tax per rate on
 * the statement (rounded once), and is issued as a document (kind `statement`, `ST-` series) in
 * the transaction that takes the orders, then mailed to the billing e-mail in the company's language.
 */
export function statementsService(deps: StatementsDeps) {
  const { db, mailer, log, publicUrl, timeZone, settings, ownerOrAdminOf } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => shopDay(now(), timeZone);

  /** What `tx` computes for the company's statement closing on `closingDate` (null: nothing to bill). */
  async function billOf(
    tx: Transaction,
    company: CompanyRow,
    closingDate: string,
    rounding: TaxRounding,
    dueOn?: string,
  ): Promise<Bill | null> {
    const currency = company.currency;
    if (!currency || company.payMonthsAfter === null || company.payDay === null) return null;
    const [previous] = await tx
      .select()
      .from(statements)
      .where(eq(statements.companyId, company.id))
      .orderBy(desc(statements.closingDate))
      .limit(1);
    const shippedOn = sql<string>`to_char((${orders.shippedAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
    const billed = await tx
      .select({
        id: orders.id,
        number: orders.number,
        shippedOn,
        poNumber: orders.poNumber,
        amountDue: orders.amountDueCents,
        tax: orders.taxCents,
        rateBp: orders.taxRateBp,
      })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, company.id),
          inArray(orders.status, fromStates('settle')),
          isNull(orders.statementId),
          isNotNull(orders.shippedAt),
          sql`(${orders.shippedAt} at time zone ${timeZone})::date <= ${closingDate}::date`,
        ),
      )
      .orderBy(asc(orders.shippedAt), asc(orders.number))
      .for('update');
    // The money received since the last statement (a payment reversed before any statement counted
    // it is none), less the payments an earlier statement counted and that were reversed since.
    const payments = await tx
      .select({ id: companyPayments.id, amount: companyPayments.amountMinor })
      .from(companyPayments)
      .where(
        and(
          eq(companyPayments.companyId, company.id),
          isNull(companyPayments.countedOn),
          isNull(companyPayments.reversedAt),
        ),
      )
      .for('update');
    const reversals = await tx
      .select({ id: companyPayments.id, amount: companyPayments.amountMinor })
      .from(companyPayments)
      .where(
        and(
          eq(companyPayments.companyId, company.id),
          isNotNull(companyPayments.countedOn),
          isNotNull(companyPayments.reversedAt),
          isNull(companyPayments.reversalCountedOn),
        ),
      )
      .for('update');
    const previousBalance = previous?.amountDueMinor ?? 0;
    const received =
      payments.reduce((sum, p) => sum + p.amount, 0) - reversals.reduce((sum, p) => sum + p.amount, 0);
    if (billed.length === 0 && previousBalance - received === 0 && received === 0) return null;
    // The tax per rate, on the rate's whole taxable amount, rounded once (the qualified invoice's rule).
    const rates = new Map<number, number>();
    for (const o of billed) rates.set(o.rateBp, (rates.get(o.rateBp) ?? 0) + o.amountDue - o.tax);
    const taxByRate = [...rates.entries()]
      .sort(([a], [b]) => b - a)
      .map(([rateBp, taxableMinor]) => ({
        rateBp,
        taxableMinor,
        taxMinor: roundTax((taxableMinor * rateBp) / 10_000, rounding),
      }));
    const ordersTotal = taxByRate.reduce((sum, r) => sum + r.taxableMinor + r.taxMinor, 0);
    // From the day after the last statement closed; the first from its first order's shipping day.
    const first = billed[0]?.shippedOn ?? closingDate;
    const periodFrom = previous ? addDays(previous.periodTo, 1) : first < closingDate ? first : closingDate;
    return {
      company,
      currency,
      closingDate,
      periodFrom,
      dueOn: dueOn ?? statementDueDate(closingDate, company.payMonthsAfter, dayOf(company.payDay)),
      previousBalance,
      received,
      ordersTotal,
      taxByRate,
      orders: billed.map((o) => ({
        id: o.id,
        number: formatOrderNumber(o.number),
        shippedOn: o.shippedOn,
        poNumber: o.poNumber,
        taxable: o.amountDue - o.tax,
      })),
      paymentIds: payments.map((p) => p.id),
      reversalIds: reversals.map((p) => p.id),
    };
  }

  /** The statement's document model in `language`, without its number (the archive gives it). */
  function modelOf(bill: Bill, shop: ShopSettingsFields, issuedAt: Date, language: Language): DocumentModel {
    const carried = bill.previousBalance - bill.received;
    const facts: StatementFacts = {
      periodFrom: bill.periodFrom,
      periodTo: bill.closingDate,
      closingDate: bill.closingDate,
      dueOn: bill.dueOn,
      previousBalanceCents: bill.previousBalance,
      receivedCents: bill.received,
      carriedForwardCents: carried,
      ordersTotalCents: bill.ordersTotal,
      orders: bill.orders.map((o) => ({
        number: o.number,
        shippedOn: o.shippedOn,
        poNumber: o.poNumber,
        amountCents: o.taxable,
      })),
      taxByRate: bill.taxByRate.map((r) => ({
        rateBp: r.rateBp,
        taxableCents: r.taxableMinor,
        taxCents: r.taxMinor,
      })),
    };
    return {
      kind: 'statement',
      orderNumber: '',
      placedAt: issuedAt,
      issuedAt,
      holdUntil: issuedAt,
      paidAt: null,
      shipment: null,
      buyer: {
        name: bill.company.name,
        email: bill.company.billingEmail,
        phone: '',
        address: bill.company.billingAddress,
        country: 'JP',
        company: bill.company.name,
        department: bill.company.department,
      },
      lines: [],
      currency: bill.currency,
      goodsCents: 0,
      shippingCents: 0,
      taxCents: bill.taxByRate.reduce((sum, r) => sum + r.taxMinor, 0),
      taxRateBp: 0,
      taxTreatment: 'none',
      amountDueCents: carried + bill.ordersTotal,
      paymentMethod: 'account',
      payments: [],
      shop: {
        ...shopIdentity(shop, language),
        registrationNumber: shop.registrationNumber,
        bank: shop.bank,
        yenPerDollar: shop.yenPerDollar,
      },
      statement: facts,
      timeZone,
    };
  }

  /**
   * Applies the company's money not yet applied to its open statements, oldest first (消込): each
   * statement takes what its period's orders and tax still owe; once a statement is covered, its
   * orders are settled (`account_shipped` → `shipped`). Money left over waits for the next
   * statement (the company's credit on account). Never applies more than a payment's amount, and
   * nothing of a reversed payment.
   */
  async function applyMoney(tx: Transaction, companyId: string): Promise<void> {
    const payments = await tx
      .select({
        id: companyPayments.id,
        left: sql<number>`(${companyPayments.amountMinor} - coalesce((select sum(a.amount_minor) from payment_applications a where a.payment_id = ${companyPayments.id}), 0))::float8`,
      })
      .from(companyPayments)
      .where(and(eq(companyPayments.companyId, companyId), isNull(companyPayments.reversedAt)))
      .orderBy(asc(companyPayments.receivedOn), asc(companyPayments.createdAt));
    const open = await tx
      .select({
        id: statements.id,
        owed: sql<number>`${statements.ordersTotalMinor}::float8 - ${appliedTo(statements.id)}`,
      })
      .from(statements)
      .where(eq(statements.companyId, companyId))
      .orderBy(asc(statements.closingDate));
    const owing = open.filter((s) => s.owed > 0);
    const money = payments.filter((p) => p.left > 0);
    for (const s of owing) {
      for (const p of money) {
        if (s.owed <= 0) break;
        if (p.left <= 0) continue;
        const amount = Math.min(p.left, s.owed);
        await tx
          .insert(paymentApplications)
          .values({ paymentId: p.id, statementId: s.id, amountMinor: amount })
          .onConflictDoUpdate({
            target: [paymentApplications.paymentId, paymentApplications.statementId],
            set: { amountMinor: sql`${paymentApplications.amountMinor} + ${amount}` },
          });
        p.left -= amount;
        s.owed -= amount;
      }
    }
    await accountMoves.settle(
      tx,
      open.filter((s) => s.owed <= 0).map((s) => s.id),
    );
    // A statement owing again (a payment reversed): the orders it settled are owed again.
    await accountMoves.unsettle(
      tx,
      open.filter((s) => s.owed > 0).map((s) => s.id),
    );
  }

  /** The company's statements paid in full: their orders' total applied. */
  async function paidInFull(tx: Transaction, companyId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: statements.id })
      .from(statements)
      .where(
        and(
          eq(statements.companyId, companyId),
          sql`${appliedTo(statements.id)} >= ${statements.ordersTotalMinor}`,
        ),
      );
    return rows.map((r) => r.id);
  }

  /**
   * Of `paid` (statements paid in full before a payment was reversed), those owing again are
   * reminded as if never reminded: the scheduler mails them again, three days before the due date
   * if it is still ahead, else as overdue (decision 0069). A statement that owed all along keeps
   * its marks: its reminders went while it owed.
   */
  async function remindAgain(tx: Transaction, paid: string[]): Promise<void> {
    if (!paid.length) return;
    await tx
      .update(statements)
      .set({ remindedBeforeAt: null, remindedOverdueAt: null })
      .where(
        and(inArray(statements.id, paid), sql`${appliedTo(statements.id)} < ${statements.ordersTotalMinor}`),
      );
  }

  /**
   * Issues the company's statement closing on `closingDate`, in one transaction under the
   * company's lock: null when there is nothing to bill or it was issued already (`strict`: 409
   * instead, for an administrator).
   */
  async function issueFor(
    companyId: string,
    closingDate: string,
    options: { dueOn?: string; actor?: AuditActor; strict: boolean },
  ): Promise<StatementRow | null> {
    const shop = await settings();
    const issued = await db
      .transaction(async (tx) => {
        const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
        if (!company) throw notFound('This company');
        if (
          company.status !== 'approved' ||
          !company.currency ||
          company.closingDay === null ||
          company.creditLimitMinor === null
        ) {
          if (options.strict) throw new AppError('conflict', says.statementNoTerms);
          return null;
        }
        const [already] = await tx
          .select({ id: statements.id })
          .from(statements)
          .where(and(eq(statements.companyId, companyId), eq(statements.closingDate, closingDate)));
        if (already) {
          if (options.strict) throw new AppError('conflict', says.statementAlreadyIssued(closingDate));
          return null;
        }
        const bill = await billOf(tx, company, closingDate, shop.tax.rounding, options.dueOn);
        if (!bill) {
          if (options.strict) throw new AppError('conflict', says.statementNothingToBill);
          return null;
        }
        const [owner] = await tx
          .select({ userId: companyMembers.userId })
          .from(companyMembers)
          .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'owner')));
        const issuedAt = now();
        const language: Language = company.language ?? 'ja';
        const document = await issueIn(
          tx,
          {
            kind: 'statement',
            orderId: null,
            orderNumber: null,
            // The owner downloads it from the archive as a buyer downloads their order's documents.
            buyerId: owner?.userId ?? null,
            language,
            models: { en: modelOf(bill, shop, issuedAt, 'en'), ja: modelOf(bill, shop, issuedAt, 'ja') },
            already: async () => undefined,
          },
          () => issuedAt,
        );
        const carried = bill.previousBalance - bill.received;
        const [row] = await tx
          .insert(statements)
          .values({
            id: randomUUID(),
            number: document.number,
            companyId,
            periodFrom: bill.periodFrom,
            periodTo: closingDate,
            closingDate,
            dueOn: bill.dueOn,
            currency: bill.currency,
            previousBalanceMinor: bill.previousBalance,
            receivedMinor: bill.received,
            carriedForwardMinor: carried,
            ordersTotalMinor: bill.ordersTotal,
            taxByRate: bill.taxByRate,
            amountDueMinor: carried + bill.ordersTotal,
            issuedAt,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        // Each order on exactly one statement: taken only while on none.
        const taken = bill.orders.length
          ? await tx
              .update(orders)
              .set({ statementId: row.id })
              .where(
                and(
                  inArray(
                    orders.id,
                    bill.orders.map((o) => o.id),
                  ),
                  isNull(orders.statementId),
                ),
              )
              .returning({ id: orders.id })
          : [];
        if (taken.length !== bill.orders.length) throw new Error('an order was put on another statement');
        if (bill.paymentIds.length)
          await tx
            .update(companyPayments)
            .set({ countedOn: row.id })
            .where(and(inArray(companyPayments.id, bill.paymentIds), isNull(companyPayments.countedOn)));
        if (bill.reversalIds.length)
          await tx
            .update(companyPayments)
            .set({ reversalCountedOn: row.id })
            .where(
              and(inArray(companyPayments.id, bill.reversalIds), isNull(companyPayments.reversalCountedOn)),
            );
        await applyMoney(tx, companyId);
        if (options.actor)
          await recordAudit(tx, options.actor, {
            kind: 'company.statement',
            target: { type: 'company', id: company.id, label: company.name },
            before: null,
            after: {
              statement: row.number,
              dueOn: row.dueOn,
              amountDue: toMajor(row.amountDueMinor, bill.currency),
              currency: bill.currency,
            },
          });
        return { row, company };
      })
      .catch((error: unknown) => {
        // Two issues at once: the other one's statement stands.
        if (violates(error, 'statements_company_closing')) {
          if (options.strict) throw new AppError('conflict', says.statementAlreadyIssued(closingDate));
          return null;
        }
        throw error;
      });
    if (!issued) return null;
    await statementMail(publicUrl, issued.company, issued.row)
      .then((mail) => mailer.send(mail))
      .catch((err) => log.error({ err, to: issued.company.billingEmail }, 'statement mail failed'));
    return issued.row;
  }

  /** The statements of a company as the API shows them, newest first. */
  async function shown(companyId: string): Promise<Statement[]> {
    const rows = await db
      .select({
        s: statements,
        applied: appliedTo(statements.id),
      })
      .from(statements)
      .where(eq(statements.companyId, companyId))
      .orderBy(desc(statements.closingDate));
    if (!rows.length) return [];
    const billed = await db
      .select({
        statementId: orders.statementId,
        id: orders.id,
        number: orders.number,
        shippedAt: orders.shippedAt,
        poNumber: orders.poNumber,
        amountDue: orders.amountDueCents,
        tax: orders.taxCents,
      })
      .from(orders)
      .where(
        inArray(
          orders.statementId,
          rows.map((r) => r.s.id),
        ),
      )
      .orderBy(asc(orders.shippedAt), asc(orders.number));
    const day = today();
    // Newest first: what the statements after one in the list (older) still owe, it carries.
    const unpaid = rows.map(({ s, applied }) => Math.max(0, s.ordersTotalMinor - applied));
    return rows.map(({ s, applied }, i) => {
      const major = (minor: number) => toMajorUnits(s.currency, minor);
      const olderUnpaidMinor = unpaid.slice(i + 1).reduce((sum, minor) => sum + minor, 0);
      const state = statementState(
        { ordersTotalMinor: s.ordersTotalMinor, appliedMinor: applied, olderUnpaidMinor, dueOn: s.dueOn },
        day,
      );
      return {
        id: s.id,
        number: s.number,
        companyId: s.companyId,
        periodFrom: s.periodFrom,
        periodTo: s.periodTo,
        closingDate: s.closingDate,
        dueOn: s.dueOn,
        currency: s.currency,
        previousBalance: major(s.previousBalanceMinor),
        received: major(s.receivedMinor),
        carriedForward: major(s.carriedForwardMinor),
        ordersTotal: major(s.ordersTotalMinor),
        taxByRate: s.taxByRate.map((r) => ({
          ratePercent: r.rateBp / 100,
          taxable: major(r.taxableMinor),
          tax: major(r.taxMinor),
        })),
        amountDue: major(s.amountDueMinor),
        applied: major(applied),
        outstanding: major(Math.max(0, s.ordersTotalMinor - applied)),
        state,
        overdueSince: state === 'overdue' ? addDays(s.dueOn, 1) : null,
        orders: billed
          .filter((o) => o.statementId === s.id)
          .map((o) => ({
            id: o.id,
            number: formatOrderNumber(o.number),
            shippedAt: o.shippedAt?.toISOString() ?? '',
            poNumber: o.poNumber,
            amount: major(o.amountDue - o.tax),
          })),
        issuedAt: s.issuedAt.toISOString(),
        pdf: issuedDocumentPath(s.number),
      };
    });
  }

  return {
    /** POST /api/companies/{id}/statements: an administrator issues the company's statement now, closing today. */
    async issueNow(actor: AuditActor, companyId: string, body: IssueStatementRequest): Promise<Statement> {
      const row = await issueFor(companyId, today(), {
        ...(body.dueOn ? { dueOn: body.dueOn } : {}),
        actor,
        strict: true,
      });
      const found = (await shown(companyId)).find((s) => s.id === row?.id);
      if (!found) throw new Error('the statement issued is not found');
      return found;
    },

    /** GET /api/companies/{id}/statements: the company's owner or an administrator. */
    async list(caller: SessionUser, companyId: string): Promise<Statement[]> {
      await ownerOrAdminOf(caller, companyId);
      return shown(companyId);
    },

    /**
     * The scheduler's job: every approved company with terms whose closing day has come and has no
     * statement for it gets one (none when there is nothing to bill). Idempotent: a company's
     * statement for a closing date is issued once, whichever instance runs it. Returns how many.
     */
    async issueDue(): Promise<number> {
      const day = today();
      const due = await db
        .select({ id: companies.id, closingDay: companies.closingDay })
        .from(companies)
        .where(and(eq(companies.status, 'approved'), isNotNull(companies.closingDay)));
      let issued = 0;
      for (const c of due) {
        if (c.closingDay === null) continue;
        const closing = lastClosingDate(dayOf(c.closingDay), day);
        const [later] = await db
          .select({ id: statements.id })
          .from(statements)
          .where(and(eq(statements.companyId, c.id), sql`${statements.closingDate} >= ${closing}::date`))
          .limit(1);
        if (later) continue;
        if (await issueFor(c.id, closing, { strict: false })) issued++;
      }
      return issued;
    },

    /**
     * POST /api/companies/{id}/payments: an administrator records money the company paid, in its
     * currency (cents in dollars, whole yen; 400 at `amount` otherwise), received on a day not
     * after today (400 at `receivedOn`); it is applied at once to the oldest open statements, and
     * the rest waits for the next statement. In the audit log, in the same transaction.
     */
    async recordPayment(
      actor: AuditActor,
      companyId: string,
      input: CompanyPaymentInput,
    ): Promise<CompanyPayment> {
      const id = randomUUID();
      await db.transaction(async (tx) => {
        const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
        if (!company) throw notFound('This company');
        const currency = company.currency;
        if (company.status !== 'approved' || !currency || company.closingDay === null)
          throw new AppError('conflict', says.statementNoTerms);
        if (companyAmountProblem(currency, input.amount))
          throw fieldError(
            'invalid',
            'amount',
            says.paymentAmountInvalid(formatIn(MAX_COMPANY_AMOUNT, currency)),
          );
        if (input.receivedOn > today()) throw fieldError('invalid', 'receivedOn', says.receivedOnInFuture);
        await tx.insert(companyPayments).values({
          id,
          companyId,
          amountMinor: toMinorUnits(currency, input.amount),
          currency,
          receivedOn: input.receivedOn,
          reference: input.reference,
          recordedBy: actor.id,
        });
        await applyMoney(tx, companyId);
        await recordAudit(tx, actor, {
          kind: 'company.payment',
          target: { type: 'company', id: company.id, label: company.name },
          before: null,
          after: { amount: input.amount, currency, receivedOn: input.receivedOn, reference: input.reference },
        });
      });
      return paymentShown(id);
    },

    /** GET /api/companies/{id}/payments (admin): the company's payments, newest first. */
    async payments(companyId: string): Promise<CompanyPayment[]> {
      const [company] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId));
      if (!company) throw notFound('This company');
      const rows = await db
        .select({ id: companyPayments.id })
        .from(companyPayments)
        .where(eq(companyPayments.companyId, companyId))
        .orderBy(desc(companyPayments.receivedOn), desc(companyPayments.createdAt));
      return Promise.all(rows.map((r) => paymentShown(r.id)));
    },

    /**
     * POST /api/companies/{id}/payments/{paymentId}/reversal (admin): a payment recorded with a
     * wrong amount is reversed, under the company's lock — never deleted: marked reversed (when, by
     * whom, why), its applications undone, the company's other money applied again oldest first;
     * a statement it paid that owes again is read so (paid → partly paid, open or overdue) and the
     * orders it settled are owed again (`unsettle`), and its reminders go again (`remindAgain`). A statement that counted it as received keeps
     * its figures as issued; the next one takes it back. 404 for another company's payment, 409
     * once reversed. In the audit log, in the same transaction.
     */
    async reversePayment(
      actor: AuditActor,
      companyId: string,
      paymentId: string,
      input: PaymentReversalRequest,
    ): Promise<CompanyPayment> {
      await db.transaction(async (tx) => {
        const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
        if (!company) throw notFound('This company');
        const [payment] = await tx
          .select()
          .from(companyPayments)
          .where(and(eq(companyPayments.id, paymentId), eq(companyPayments.companyId, companyId)))
          .for('update');
        if (!payment) throw notFound('This payment');
        if (payment.reversedAt)
          throw new AppError('conflict', says.paymentAlreadyReversed(shopDay(payment.reversedAt, timeZone)));
        const reason = input.reason.trim();
        const reversed = await tx
          .update(companyPayments)
          .set({ reversedAt: now(), reversedBy: actor.id, reversalReason: reason })
          .where(and(eq(companyPayments.id, paymentId), isNull(companyPayments.reversedAt)))
          .returning({ id: companyPayments.id });
        if (!reversed.length) throw new Error('the payment was reversed under the lock');
        const paid = await paidInFull(tx, companyId);
        await tx.delete(paymentApplications).where(eq(paymentApplications.paymentId, paymentId));
        await applyMoney(tx, companyId);
        await remindAgain(tx, paid);
        await recordAudit(tx, actor, {
          kind: 'company.reversePayment',
          target: { type: 'company', id: company.id, label: company.name },
          before: {
            amount: toMajorUnits(payment.currency, payment.amountMinor),
            currency: payment.currency,
            receivedOn: payment.receivedOn,
            reference: payment.reference,
          },
          after: { reason },
        });
      });
      return paymentShown(paymentId);
    },

    /**
     * Throws 409 `statementOverdue` when the member's company has a statement past its due date
     * not paid in full (the oldest named, and the day it fell overdue): no new orders on account
     * until it is paid. place_orders judges it under the company's lock; this says why, once it
     * has refused an order (decision 0076).
     */
    async refuseOverdue(userId: string): Promise<void> {
      const [late] = await db
        .select({ number: statements.number, dueOn: statements.dueOn })
        .from(statements)
        .innerJoin(companyMembers, eq(companyMembers.companyId, statements.companyId))
        .where(
          and(
            eq(companyMembers.userId, userId),
            sql`${statements.dueOn} < ${today()}::date`,
            sql`${appliedTo(statements.id)} < ${statements.ordersTotalMinor}`,
          ),
        )
        .orderBy(asc(statements.dueOn))
        .limit(1);
      if (late)
        throw fieldError(
          'conflict',
          'paymentMethod',
          says.statementOverdue(late.number, addDays(late.dueOn, 1)),
        );
    },

    /**
     * The scheduler's reminders (decision 0069): a statement not paid in full is mailed to the
     * billing e-mail three days before its due date, and on its first overdue day, each once —
     * unless it asks for nothing (an amount due of zero, or below: a credit left, 前受金, whose PDF
     * and mail say there is nothing to pay; a payment reversed since is asked for by the next one) —
     * the sent-at column is set by a guarded update before the mail goes, so two instances never
     * both mail it (a mail that fails is logged, not tried again). Returns how many were mailed.
     */
    async remindDue(): Promise<number> {
      const day = today();
      const open = await db
        .select({ s: statements, company: companies })
        .from(statements)
        .innerJoin(companies, eq(companies.id, statements.companyId))
        .where(
          and(
            sql`${appliedTo(statements.id)} < ${statements.ordersTotalMinor}`,
            // statementAsksPayment, in SQL.
            sql`${statements.amountDueMinor} > 0`,
            sql`(${statements.remindedBeforeAt} is null or ${statements.remindedOverdueAt} is null)`,
          ),
        );
      let mailed = 0;
      for (const { s: row, company } of open) {
        const kind =
          day > row.dueOn
            ? row.remindedOverdueAt
              ? null
              : ('overdue' as const)
            : day >= addDays(row.dueOn, -REMIND_DAYS_BEFORE) && !row.remindedBeforeAt
              ? ('before' as const)
              : null;
        if (!kind) continue;
        const column = kind === 'overdue' ? statements.remindedOverdueAt : statements.remindedBeforeAt;
        const claimed = await db
          .update(statements)
          .set(kind === 'overdue' ? { remindedOverdueAt: now() } : { remindedBeforeAt: now() })
          .where(and(eq(statements.id, row.id), isNull(column)))
          .returning({ id: statements.id });
        if (!claimed.length) continue;
        await mailer
          .send(reminderMail(publicUrl, company, row, kind))
          .catch((err) => log.error({ err, to: company.billingEmail }, 'statement reminder failed'));
        mailed++;
      }
      return mailed;
    },

    /**
     * GET /api/companies/{id}/ledger.csv (owner or admin): the account in date order — each order
     * shipped on account (its amount due), each statement (the tax its rounding once adds or takes
     * off, usually nothing), each payment received — with the running balance, in the company's
     * currency; headers in `language`. Small enough to be made whole (one company's account).
     */
    async ledgerCsv(caller: SessionUser, companyId: string, language: Language): Promise<string> {
      const company = await ownerOrAdminOf(caller, companyId);
      return ledgerCsv(db, timeZone, { id: companyId, currency: company.currency ?? 'JPY' }, language);
    },
  };

  /** A payment as the API shows it: where it went (statement numbers, amounts) and what is left. */
  async function paymentShown(id: string): Promise<CompanyPayment> {
    const [p] = await db.select().from(companyPayments).where(eq(companyPayments.id, id));
    if (!p) throw new Error('the payment recorded is not found');
    const went = await db
      .select({ statement: statements.number, amount: paymentApplications.amountMinor })
      .from(paymentApplications)
      .innerJoin(statements, eq(statements.id, paymentApplications.statementId))
      .where(eq(paymentApplications.paymentId, id))
      .orderBy(asc(statements.closingDate));
    const applied = went.reduce((sum, w) => sum + w.amount, 0);
    const [by] = p.reversedBy
      ? await db.select({ name: user.name }).from(user).where(eq(user.id, p.reversedBy))
      : [];
    const reverser = by?.name;
    return {
      id: p.id,
      amount: toMajorUnits(p.currency, p.amountMinor),
      currency: p.currency,
      receivedOn: p.receivedOn,
      reference: p.reference,
      appliedTo: went.map((w) => ({ statement: w.statement, amount: toMajorUnits(p.currency, w.amount) })),
      unapplied: p.reversedAt ? 0 : toMajorUnits(p.currency, p.amountMinor - applied),
      createdAt: p.createdAt.toISOString(),
      reversed:
        p.reversedAt && p.reversalReason !== null
          ? { at: p.reversedAt.toISOString(), by: reverser ?? null, reason: p.reversalReason }
          : null,
    };
  }
}
export type StatementsService = ReturnType<typeof statementsService>;
