import { says } from './messages';
import type { Said } from './translation';

/**
 * Trade accounts (buying on account, docs/rules.md, "Companies"): a company with several buyers,
 * and the terms an administrator gives it when approving it. Free of zod: the forms, the server
 * and the admin's list call the same rules.
 */

/** Where an application stands: waiting for an administrator, approved, or declined (with a reason). */
export const companyStatuses = ['pending', 'approved', 'declined'] as const;

/** The applicant is the company's owner; the people they invite are its buyers. */
export const companyRoles = ['owner', 'buyer'] as const;

/** The currencies a company buys in, each kept in its minor unit (cents, yen). */
export const companyCurrencies = ['USD', 'JPY'] as const;
export type CompanyCurrency = (typeof companyCurrencies)[number];

/** The month's closing day (締め日) and the day payment is due: 1–28, or the month's end. */
export const MONTH_END = 'end' as const;
export type ClosingDay = number | typeof MONTH_END;
export const LAST_CLOSING_DAY = 28;
/** Payment is due in the first or the second month after closing. */
export const payMonthsAfterChoices = [1, 2] as const;
/** 月末締め翌月末払い: closing at the month's end, payment at the end of the next month. */
export const DEFAULT_TERMS = { closingDay: MONTH_END, payMonthsAfter: 1, payDay: MONTH_END } as const;
/** A company given terms without a currency or language buys in yen, its papers in Japanese. */
export const DEFAULT_COMPANY_CURRENCY = 'JPY' as const;
export const DEFAULT_COMPANY_LANGUAGE = 'ja' as const;
/** The reading of a company's name: katakana (full-width once tidied), spaces, ー and ・. */
export const companyNameKanaPattern = /^[\u30A1-\u30FA\u30FC\u30FB\u30FD\u30FE ]+$/;
/** A credit limit or a spending limit: above 0 and at most this, in the company's currency. */
export const MAX_COMPANY_AMOUNT = 10_000_000;
/** An invitation's link works for 7 days. */
export const INVITATION_DAYS = 7;

/**
 * May a member of this company order on its account (decision 0067): it is approved and has its
 * terms (closing day, credit limit and currency). `place_orders` decides the same under its lock.
 */
export const takesOrdersOnAccount = (company: {
  status: (typeof companyStatuses)[number];
  terms: unknown;
  currency: CompanyCurrency | null;
}): boolean => company.status === 'approved' && company.terms !== null && company.currency !== null;
export const COMPANY_NAME_MAX = 120;
export const COMPANY_NAME_KANA_MAX = 120;
export const COMPANY_NOTE_MAX = 1000;
export const DECLINE_REASON_MAX = 500;

/** A qualified-invoice registration number (適格請求書発行事業者登録番号): T and 13 digits. */
export const registrationNumberPattern = /^T\d{13}$/;

/** A registration number as typed: full-width letters and digits, spaces and hyphens tidied. */
export function tidyRegistrationNumber(value: string): string {
  return value.normalize('NFKC').replace(/[\s-]/g, '').replace(/^t/, 'T');
}

/** The minor units of one major unit: a dollar is 100 cents, a yen is one yen. */
const minorPerMajor: Record<CompanyCurrency, number> = { USD: 100, JPY: 1 };

/**
 * What is wrong with `amount` as a credit or spending limit in `currency`, or null: above 0, at
 * most 10,000,000, with at most two decimals in dollars and none in yen.
 */
export function companyAmountProblem(currency: CompanyCurrency, amount: number): Said | null {
  if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_COMPANY_AMOUNT)
    return says.companyAmountRange(MAX_COMPANY_AMOUNT);
  const minor = amount * minorPerMajor[currency];
  if (Math.abs(minor - Math.round(minor)) > 1e-6)
    return currency === 'JPY' ? says.companyAmountWholeYen : says.companyAmountCents;
  return null;
}

/** An amount in major units (dollars, yen) as kept: whole cents or yen. */
export const toMinorUnits = (currency: CompanyCurrency, amount: number): number =>
  Math.round(amount * minorPerMajor[currency]);
export const toMajorUnits = (currency: CompanyCurrency, minor: number): number =>
  minor / minorPerMajor[currency];

/** The days of `year`'s `month` (1–12). */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The next closing date on or after `today` (an ISO date, the shop's day), as an ISO date: the
 * closing day of this month when it has not passed, else next month's. Month end is the month's
 * last day.
 */
export function nextClosingDate(closingDay: ClosingDay, today: string): string {
  const [year = 1970, month = 1, day = 1] = today.split('-').map(Number);
  const closingIn = (y: number, m: number) => (closingDay === MONTH_END ? daysIn(y, m) : closingDay);
  let y = year;
  let m = month;
  if (day > closingIn(y, m)) {
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  const d = closingIn(y, m);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const isoDate = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const partsOf = (iso: string) => {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return { year, month, day };
};

/** `iso` moved by `days` (an ISO date). */
export function addDays(iso: string, days: number): string {
  const at = new Date(`${iso}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The last closing date on or before `today` (both ISO dates, the shop's days): this month's
 * closing day when it has come, else last month's. A statement closes the period ending on it.
 */
export function lastClosingDate(closingDay: ClosingDay, today: string): string {
  const { year, month, day } = partsOf(today);
  const closingIn = (y: number, m: number) => (closingDay === MONTH_END ? daysIn(y, m) : closingDay);
  if (day >= closingIn(year, month)) return isoDate(year, month, closingIn(year, month));
  const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
  return isoDate(y, m, closingIn(y, m));
}

/**
 * Whether a statement asks for a payment: an amount due above zero. One of nothing, or of a credit
 * left (前受金), says there is nothing to pay — no due date, no bank details, no reminder.
 */
export const statementAsksPayment = (amountDueMinor: number): boolean => amountDueMinor > 0;

/**
 * When a statement closed on `closingDate` is due (支払期日): `payMonthsAfter` months on, on
 * `payDay` of that month (its last day for "end"). 月末締め翌月末払い: closed 2026-01-31, due 2026-02-28.
 */
export function statementDueDate(closingDate: string, payMonthsAfter: number, payDay: ClosingDay): string {
  const { year, month } = partsOf(closingDate);
  const months = year * 12 + (month - 1) + payMonthsAfter;
  const y = Math.floor(months / 12);
  const m = (months % 12) + 1;
  return isoDate(y, m, payDay === MONTH_END ? daysIn(y, m) : payDay);
}
