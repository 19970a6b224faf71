import { z } from 'zod';
import { pageQuery } from './common';
import {
  COMPANY_NAME_KANA_MAX,
  COMPANY_NAME_MAX,
  COMPANY_NOTE_MAX,
  companyAmountProblem,
  companyCurrencies,
  companyNameKanaPattern,
  companyRoles,
  companyStatuses,
  DECLINE_REASON_MAX,
  DEFAULT_TERMS,
  LAST_CLOSING_DAY,
  MAX_COMPANY_AMOUNT,
  MONTH_END,
  payMonthsAfterChoices,
  registrationNumberPattern,
  tidyRegistrationNumber,
} from './domain/companies';
import { languages } from './domain/languages';
import { SEARCH_MAX_LENGTH } from './domain/limits';
import { issueOf, says, told } from './domain/messages';
import { statementStates } from './domain/order-state';
import { optionalText } from './profile';
import { emailField, oneLine } from './users';

/**
 * Trade accounts on the wire (docs/rules.md, "Companies"): a buyer's application, the terms an
 * administrator approves it with, members and invitations. Amounts are in the company's major
 * unit (dollars with at most two decimals, whole yen), as every price of the API.
 */

/** The longest billing address typed (several lines). */
export const BILLING_ADDRESS_MAX = 500;

const companyName = z
  .string(told(says.companyNameRequired))
  .trim()
  .min(1, told(says.companyNameRequired))
  .max(COMPANY_NAME_MAX, told(says.atMostCharacters(COMPANY_NAME_MAX)))
  .refine(oneLine, told(says.textInvalid));

/** The name's reading: katakana on one line (half-width kana and spaces tidied); empty is none. */
const nameKana = z
  .string(told(says.companyNameKanaInvalid))
  .transform((v) => v.normalize('NFKC').replace(/\s+/g, ' ').trim())
  .refine(
    (v) => v === '' || v.length <= COMPANY_NAME_KANA_MAX,
    told(says.atMostCharacters(COMPANY_NAME_KANA_MAX)),
  )
  .refine((v) => v === '' || companyNameKanaPattern.test(v), told(says.companyNameKanaInvalid))
  .optional()
  .transform((v) => (v ? v : undefined));

/** Where the monthly statement is mailed, kept in lower case. */
const billingEmail = emailField.transform((v) => v.toLowerCase());

const registrationNumber = z
  .string()
  .transform(tidyRegistrationNumber)
  .refine((v) => v === '' || registrationNumberPattern.test(v), told(says.companyRegistrationNumberInvalid))
  .optional()
  .transform((v) => (v ? v : undefined));

/** Several lines of text, no other control characters. */
const multiline = (max: number) =>
  z
    .string()
    .trim()
    .max(max, told(says.atMostCharacters(max)))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), told(says.textInvalid));

/**
 * A buyer's application (POST /api/companies): the company's name and perhaps its reading in
 * katakana, a department and a registration number, a billing address — an entry of their address
 * book (`billingAddressId`) or typed —, the e-mail the statement is mailed to, and a note.
 */
export const companyApplicationRequest = z
  .object({
    name: companyName,
    nameKana,
    department: optionalText(100),
    registrationNumber,
    /** An entry of the applicant's address book; empty or absent: the address typed. */
    billingAddressId: z
      .union([z.literal(''), z.uuid(told(says.idInvalid))])
      .optional()
      .transform((v) => v || undefined),
    billingAddress: multiline(BILLING_ADDRESS_MAX).optional(),
    billingEmail,
    note: multiline(COMPANY_NOTE_MAX).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.billingAddressId && !v.billingAddress)
      ctx.addIssue({ code: 'custom', path: ['billingAddress'], ...issueOf(says.billingAddressRequired) });
  });
export type CompanyApplicationRequest = z.input<typeof companyApplicationRequest>;
export type CompanyApplication = z.output<typeof companyApplicationRequest>;

/** An amount in a company's currency, its decimals checked against that currency by `withAmounts`. */
const amount = z.number(told(says.companyAmountRange(MAX_COMPANY_AMOUNT)));

const dayOrEnd = (said: ReturnType<typeof told>) =>
  z.union([z.literal(MONTH_END), z.number().int().min(1).max(LAST_CLOSING_DAY)], said);

/**
 * The terms an administrator grants a company (PUT /api/companies/{id}/terms): the closing day
 * (締め日) 1–28 or `"end"`, payment due 1 or 2 months after closing on day 1–28 or `"end"`, and
 * the credit limit in the company's currency. Closing and payment default to 月末締め翌月末払い
 * (`"end"`, 1, `"end"`). The company's currency and the language of its papers may be given too;
 * left out, the company keeps its own (yen and Japanese when it has none yet).
 */
