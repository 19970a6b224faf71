import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  CompaniesQuery,
  Company,
  CompanyApplication,
  CompanyDecision,
  CompanyDetail,
  CompanyInvitation,
  CompanyMember,
  CompanyOrder,
  CompanyRow,
  CompanyTerms,
  MyCompany,
  NewCompany,
} from '@kanna/shared/companies';
import { addressText } from '@kanna/shared/domain/address-book';
import {
  type CompanyCurrency,
  companyAmountProblem,
  DEFAULT_COMPANY_CURRENCY,
  DEFAULT_COMPANY_LANGUAGE,
  INVITATION_DAYS,
  MONTH_END,
  nextClosingDate,
  takesOrdersOnAccount,
  toMajorUnits,
  toMinorUnits,
} from '@kanna/shared/domain/companies';
import { localizedPath } from '@kanna/shared/domain/language-paths';
import { says } from '@kanna/shared/domain/messages';
import { fromStates, owedOnAccountStates } from '@kanna/shared/domain/order-state';
import { formatOrderNumber } from '@kanna/shared/domain/orders';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { violates } from '../../db/errors';
import {
  addressBookEntries,
  companies,
  companyInvitations,
  companyMembers,
  orders,
  priceLists,
  user,
} from '../../db/schema';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { containing, DEFAULT_PAGE_SIZE, decodeCursor, type Page, pageOf } from '../../lib/paging';
import { type AuditActor, changes, recordAudit } from '../audit/audit.service';
import type { Mailer } from '../mail/mailer';
import { moneyOnAccount } from './account-money';

type CompanyRowDb = typeof companies.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Database | Transaction;

/** 締め日 and the payment day as kept: 1–28, or 31 for the month's end. */
const MONTH_END_DAY = 31;
const dayKept = (day: number | typeof MONTH_END) => (day === MONTH_END ? MONTH_END_DAY : day);
const dayShown = (day: number) => (day === MONTH_END_DAY ? MONTH_END : day);

/** At most this many of the members' orders on the owner's list. */
const ORDERS_SHOWN = 200;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The terms on the wire, the credit limit in major units; null until granted. */
function termsOf(row: CompanyRowDb): Company['terms'] {
  if (
    row.closingDay === null ||
    row.payMonthsAfter === null ||
    row.payDay === null ||
    row.creditLimitMinor === null ||
    !row.currency
  )
    return null;
  return {
    closingDay: dayShown(row.closingDay),
    payMonthsAfter: row.payMonthsAfter === 2 ? 2 : 1,
    payDay: dayShown(row.payDay),
    creditLimit: toMajorUnits(row.currency, row.creditLimitMinor),
  };
}

/** The currency and language terms are given in: the body's, else the company's, else yen and Japanese. */
const termsCurrency = (terms: CompanyTerms, row: Pick<CompanyRowDb, 'currency' | 'language'> | null) => ({
  currency: terms.currency ?? row?.currency ?? DEFAULT_COMPANY_CURRENCY,
  language: terms.language ?? row?.language ?? DEFAULT_COMPANY_LANGUAGE,
});

/**
 * The terms as their columns, the credit limit judged against the currency it is in (a 400 at
 * `path` when its decimals do not fit: the contract judges it only when the currency is given).
 */
function termColumns(
  terms: CompanyTerms,
  row: Pick<CompanyRowDb, 'currency' | 'language'> | null,
  path: string,
) {
  const { currency, language } = termsCurrency(terms, row);
  const problem = companyAmountProblem(currency, terms.creditLimit);
  if (problem) throw fieldError('invalid', path, problem);
  return {
    closingDay: dayKept(terms.closingDay),
    payMonthsAfter: terms.payMonthsAfter,
    payDay: dayKept(terms.payDay),
    creditLimitMinor: toMinorUnits(currency, terms.creditLimit),
    currency,
    language,
  };
}

/** The terms as the audit log records them: the wire's fields, the currency and language. */
const auditTerms = (row: Pick<CompanyRowDb, 'currency' | 'language'>, terms: Company['terms']) =>
  terms ? { ...terms, currency: row.currency, language: row.language } : {};
