import { formatAmount } from './money';
import type { OrderStatusName } from './orders';

/**
 * Bank transfers (docs/orders.md, "Bank transfers"), free of zod: what a payment an admin
 * records does to an order, how a partly paid order is described, and how the shop's bank details
 * are listed. The server decides with these; the pages and mails say the same words.
 */

/** The buyer of a transfer order is reminded this many days before its hold ends. */
export const TRANSFER_REMINDER_DAYS = 2;

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
 * The hold an unpaid card order would get by becoming a transfer order (placed + the transfer hold
 * days, never shorter than it has), or null when the switch is no longer offered: a switch that
 * lengthens the hold is allowed only while more than half of the card hold is left, so a buyer
 * cannot wait for their card hold to run out and then stretch it (docs/decisions/0042). Switching
 * back to card keeps the hold, which is never longer than a transfer order placed as one gets.
 */
export function transferHoldFor(
  order: { createdAt: Date; holdUntil: Date },
  transferHoldDays: number,
  now: Date,
): Date | null {
  const transferHold = new Date(order.createdAt.getTime() + transferHoldDays * 24 * 60 * 60 * 1000);
  if (transferHold <= order.holdUntil) return order.holdUntil;
  const left = order.holdUntil.getTime() - now.getTime();
  const length = order.holdUntil.getTime() - order.createdAt.getTime();
  return left * 2 > length ? transferHold : null;
}

/**
 * What a payment of `amountCents` does to an order: how much of it counts towards the amount due,
 * how much the shop owes back, and whether it completes the payment. An unpaid order counts it up
 * to what is still due (the rest is owed back); a cancelled or expired order, or one already paid,
 * owes all of it back.
 */
export function applyPayment(
  order: { status: OrderStatusName; amountDueCents: number; transferPaidCents: number },
  amountCents: number,
): { countedCents: number; refundCents: number; completes: boolean } {
  if (order.status !== 'unpaid') return { countedCents: 0, refundCents: amountCents, completes: false };
  const left = Math.max(0, order.amountDueCents - order.transferPaidCents);
  const countedCents = Math.min(amountCents, left);
  return {
    countedCents,
    refundCents: amountCents - countedCents,
    completes: order.transferPaidCents + countedCents >= order.amountDueCents,
  };
}

/**
 * Whether money received by bank transfer can be recorded on an order: an unpaid one (its buyer
 * may pay it so), a transfer order whatever became of it (late money is owed back), or a cancelled
 * card order never paid. Not on an order paid by card (paid, shipped, or cancelled and refunded):
 * its buyer never had a reason to transfer, and the card's money is given back through the card.
 */
export const takesTransfer = (order: {
  status: OrderStatusName;
  paymentMethod: 'card' | 'transfer';
  paidAt: unknown;
  refundedAt: unknown;
}): boolean =>
  order.status === 'unpaid' ||
  order.paymentMethod === 'transfer' ||
  (order.paidAt == null && order.refundedAt == null);

/**
 * "Partly paid $500.00 of $1,100.00" for an unpaid order some money has reached (dollars), null
 * otherwise: the order's page and both lists show it.
 */
export function partlyPaidLabel(order: {
  status: OrderStatusName;
  amountPaid: number;
  amountDue: number;
}): string | null {
  if (order.status !== 'unpaid' || order.amountPaid <= 0 || order.amountPaid >= order.amountDue) return null;
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