export const companyTermsFields = z
  .object({
    closingDay: dayOrEnd(told(says.closingDayInvalid(LAST_CLOSING_DAY))).default(DEFAULT_TERMS.closingDay),
    payMonthsAfter: z
      .union(
        payMonthsAfterChoices.map((n) => z.literal(n)),
        told(says.payMonthsAfterInvalid),
      )
      .default(DEFAULT_TERMS.payMonthsAfter),
    payDay: dayOrEnd(told(says.payDayInvalid(LAST_CLOSING_DAY))).default(DEFAULT_TERMS.payDay),
    creditLimit: amount,
    currency: z.enum(companyCurrencies, told(says.companyCurrencyUnknown)).optional(),
    language: z.enum(languages, told(says.companyLanguageUnknown)).optional(),
  })
  .strict();

/** The terms judged: a credit limit's decimals against the currency when it is given (else the server judges them). */
export const companyTerms = companyTermsFields.superRefine((v, ctx) => {
  const problem = v.currency ? companyAmountProblem(v.currency, v.creditLimit) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['creditLimit'], ...issueOf(problem) });
});
export type CompanyTermsRequest = z.input<typeof companyTerms>;
export type CompanyTerms = z.output<typeof companyTerms>;

const declineReason = z
  .string(told(says.declineReasonRequired))
  .trim()
  .min(1, told(says.declineReasonRequired))
  .max(DECLINE_REASON_MAX, told(says.atMostCharacters(DECLINE_REASON_MAX)));

/**
 * PATCH /api/companies/{id}: an administrator decides a pending application. Approving takes the
 * terms given here, else the ones set before with PUT …/terms (409 when there are none);
 * declining needs the reason the applicant reads.
 */
export const decideCompanyRequest = z
  .object({
    status: z.enum(['approved', 'declined'], told(says.companyStatusInvalid)),
    reason: z.string().optional(),
    terms: companyTerms.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.status !== 'declined') return;
    const reason = v.reason?.trim() ?? '';
    if (!reason) ctx.addIssue({ code: 'custom', path: ['reason'], ...issueOf(says.declineReasonRequired) });
    else if (reason.length > DECLINE_REASON_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        ...issueOf(says.atMostCharacters(DECLINE_REASON_MAX)),
      });
  })
  .transform((v) => ({ ...v, reason: v.reason?.trim() }));
export type DecideCompanyRequest = z.input<typeof decideCompanyRequest>;
export type CompanyDecision = z.output<typeof decideCompanyRequest>;

/** The decline form's own check: the reason alone. */
export const declineCompanyRequest = z.object({ reason: declineReason }).strict();

/**
 * An administrator's new company (POST /api/companies/direct), approved at once: the
 * application's fields, its owner (an account), the billing e-mail (the owner's when left out)
 * and its terms.
 */
export const createCompanyRequest = z
  .object({
    name: companyName,
    nameKana,
    department: optionalText(100),
    registrationNumber,
    billingAddress: multiline(BILLING_ADDRESS_MAX).pipe(z.string().min(1, told(says.billingAddressRequired))),
    billingEmail: z
      .union([z.literal(''), billingEmail])
      .optional()
      .transform((v) => v || undefined),
    ownerEmail: emailField,
    terms: companyTerms,
  })
  .strict();
export type CreateCompanyRequest = z.input<typeof createCompanyRequest>;
export type NewCompany = z.output<typeof createCompanyRequest>;

export const companyPriceListRequest = z
  .object({ priceListId: z.uuid(told(says.idInvalid)).nullable() })
  .strict();

/**
 * POST /api/companies/{id}/members: an invitation for a buyer, perhaps with the spending limit
 * they get on joining (in the company's currency; its decimals judged by the server).
 */
export const invitationRequest = z
  .object({
    email: emailField,
    role: z.enum(['buyer'], told(says.invitedRoleBuyer)).default('buyer'),
    spendingLimit: z.number(told(says.companyAmountRange(MAX_COMPANY_AMOUNT))).nullish(),
  })
  .strict();
export type InvitationRequest = z.input<typeof invitationRequest>;

/** POST /api/company-invitations/{token}/accept: the token from the mailed link. */
export const invitationTokenParam = z.object({
  token: z.string().trim().min(1, told(says.invitationInvalid)).max(200, told(says.invitationInvalid)),
});

/** A company and one of its invitations: /api/companies/{id}/invitations/{invitationId}. */
export const invitationParams = z.object({
  id: z.uuid(told(says.idInvalid)),
  invitationId: z.uuid(told(says.idInvalid)),
});