const auditColumns = (columns: ReturnType<typeof termColumns>) =>
  auditTerms(columns, {
    closingDay: dayShown(columns.closingDay),
    payMonthsAfter: columns.payMonthsAfter,
    payDay: dayShown(columns.payDay),
    creditLimit: toMajorUnits(columns.currency, columns.creditLimitMinor),
  });

const target = (row: Pick<CompanyRowDb, 'id' | 'name'>) => ({
  type: 'company' as const,
  id: row.id,
  label: row.name,
});

/** The shop's date today in `timeZone`, as YYYY-MM-DD. */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

export type CompaniesDeps = {
  db: Database;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error'>;
  publicUrl: string;
  timeZone: string;
  /** Drops the buyers' kept price-list terms (modules/price-lists): a member joined or left, a list changed. */
  termsChanged: () => Promise<void>;
};

/**
 * Trade accounts (docs/rules.md, "Companies"; decision 0063): a buyer applies, an administrator
 * approves with terms or declines with a reason (or creates a company at once); the owner invites
 * buyers by e-mail, sets their spending limits, removes them and reads their orders. An account
 * belongs to one company at most (the members' key). Every change is in the audit log, in the
 * transaction that makes it.
 */
export function companiesService({ db, mailer, log, publicUrl, timeZone, termsChanged }: CompaniesDeps) {
  async function priceListName(id: string | null) {
    if (!id) return null;
    const [list] = await db.select({ name: priceLists.name }).from(priceLists).where(eq(priceLists.id, id));
    return list?.name ?? null;
  }

  async function companyOf(row: CompanyRowDb): Promise<Company> {
    return {
      id: row.id,
      name: row.name,
      nameKana: row.nameKana,
      department: row.department,
      registrationNumber: row.registrationNumber,
      billingAddress: row.billingAddress,
      billingEmail: row.billingEmail,
      note: row.note,
      status: row.status,
      declineReason: row.declineReason,
      terms: termsOf(row),
      currency: row.currency,
      language: row.language,
      priceListId: row.priceListId,
      priceListName: await priceListName(row.priceListId),
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  }

  async function membersOf(companyId: string, currency: CompanyCurrency | null): Promise<CompanyMember[]> {
    const rows = await db
      .select({ member: companyMembers, name: user.name, email: user.email })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, companyId))
      .orderBy(desc(sql`${companyMembers.role} = 'owner'`), asc(user.email));
    return rows.map(({ member, name, email }) => ({
      userId: member.userId,
      name,
      email,
      role: member.role,
      spendingLimit:
        member.spendingLimitMinor === null || !currency
          ? null
          : toMajorUnits(currency, member.spendingLimitMinor),
      joinedAt: member.joinedAt.toISOString(),
    }));
  }

  async function rowsFor(list: CompanyRowDb[]): Promise<CompanyRow[]> {
    if (!list.length) return [];
    const ids = list.map((c) => c.id);
    const [owners, counts, owed] = await Promise.all([
      db
        .select({ companyId: companyMembers.companyId, email: user.email })
        .from(companyMembers)
        .innerJoin(user, eq(user.id, companyMembers.userId))
        .where(and(inArray(companyMembers.companyId, ids), eq(companyMembers.role, 'owner'))),
      db
        .select({ companyId: companyMembers.companyId, count: sql<number>`count(*)::int` })
        .from(companyMembers)
        .where(inArray(companyMembers.companyId, ids))
        .groupBy(companyMembers.companyId),
      // The open balance (decision 0067): what the orders on the company owe on account, as
      // place_orders sums it — by the company on the order, so a member who leaves takes nothing off.
      db
        .select({
          companyId: orders.companyId,
          minor: sql<number>`coalesce(sum(${orders.amountDueCents}), 0)::float8`,
        })
        .from(orders)
        .where(
          and(
            inArray(orders.companyId, ids),
            or(
              inArray(orders.status, [...owedOnAccountStates]),
              and(eq(orders.status, 'awaiting_approval'), eq(orders.paymentMethod, 'account')),
            ),
          ),
        )
        .groupBy(orders.companyId),
    ]);
    const today = todayIn(timeZone);
    const money = await moneyOnAccount(db, ids, today);
    return Promise.all(
      list.map(async (row) => {
        const company = await companyOf(row);
        const account = money.get(row.id) ?? { received: 0, overdue: 0 };
        // The orders' amounts owed, less the money received not yet settling any (decision 0069).
        const ordersMinor = owed.find((o) => o.companyId === row.id)?.minor ?? 0;
        const owedMinor = ordersMinor - account.received;
        const openBalance = row.currency ? toMajorUnits(row.currency, owedMinor) : 0;
        // 前受金: money beyond all the orders owe, which the next statement counts and applies.
        const creditOnAccount = row.currency ? toMajorUnits(row.currency, Math.max(0, -owedMinor)) : 0;
        return {
          ...company,
          ownerEmail: owners.find((o) => o.companyId === row.id)?.email ?? null,
          memberCount: counts.find((c) => c.companyId === row.id)?.count ?? 0,
          nextClosingDate: company.terms ? nextClosingDate(company.terms.closingDay, today) : null,
          openBalance,
          // What placing allows (`place_orders` counts the orders still owed): money received frees
          // credit once it settles orders, when the statement they are on is paid in full.
          available:
            company.terms && row.currency && row.creditLimitMinor !== null
              ? toMajorUnits(row.currency, row.creditLimitMinor - ordersMinor)
              : null,
          overdue: row.currency ? toMajorUnits(row.currency, account.overdue) : 0,
          creditOnAccount,
        };
      }),
    );
  }

  async function detail(id: string): Promise<CompanyDetail> {
    const [row] = await db.select().from(companies).where(eq(companies.id, id));
    if (!row) throw notFound('This company');
    const [listed] = await rowsFor([row]);
    if (!listed) throw notFound('This company');
    return { ...listed, members: await membersOf(row.id, row.currency) };
  }

  /** The caller's place in a company, or null. */
  async function membershipOf(reader: Reader, userId: string) {
    const [found] = await reader
      .select({ member: companyMembers, company: companies })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, userId));
    return found ?? null;
  }

  /**
   * Company `id` for its owner or an administrator (locked for update in a transaction): 403 to
   * anyone else, a buyer of it and another company's owner included; 404 to an administrator when
   * it does not exist.
   */
  async function ownerOrAdminOf(reader: Reader, caller: SessionUser, id: string): Promise<CompanyRowDb> {
    if (caller.role !== 'admin') {
      const found = await membershipOf(reader, caller.id);
      if (!found) throw new AppError('forbidden', says.companyMemberOnly);
      if (found.company.id !== id || found.member.role !== 'owner')
        throw new AppError('forbidden', says.companyOwnerOnly);
    }
    const query = reader.select().from(companies).where(eq(companies.id, id));
    const [row] = reader === db ? await query : await query.for('update');
    if (!row) throw notFound('This company');
    return row;
  }

  /** Runs `write`; a second company for one account (the members' key) is 409 with `said`. */
  async function oneCompanyEach<T>(write: () => Promise<T>, said = says.alreadyInCompany): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (violates(error, 'company_members_pkey')) throw new AppError('conflict', said);
      throw error;
    }
  }

  /** A pending company decided (approved or declined) once: 404 when missing, 409 when decided. */
  async function pendingFor(tx: Transaction, id: string) {
    const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
    if (!row) throw notFound('This company');
    if (row.status !== 'pending') throw new AppError('conflict', says.companyNotPending);
    return row;
  }

  /** The company's member with `email`, locked: 404 when no member of it has that address. */
  async function memberByEmail(tx: Transaction, companyId: string, email: string) {
    const [member] = await tx
      .select({ member: companyMembers, email: user.email })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(and(eq(user.email, email.toLowerCase()), eq(companyMembers.companyId, companyId)))
      .for('update', { of: companyMembers });
    if (!member) throw notFound('This member');
    return member;
  }

  function invitationMail(company: CompanyRowDb, email: string, inviter: SessionUser, token: string) {
    const language = company.language ?? 'en';
    const link = `${publicUrl}${localizedPath('/dashboard/company', language)}?invitation=${encodeURIComponent(token)}`;
    const text =
      language === 'ja'
        ? `${inviter.name}様（${inviter.email}）から、${company.name}の購買担当者として招待が届いています。\n\n${email}でログインし、次のリンクを開いて承諾してください（${INVITATION_DAYS}日間有効、1回のみ使えます）。\n${link}\n\nお心当たりがない場合は、このメールを破棄してください。\n`
        : `${inviter.name} (${inviter.email}) invites you to buy for ${company.name}.\n\nSign in as ${email} and open this link to accept (it works once, for ${INVITATION_DAYS} days):\n${link}\n\nIf you were not expecting this, ignore this mail.\n`;
    const subject = language === 'ja' ? `${company.name}への招待` : `Invitation to buy for ${company.name}`;
    return { to: email, subject, text, link };
  }

  return {
    /** Company `id` for its owner or an administrator (403 to anyone else, 404 when missing). */
    ownerOrAdmin: (caller: SessionUser, id: string) => ownerOrAdminOf(db, caller, id),

    /** GET /api/companies/mine: the caller's company and role; to its owner, members and open invitations. */
    async mine(caller: SessionUser): Promise<MyCompany> {
      const found = await membershipOf(db, caller.id);
      if (!found) {
        const [last] = await db
          .select()
          .from(companies)
          .where(and(eq(companies.appliedBy, caller.id), eq(companies.status, 'declined')))
          .orderBy(desc(companies.decidedAt))
          .limit(1);
        return {
          company: null,
          role: null,
          spendingLimit: null,
          onAccount: false,
          members: [],
          invitations: [],
          declined: last
            ? {
                name: last.name,
                reason: last.declineReason,
                decidedAt: last.decidedAt?.toISOString() ?? null,
              }
            : null,
        };
      }
      const { member, company } = found;
      const owner = member.role === 'owner';
      const invitations = owner
        ? await db
            .select()
            .from(companyInvitations)
            .where(and(eq(companyInvitations.companyId, company.id), isNull(companyInvitations.acceptedAt)))
            .orderBy(desc(companyInvitations.createdAt))
        : [];
      const mineShown = await companyOf(company);
      return {
        company: mineShown,
        role: member.role,
        spendingLimit:
          member.spendingLimitMinor === null || !company.currency
            ? null
            : toMajorUnits(company.currency, member.spendingLimitMinor),
        onAccount: takesOrdersOnAccount(mineShown),
        members: owner ? await membersOf(company.id, company.currency) : [],
        invitations: invitations.map((i) => ({
          id: i.id,
          email: i.email,
          expiresAt: i.expiresAt.toISOString(),
          acceptedAt: null,
          createdAt: i.createdAt.toISOString(),
        })),
        declined: null,
      };
    },

    /**
     * A buyer's application: a pending company with the caller as its owner (409 when they belong
     * to one already, whatever two requests at once attempt). The billing address is an entry of
     * the caller's own address book (404 for another's) or typed.
     */
    async apply(caller: SessionUser, input: CompanyApplication): Promise<Company> {
      let billing = input.billingAddress ?? '';
      if (input.billingAddressId) {
        const [entry] = await db
          .select()
          .from(addressBookEntries)
          .where(
            and(eq(addressBookEntries.id, input.billingAddressId), eq(addressBookEntries.userId, caller.id)),
          );
        if (!entry) throw notFound('This address');
        billing = [
          entry.recipient,
          [entry.company, entry.department].filter(Boolean).join(' '),
          addressText(entry),
        ]
          .filter(Boolean)
          .join('\n');
      }
      const id = randomUUID();
      const row = await oneCompanyEach(() =>
        db.transaction(async (tx) => {
          if (await membershipOf(tx, caller.id)) throw new AppError('conflict', says.alreadyInCompany);
          const [inserted] = await tx
            .insert(companies)
            .values({
              id,
              name: input.name,
              nameKana: input.nameKana ?? null,
              department: input.department ?? null,
              registrationNumber: input.registrationNumber ?? null,
              billingAddress: billing,
              billingEmail: input.billingEmail,
              note: input.note || null,
              appliedBy: caller.id,
            })
            .returning();
          await tx.insert(companyMembers).values({ userId: caller.id, companyId: id, role: 'owner' });
          if (!inserted) throw new Error('insert returned no row');
          await recordAudit(tx, caller, {
            kind: 'company.apply',
            target: target(inserted),
            before: null,
            after: {
              name: inserted.name,
              nameKana: inserted.nameKana,
              department: inserted.department,
              registrationNumber: inserted.registrationNumber,
              billingEmail: inserted.billingEmail,
            },
          });
          return inserted;
        }),
      );
      return companyOf(row);
    },

    /**
     * One page of companies (admin): the applications waiting first, then newest first; `q` is a
     * piece of the name or its reading, any case. The cursor is the last row's (waiting, created,
     * id), compared as a row.
     */
    async list(query: CompaniesQuery = {}): Promise<Page<CompanyRow>> {
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const waiting = sql<number>`(${companies.status} = 'pending')::int`;
      const after = query.cursor ? decodeCursor(query.cursor, ['integer', 'timestamp', 'uuid']) : null;
      const rows = await db
        .select({ row: companies, waiting, at: sql<string>`${companies.createdAt}::text` })
        .from(companies)
        .where(
          and(
            // The expression of the trigram index companies_search_idx.
            query.q
              ? sql`lower(${companies.name} || ' ' || coalesce(${companies.nameKana}, '')) like ${containing(query.q.toLowerCase())}`
              : undefined,
            after
              ? sql`(${waiting}, ${companies.createdAt}, ${companies.id}) < (${after[0]}::int, ${after[1]}::timestamptz, ${after[2]}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(waiting), desc(companies.createdAt), desc(companies.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit, (r) => [Number(r.waiting), r.at, r.row.id]);
      return { items: await rowsFor(page.items.map((r) => r.row)), next: page.next };
    },

    /** GET /api/companies/{id}: the company to its owner or an administrator (403 to anyone else). */
    async show(caller: SessionUser, id: string): Promise<CompanyDetail> {
      await ownerOrAdminOf(db, caller, id);
      return detail(id);
    },

    detail,

    /**
     * An administrator's company for an existing account, approved at once with its terms; its
     * statements go to the owner's address unless another is given.
     */
    async create(actor: AuditActor, input: NewCompany): Promise<CompanyDetail> {
      const email = input.ownerEmail.toLowerCase();
      const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
      if (!owner) throw fieldError('not_found', 'ownerEmail', says.userNotFoundByEmail(email));
      const terms = termColumns(input.terms, null, 'terms.creditLimit');
      const id = randomUUID();
      await oneCompanyEach(
        () =>
          db.transaction(async (tx) => {
            if (await membershipOf(tx, owner.id)) throw new AppError('conflict', says.alreadyMember(email));
            const values = {
              id,
              name: input.name,
              nameKana: input.nameKana ?? null,
              department: input.department ?? null,
              registrationNumber: input.registrationNumber ?? null,
              billingAddress: input.billingAddress,
              billingEmail: input.billingEmail ?? email,
              status: 'approved' as const,
              ...terms,
              appliedBy: owner.id,
              decidedAt: new Date(),
            };
            await tx.insert(companies).values(values);
            await tx.insert(companyMembers).values({ userId: owner.id, companyId: id, role: 'owner' });
            await recordAudit(tx, actor, {
              kind: 'company.create',
              target: target(values),
              before: null,
              after: { owner: email, billingEmail: values.billingEmail, ...auditColumns(terms) },
            });
          }),
        says.alreadyMember(email),
      );
      await termsChanged();
      return detail(id);
    },

    /**
     * PATCH /api/companies/{id}: decides a pending application once (409 after). Approving takes
     * the terms given, else those set before (409 `companyTermsMissing` without either);
     * declining keeps the reason, and its applicant belongs to no company again and may apply anew.
     */
    async decide(actor: AuditActor, id: string, decision: CompanyDecision): Promise<CompanyDetail> {
      await db.transaction(async (tx) => {
        const row = await pendingFor(tx, id);
        if (decision.status === 'declined') {
          const reason = decision.reason ?? '';
          await tx
            .update(companies)
            .set({ status: 'declined', declineReason: reason, decidedAt: new Date(), updatedAt: new Date() })
            .where(eq(companies.id, id));
          await tx.delete(companyMembers).where(eq(companyMembers.companyId, id));
          await recordAudit(tx, actor, {
            kind: 'company.decline',
            target: target(row),
            before: { status: 'pending' },
            after: { status: 'declined', reason },
          });
          return;
        }
        const given = decision.terms ? termColumns(decision.terms, row, 'terms.creditLimit') : null;
        const granted = given ? termsOf({ ...row, ...given }) : termsOf(row);
        if (!granted) throw fieldError('conflict', 'terms', says.companyTermsMissing);
        const currency = given ?? { currency: row.currency, language: row.language };
        await tx
          .update(companies)
          .set({ status: 'approved', ...given, decidedAt: new Date(), updatedAt: new Date() })
          .where(eq(companies.id, id));
        await recordAudit(tx, actor, {
          kind: 'company.approve',
          target: target(row),
          before: { status: 'pending' },
          after: { status: 'approved', ...auditTerms(currency, granted) },
        });
      });
      await termsChanged();
      return detail(id);
    },

    /** PUT /api/companies/{id}/terms: a pending or approved company's terms (409 once declined). */
    async updateTerms(actor: AuditActor, id: string, terms: CompanyTerms): Promise<CompanyDetail> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
        if (!row) throw notFound('This company');
        if (row.status === 'declined') throw new AppError('conflict', says.companyNotPending);
        const columns = termColumns(terms, row, 'creditLimit');
        const changed = changes(auditTerms(row, termsOf(row)), auditColumns(columns));
        if (!changed) return;
        await tx
          .update(companies)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(companies.id, id));
        await recordAudit(tx, actor, { kind: 'company.terms', target: target(row), ...changed });
      });
      return detail(id);
    },

    /** Gives a company a price list, or none: its members without a list of their own pay it. */
    async setPriceList(actor: AuditActor, id: string, priceListId: string | null): Promise<CompanyDetail> {
      const changed = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
        if (!row) throw notFound('This company');
        const [list] = priceListId
          ? await tx.select().from(priceLists).where(eq(priceLists.id, priceListId))
          : [null];
        if (list === undefined) throw notFound('This price list');
        if (row.priceListId === priceListId) return false;
        await tx.update(companies).set({ priceListId, updatedAt: new Date() }).where(eq(companies.id, id));
        await recordAudit(tx, actor, {
          kind: 'company.priceList',
          target: target(row),
          before: { priceList: await priceListName(row.priceListId) },
          after: { priceList: list?.name ?? null },
        });
        return true;
      });
      if (changed) await termsChanged();
      return detail(id);
    },

    /**
     * The owner or an administrator invites `email` as a buyer, perhaps with the spending limit
     * they get on joining: a token (kept only as its hash) mailed as a link that works once, for
     * that address, for 7 days. 409 when the company is not approved yet, or the address belongs
     * to a company already.
     */
    async invite(
      caller: SessionUser,
      companyId: string,
      input: { email: string; spendingLimit?: number | null | undefined },
    ): Promise<CompanyInvitation> {
      const email = input.email.toLowerCase();
      const token = randomBytes(32).toString('base64url');
      const { invitation, company } = await db.transaction(async (tx) => {
        const company = await ownerOrAdminOf(tx, caller, companyId);
        if (company.status !== 'approved' || !company.currency)
          throw new AppError('conflict', says.companyNotApproved);
        const limit = input.spendingLimit ?? null;
        if (limit !== null) {
          const problem = companyAmountProblem(company.currency, limit);
          if (problem) throw fieldError('invalid', 'spendingLimit', problem);
        }
        const [taken] = await tx
          .select({ id: user.id })
          .from(user)
          .innerJoin(companyMembers, eq(companyMembers.userId, user.id))
          .where(eq(user.email, email));
        if (taken) throw fieldError('conflict', 'email', says.alreadyMember(email));
        const [invitation] = await tx
          .insert(companyInvitations)
          .values({
            id: randomUUID(),
            companyId: company.id,
            email,
            tokenHash: hashOf(token),
            spendingLimitMinor: limit === null ? null : toMinorUnits(company.currency, limit),
            invitedBy: caller.id,
            expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
          })
          .returning();
        if (!invitation) throw new Error('insert returned no row');
        await recordAudit(tx, caller, {
          kind: 'company.invite',
          target: target(company),
          before: null,
          after: { email, ...(limit === null ? {} : { spendingLimit: limit, currency: company.currency }) },
        });
        return { invitation, company };
      });
      const mail = invitationMail(company, email, caller, token);
      await mailer.send(mail).catch((err) => log.error({ err, to: email }, 'invitation mail failed'));
      return {
        id: invitation.id,
        email: invitation.email,
        expiresAt: invitation.expiresAt.toISOString(),
        acceptedAt: null,
        createdAt: invitation.createdAt.toISOString(),
      };
    },

    /**
     * Accepts an invitation from its link: only signed in with the invited address (403), once
     * (409), before it expires (409), and only for someone in no company yet (409).
     */
    async accept(caller: SessionUser, token: string): Promise<MyCompany> {
      await oneCompanyEach(() =>
        db.transaction(async (tx) => {
          const [found] = await tx
            .select({ invitation: companyInvitations, company: companies })
            .from(companyInvitations)
            .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
            .where(eq(companyInvitations.tokenHash, hashOf(token)))
            .for('update', { of: companyInvitations });
          if (!found) throw new AppError('not_found', says.invitationInvalid);
          const { invitation, company } = found;
          if (invitation.email !== caller.email.toLowerCase())
            throw new AppError('forbidden', says.invitationOtherAddress);
          if (invitation.acceptedAt) throw new AppError('conflict', says.invitationUsed);
          if (invitation.expiresAt.getTime() <= Date.now())
            throw new AppError('conflict', says.invitationExpired);
          if (company.status !== 'approved') throw new AppError('conflict', says.companyNotApproved);
          if (await membershipOf(tx, caller.id)) throw new AppError('conflict', says.alreadyInCompany);
          const used = await tx
            .update(companyInvitations)
            .set({ acceptedAt: new Date(), acceptedBy: caller.id })
            .where(and(eq(companyInvitations.id, invitation.id), isNull(companyInvitations.acceptedAt)))
            .returning({ id: companyInvitations.id });
          if (!used.length) throw new AppError('conflict', says.invitationUsed);
          await tx.insert(companyMembers).values({
            userId: caller.id,
            companyId: company.id,
            role: 'buyer',
            spendingLimitMinor: invitation.spendingLimitMinor,
          });
          await recordAudit(tx, caller, {
            kind: 'company.join',
            target: target(company),
            before: null,
            after: { member: caller.email.toLowerCase(), role: 'buyer' },
          });
        }),
      );
      await termsChanged();
      return this.mine(caller);
    },

    /**
     * The owner or an administrator sets a member's spending limit in the company's currency
     * (above 0, at most 10,000,000; cents in dollars, whole yen), or none.
     */
    async setSpendingLimit(
      caller: SessionUser,
      companyId: string,
      email: string,
      limit: number | null,
    ): Promise<CompanyMember> {
      const userId = await db.transaction(async (tx) => {
        const company = await ownerOrAdminOf(tx, caller, companyId);
        const currency = company.currency;
        if (company.status !== 'approved' || !currency)
          throw new AppError('conflict', says.companyNotApproved);
        if (limit !== null) {
          const problem = companyAmountProblem(currency, limit);
          if (problem) throw fieldError('invalid', 'spendingLimit', problem);
        }
        const { member, email: memberEmail } = await memberByEmail(tx, company.id, email);
        const minor = limit === null ? null : toMinorUnits(currency, limit);
        if (member.spendingLimitMinor === minor) return member.userId;
        await tx
          .update(companyMembers)
          .set({ spendingLimitMinor: minor })
          .where(eq(companyMembers.userId, member.userId));
        await recordAudit(tx, caller, {
          kind: 'company.spendingLimit',
          target: target(company),
          before: {
            member: memberEmail,
            spendingLimit:
              member.spendingLimitMinor === null ? null : toMajorUnits(currency, member.spendingLimitMinor),
          },
          after: { member: memberEmail, spendingLimit: limit, currency },
        });
        return member.userId;
      });
      const [company] = await db
        .select({ currency: companies.currency })
        .from(companies)
        .where(eq(companies.id, companyId));
      const member = (await membersOf(companyId, company?.currency ?? null)).find((m) => m.userId === userId);
      if (!member) throw notFound('This member');
      return member;
    },

    /** The owner or an administrator removes a buyer (the owner stays: 409); they pay their own prices again. */
    async removeMember(caller: SessionUser, companyId: string, email: string): Promise<number> {
      await db.transaction(async (tx) => {
        const company = await ownerOrAdminOf(tx, caller, companyId);
        const { member, email: memberEmail } = await memberByEmail(tx, company.id, email);
        if (member.role === 'owner') throw new AppError('conflict', says.ownerStays);
        await tx.delete(companyMembers).where(eq(companyMembers.userId, member.userId));
        await recordAudit(tx, caller, {
          kind: 'company.removeMember',
          target: target(company),
          before: { member: memberEmail, role: member.role },
          after: null,
        });
      });
      await termsChanged();
      return 1;
    },

    /**
     * The owner or an administrator withdraws an invitation not yet accepted: it is gone, and its
     * link answers as any unknown link does (404, ask for a new invitation). 404 when the company
     * has no such invitation; 409 when it has been accepted (remove the member instead).
     */
    async withdrawInvitation(caller: SessionUser, companyId: string, invitationId: string): Promise<number> {
      await db.transaction(async (tx) => {
        const company = await ownerOrAdminOf(tx, caller, companyId);
        const [invitation] = await tx
          .select()
          .from(companyInvitations)
          .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, company.id)))
          .for('update');
        if (!invitation) throw new AppError('not_found', says.invitationNotFound);
        if (invitation.acceptedAt) throw new AppError('conflict', says.invitationUsed);
        await tx.delete(companyInvitations).where(eq(companyInvitations.id, invitation.id));
        await recordAudit(tx, caller, {
          kind: 'company.withdrawInvitation',
          target: target(company),
          before: { email: invitation.email },
          after: null,
        });
      });
      return 1;
    },

    /** The orders of the company's members, newest first (its owner's or an administrator's; read-only). */
    async orders(caller: SessionUser, companyId: string): Promise<CompanyOrder[]> {
      const company = await ownerOrAdminOf(db, caller, companyId);
      const rows = await db
        .select({
          id: orders.id,
          number: orders.number,
          name: orders.name,
          email: orders.email,
          status: orders.status,
          currency: orders.currency,
          totalCents: orders.totalCents,
          amountDueCents: orders.amountDueCents,
          lineCount: orders.lineCount,
          createdAt: orders.createdAt,
        })
        .from(orders)
        // Its members' orders; of a member who has left since, only an order placed on it still
        // awaiting approval (the company on the order): that decision stays its owner's.
        .where(
          or(
            and(eq(orders.companyId, company.id), inArray(orders.status, fromStates('approve', 'owner'))),
            inArray(
              orders.userId,
              db
                .select({ userId: companyMembers.userId })
                .from(companyMembers)
                .where(eq(companyMembers.companyId, company.id)),
            ),
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(ORDERS_SHOWN);
      return rows.map((o) => ({
        id: o.id,
        number: formatOrderNumber(o.number),
        buyerName: o.name,
        buyerEmail: o.email,
        status: o.status,
        currency: o.currency,
        total: toMajorUnits(o.currency, o.totalCents),
        amountDue: toMajorUnits(o.currency, o.amountDueCents),
        lineCount: o.lineCount,
        createdAt: o.createdAt.toISOString(),
      }));
    },
  };
}
export type CompaniesService = ReturnType<typeof companiesService>;
