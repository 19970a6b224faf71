import { formatAmount } from './money';
import { isPartlyPaid } from './order-state';
import type { OrderStatusName } from './orders';

/**
 * Bank transfers (docs/orders.md, "Bank transfers"), free of zod: how a partly paid order is
 * described, and how the shop's bank details are listed. What a recorded payment does to an order
 * (`applyTransfer`) and the hold a switch gives (`switchHoldEnd`) are in order-state.ts.
 */

/** The buyer of a transfer order is reminded this many days before its hold ends. */
export const TRANSFER_REMINDER_DAYS = 2;

/**
 * A calendar day in `timeZone` (`2026-11-27`): the shop's day of an instant. The day money
 * arrived is judged in the shop's days (not after today, not before the order's day), so the
 * admin's form offers today in the shop's days too, wherever the admin's browser is.
 */
export const shopDay = (at: Date, timeZone: string | undefined): string => dayFormat(timeZone).format(at);

/**
 * One formatter per time zone, made once: making one costs far more than formatting with it, and
 * every order on account asks for the shop's day (decision 0076).
 */
const dayFormats = new Map<string | undefined, Intl.DateTimeFormat>();
function dayFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** A transfer's reference, as the bank statement shows it: 1–64 printable characters. */
export const PAYMENT_REFERENCE_MAX_LENGTH = 64;

/**
 * The most one recorded payment may be, in cents ($9,999,999.99): more than any order can come to.
 * All the payments recorded on one order, counted and owed back, come to no more either.
 */
export const MAX_RECORDED_PAYMENT_CENTS = 999_999_999;

/**
 * How much more may be recorded on an order (cents): what is left of `MAX_RECORDED_PAYMENT_CENTS`
 * after every transfer recorded on it, whether it counted towards the amount due or is owed back.
 */
export const recordableCents = (order: { transferPaidCents: number; transferRefundCents: number }): number =>
  Math.max(0, MAX_RECORDED_PAYMENT_CENTS - order.transferPaidCents - order.transferRefundCents);

/**
 * The same amount, day and reference recorded again on an order within this time is the same
 * payment recorded twice (two admins reading one bank statement, or one pressing twice): refused.
 */
export const SAME_PAYMENT_WITHIN_MS = 10 * 60_000;

/**
 * "Partly paid $500.00 of $1,100.00" for an unpaid order some money has reached (dollars), null
 * otherwise: the order's page and both lists show it.
 */
export function partlyPaidLabel(order: {
  status: OrderStatusName;
  amountPaid: number;
  amountDue: number;
}): string | null {
  if (!isPartlyPaid(order.status, order.amountPaid, order.amountDue)) return null;
  return `Partly paid ${formatAmount(order.amountPaid)} of ${formatAmount(order.amountDue)}`;
}

/** "Refund owed $200.00": money recorded by transfer that the shop must give back (dollars), or null. */
export const refundOwedLabel = (refundOwed: number): string | null =>
  refundOwed > 0 ? `Refund owed ${formatAmount(refundOwed)}` : null;

/** The shop's account, as the settings hold it (empty text: not given). */
export type BankDetails = {
  bankName: string;
  branch: string;
  accountType: string;
  accountNumber: string;
  accountHolder: string;
  swift: string;
};

/** What each line of the bank details is called, in English (`bankLabelsJa` in Japanese). */
export const bankLabels: Readonly<Record<keyof BankDetails, string>> = {
  bankName: 'Bank',
  branch: 'Branch',
  accountType: 'Account type',
  accountNumber: 'Account number',
  accountHolder: 'Account holder',
  swift: 'SWIFT/BIC',
};

/** What each line of the bank details is called, in Japanese. */
export const bankLabelsJa: Readonly<Record<keyof BankDetails, string>> = {
  bankName: '銀行名',
  branch: '支店名',
  accountType: '預金種目',
  accountNumber: '口座番号',
  accountHolder: '口座名義',
  swift: 'SWIFT/BIC',
};

/**
 * The bank details as labelled lines, in the order a transfer form asks for them; empty ones left
 * out. `field` names each line, so a page in another language labels it in its own words.
 */
export function bankDetailLines(
  bank: BankDetails,
): { field: keyof BankDetails; label: string; value: string }[] {
  const fields = ['bankName', 'branch', 'accountType', 'accountNumber', 'accountHolder', 'swift'] as const;
  return fields
    .map((field) => ({ field, label: bankLabels[field], value: bank[field] }))
    .filter((l) => l.value !== '');
}