/** A company and one of its members, by e-mail: /api/companies/{id}/members/{email}. */
export const memberParams = z.object({
  id: z.uuid(told(says.idInvalid)),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email(told(says.emailInvalid))),
});

/** The admin's companies: one page, the applications waiting first, then newest first; `q` is part of the name or its reading. */
export const companiesQuery = pageQuery.extend({
  q: z.string().trim().max(SEARCH_MAX_LENGTH, told(says.searchTooLong)).optional(),
});
export type CompaniesQuery = z.infer<typeof companiesQuery>;

/** A member's spending limit in the company's currency; null: none. Decimals checked by the server against the currency. */
export const spendingLimitRequest = z
  .object({ spendingLimit: z.number(told(says.companyAmountRange(MAX_COMPANY_AMOUNT))).nullable() })
  .strict();

/** The terms on the wire: the shape a client relies on. */
const terms = z.object({
  closingDay: z.union([z.literal(MONTH_END), z.number().int()]),
  payMonthsAfter: z.union(payMonthsAfterChoices.map((n) => z.literal(n))),
  payDay: z.union([z.literal(MONTH_END), z.number().int()]),
  /** In the company's currency. */
  creditLimit: z.number(),
});
export type CompanyTermsShown = z.infer<typeof terms>;

export const companyMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(companyRoles),
  /** In the company's currency; null: no limit of their own. */
  spendingLimit: z.number().nullable(),
  joinedAt: z.string(),
});
export type CompanyMember = z.infer<typeof companyMember>;

