import { z } from 'zod';
import {
  COMPANY_NAME_MAX,
  COMPANY_NOTE_MAX,
  companyAmountProblem,
  companyCurrencies,
  companyRoles,
  companyStatuses,
  DECLINE_REASON_MAX,
  LAST_CLOSING_DAY,
  MAX_COMPANY_AMOUNT,
  MAX_PAYMENT_DAYS,
  MONTH_END,
  paymentDueKinds,
  registrationNumberPattern,
  tidyRegistrationNumber,
} from './domain/companies';
import { languages } from './domain/languages';
import { issueOf, says, told } from './domain/messages';
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
 * A buyer's application: the company's name, perhaps a department and a registration number, a
 * billing address — an entry of their address book (`billingAddressId`) or typed — and a note.
 */
export const companyApplicationRequest = z
  .object({
    name: companyName,
    department: optionalText(100),
    registrationNumber,
    /** An entry of the applicant's address book; empty or absent: the address typed. */
    billingAddressId: z
      .union([z.literal(''), z.uuid(told(says.idInvalid))])
      .optional()
      .transform((v) => v || undefined),
    billingAddress: multiline(BILLING_ADDRESS_MAX).optional(),
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

/** The terms an administrator approves a company with, or changes later. */
export const companyTermsFields = z
  .object({
    /** 締め日: 1–28, or `monthEnd`. */
    closingDay: z.union(
      [z.literal(MONTH_END), z.number().int().min(1).max(LAST_CLOSING_DAY)],
      told(says.closingDayInvalid(LAST_CLOSING_DAY)),
    ),
    paymentDue: z.enum(paymentDueKinds, told(says.paymentDueInvalid(MAX_PAYMENT_DAYS))),
    /** Days after closing, when `paymentDue` is `days`. */
    paymentDays: z
      .number(told(says.paymentDueInvalid(MAX_PAYMENT_DAYS)))
      .int(told(says.paymentDueInvalid(MAX_PAYMENT_DAYS)))
      .min(1, told(says.paymentDueInvalid(MAX_PAYMENT_DAYS)))
      .max(MAX_PAYMENT_DAYS, told(says.paymentDueInvalid(MAX_PAYMENT_DAYS)))
      .nullish(),
    creditLimit: amount,
    currency: z.enum(companyCurrencies, told(says.companyCurrencyUnknown)),
    language: z.enum(languages, told(says.companyLanguageUnknown)),
  })
  .strict();

export const companyTerms = companyTermsFields.superRefine((v, ctx) => {
  if (v.paymentDue === 'days' && !v.paymentDays)
    ctx.addIssue({
      code: 'custom',
      path: ['paymentDays'],
      ...issueOf(says.paymentDueInvalid(MAX_PAYMENT_DAYS)),
    });
  const problem = companyAmountProblem(v.currency, v.creditLimit);
  if (problem) ctx.addIssue({ code: 'custom', path: ['creditLimit'], ...issueOf(problem) });
});
export type CompanyTermsRequest = z.input<typeof companyTerms>;
export type CompanyTerms = z.output<typeof companyTerms>;

export const approveCompanyRequest = z.object({ terms: companyTerms }).strict();
export const declineCompanyRequest = z
  .object({
    reason: z
      .string(told(says.declineReasonRequired))
      .trim()
      .min(1, told(says.declineReasonRequired))
      .max(DECLINE_REASON_MAX, told(says.atMostCharacters(DECLINE_REASON_MAX))),
  })
  .strict();

/** An administrator's new company: the application's fields, its owner (an account) and its terms. */
export const createCompanyRequest = z
  .object({
    name: companyName,
    department: optionalText(100),
    registrationNumber,
    billingAddress: multiline(BILLING_ADDRESS_MAX).pipe(z.string().min(1, told(says.billingAddressRequired))),
    ownerEmail: emailField,
    terms: companyTerms,
  })
  .strict();
export type CreateCompanyRequest = z.input<typeof createCompanyRequest>;

export const companyPriceListRequest = z
  .object({ priceListId: z.uuid(told(says.idInvalid)).nullable() })
  .strict();

export const invitationRequest = z.object({ email: emailField }).strict();
export const acceptInvitationRequest = z
  .object({
    token: z.string().trim().min(1, told(says.invitationInvalid)).max(200, told(says.invitationInvalid)),
  })
  .strict();

/** A member's spending limit in the company's currency; null: none. Decimals checked by the server against the currency. */
export const spendingLimitRequest = z
  .object({ spendingLimit: z.number(told(says.companyAmountRange(MAX_COMPANY_AMOUNT))).nullable() })
  .strict();

export const memberParam = z.object({ userId: z.string().min(1).max(100) });

const terms = z.object({
  closingDay: z.union([z.literal(MONTH_END), z.number().int()]),
  paymentDue: z.enum(paymentDueKinds),
  paymentDays: z.number().int().nullable(),
  creditLimit: z.number(),
  currency: z.enum(companyCurrencies),
  language: z.enum(languages),
});

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
  department: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  billingAddress: z.string(),
  note: z.string().nullable(),
  status: z.enum(companyStatuses),
  declineReason: z.string().nullable(),
  /** Null until approved. */
  terms: terms.nullable(),
  priceListId: z.string().nullable(),
  priceListName: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Company = z.infer<typeof company>;

/** GET /api/company: the caller's company and role, or their last declined application. */
export const myCompany = z.object({
  company: company.nullable(),
  role: z.enum(companyRoles).nullable(),
  spendingLimit: z.number().nullable(),
  /** To the owner only: every member and the invitations not yet accepted. */
  members: z.array(companyMember),
  invitations: z.array(companyInvitation),
  /** The caller's latest declined application, when they belong to none now. */
  declined: z
    .object({ name: z.string(), reason: z.string().nullable(), decidedAt: z.string().nullable() })
    .nullable(),
});
export type MyCompany = z.infer<typeof myCompany>;

/** The admin's list: one row per company. Balance and overdue are null until statements exist. */
export const companyRow = company.extend({
  ownerEmail: z.string().nullable(),
  memberCount: z.number().int(),
  nextClosingDate: z.string().nullable(),
  balance: z.number().nullable(),
  overdue: z.number().nullable(),
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
  lineCount: z.number().int(),
  createdAt: z.string(),
});
export type CompanyOrder = z.infer<typeof companyOrder>;
export const companyOrders = z.array(companyOrder);