export const companyInvitation = z.object({
  id: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CompanyInvitation = z.infer<typeof companyInvitation>;

export const company = z.object({
  id: z.string(),
  name: z.string(),
  nameKana: z.string().nullable(),
  department: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  billingAddress: z.string(),
  billingEmail: z.string(),
  note: z.string().nullable(),
  status: z.enum(companyStatuses),
  declineReason: z.string().nullable(),
  /** Null until an administrator grants them (before or with the approval). */
  terms: terms.nullable(),
  /** What the company buys in and the language of its papers; null until given with its terms. */
  currency: z.enum(companyCurrencies).nullable(),
  language: z.enum(languages).nullable(),
  priceListId: z.string().nullable(),
  priceListName: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Company = z.infer<typeof company>;

/** GET /api/companies/mine: the caller's company and role, or their last declined application. */
export const myCompany = z.object({
  company: company.nullable(),
  role: z.enum(companyRoles).nullable(),
  spendingLimit: z.number().nullable(),
  /** May the caller order on the company's account: it is approved, with terms (decision 0067). */
  onAccount: z.boolean(),
  /** To the owner only: every member and the invitations not yet accepted. */
  members: z.array(companyMember),
  invitations: z.array(companyInvitation),
  /** The caller's latest declined application, when they belong to none now. */
  declined: z
    .object({ name: z.string(), reason: z.string().nullable(), decidedAt: z.string().nullable() })
    .nullable(),
});
export type MyCompany = z.infer<typeof myCompany>;

/**
 * A company as the admin's list and GET /api/companies/{id} show it, amounts in its currency.
 * `openBalance`: the amounts due of its members' orders on account not yet paid (decision 0067),
 * less the money received not yet settling orders (decision 0069); `available`: credit limit −
 * the orders still owed — what an order on account may add now; money received frees credit once
 * it settles orders (their statement paid in full) — null without terms; `overdue`: what its statements past their due date still owe;
 * `creditOnAccount` (前受金): the money received beyond all it owes (the open balance below zero,
 * as a positive amount; 0 otherwise), which the next statement counts as received and applies.
 */
export const companyRow = company.extend({
  ownerEmail: z.string().nullable(),
  memberCount: z.number().int(),
  nextClosingDate: z.string().nullable(),
  openBalance: z.number(),
  available: z.number().nullable(),
  overdue: z.number(),
  creditOnAccount: z.number(),
});
export type CompanyRow = z.infer<typeof companyRow>;
export const companyRows = z.array(companyRow);

export const companyDetail = companyRow.extend({ members: z.array(companyMember) });
export type CompanyDetail = z.infer<typeof companyDetail>;

export const companyOrder = z.object({
  id: z.string(),
  number: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  status: z.string(),
  currency: z.enum(companyCurrencies),
  total: z.number(),
  /** Goods, shipping and tax (major units): what a member's spending limit is judged on. */
  amountDue: z.number(),
  lineCount: z.number().int(),
  createdAt: z.string(),
});
export type CompanyOrder = z.infer<typeof companyOrder>;
export const companyOrders = z.array(companyOrder);

/**
 * POST /api/companies/{id}/statements (admin): issue the company's statement now, closing today;
 * an agreed due date may be given (also one already past), else it follows the terms.
 */
export const issueStatementRequest = z
  .object({ dueOn: z.iso.date(told(says.dueOnInvalid)).optional() })
  .strict();
export type IssueStatementRequest = z.input<typeof issueStatementRequest>;

/** An order a statement bills: its number, when it shipped, the buyer's PO number, its amount before tax. */
export const statementOrder = z.object({
  id: z.string(),
  number: z.string(),
  shippedAt: z.string(),
  poNumber: z.string().nullable(),
  amount: z.number(),
});

/**
 * A monthly statement (請求書) in the company's currency (major units): the last statement's
 * amount due, the money received since, what is carried forward, this period's orders with the
 * tax per rate computed on the statement, and the amount due by `dueOn`; `applied` is the money
 * applied to this period's orders (消込), `state` paid, partly paid, open or overdue (since the day
 * after `dueOn`). `pdf` is where its issued document is downloaded.
 */
export const statement = z.object({
  id: z.string(),
  number: z.string(),
  companyId: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  closingDate: z.string(),
  dueOn: z.string(),
  currency: z.enum(companyCurrencies),
  previousBalance: z.number(),
  received: z.number(),
  carriedForward: z.number(),
  ordersTotal: z.number(),
  taxByRate: z.array(z.object({ ratePercent: z.number(), taxable: z.number(), tax: z.number() })),
  amountDue: z.number(),
  applied: z.number(),
  outstanding: z.number(),
  state: z.enum(statementStates),
  overdueSince: z.string().nullable(),
  orders: z.array(statementOrder),
  issuedAt: z.string(),
  pdf: z.string(),
});
export type Statement = z.output<typeof statement>;
export const statementList = z.array(statement);

/** A payment's reference: the payer's name or reference on the bank statement, one line. */
export const PAYMENT_REFERENCE_MAX = 100;

/**
 * POST /api/companies/{id}/payments (admin): money a company paid, in its currency's major unit
 * (above 0, at most 10,000,000; cents in dollars, whole yen — judged by the server against the
 * company's currency), the day it arrived (not after today, the shop's day) and its reference.
 */
export const companyPaymentRequest = z
  .object({
    amount: z.number(told(says.paymentAmountInvalid(MAX_COMPANY_AMOUNT.toLocaleString('en-US')))),
    receivedOn: z.iso.date(told(says.receivedOnInvalid)),
    reference: z
      .string(told(says.paymentReferenceInvalid(PAYMENT_REFERENCE_MAX)))
      .trim()
      .min(1, told(says.paymentReferenceInvalid(PAYMENT_REFERENCE_MAX)))
      .max(PAYMENT_REFERENCE_MAX, told(says.paymentReferenceInvalid(PAYMENT_REFERENCE_MAX)))
      .refine(oneLine, told(says.textInvalid)),
  })
  .strict();
export type CompanyPaymentRequest = z.input<typeof companyPaymentRequest>;
export type CompanyPaymentInput = z.output<typeof companyPaymentRequest>;

/**
 * Money received from a company, and where it went (消込): to statements, oldest first; the rest
 * waits. A reversed payment (`reversed`: when, by whom, why) went nowhere: its applications were undone.
 */
export const companyPayment = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.enum(companyCurrencies),
  receivedOn: z.string(),
  reference: z.string(),
  appliedTo: z.array(z.object({ statement: z.string(), amount: z.number() })),
  unapplied: z.number(),
  createdAt: z.string(),
  reversed: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string() }).nullable(),
});
export type CompanyPayment = z.output<typeof companyPayment>;
export const companyPaymentList = z.array(companyPayment);

/** Why an administrator reverses a payment: one line, said in the audit log. */
export const REVERSAL_REASON_MAX = 200;

/** The path of one payment of a company. */
export const paymentParams = z.object({
  id: z.uuid(told(says.idInvalid)),
  paymentId: z.uuid(told(says.idInvalid)),
});

/**
 * POST /api/companies/{id}/payments/{paymentId}/reversal (admin): a payment recorded with a wrong
 * amount is reversed, never deleted — its applications undone, its statements and their orders
 * read again from the money that remains; the reason (1–200 characters) goes to the audit log.
 */
export const paymentReversalRequest = z
  .object({
    reason: z
      .string(told(says.reversalReasonInvalid(REVERSAL_REASON_MAX)))
      .trim()
      .min(1, told(says.reversalReasonInvalid(REVERSAL_REASON_MAX)))
      .max(REVERSAL_REASON_MAX, told(says.reversalReasonInvalid(REVERSAL_REASON_MAX)))
      .refine(oneLine, told(says.textInvalid)),
  })
  .strict();
export type PaymentReversalRequest = z.input<typeof paymentReversalRequest>;
