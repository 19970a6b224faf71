import { says } from './messages';
import type { Said } from './translation';

/*
 * The buyer as a business on one order (docs/rules.md, "The buyer's company and address book"),
 * free of zod so the checkout can judge as the server does: where the invoice goes, the delivery
 * date a buyer may ask for, and what a receipt says when the buyer chose nothing.
 */

/** The last day a buyer may ask delivery for: a year after `today` (days as `2026-12-24`). */
export function lastRequestableDay(today: string): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCFullYear(day.getUTCFullYear() + 1);
  return day.toISOString().slice(0, 10);
}

/** What is wrong with asking delivery on `date` when it is `today` in the shop: before today, or more than a year ahead. */
export function requestedDateSaid(date: string, today: string): Said | null {
  if (date < today) return says.requestedDatePast(today);
  const last = lastRequestableDay(today);
  return date > last ? says.requestedDateTooFar(last) : null;
}

/** Where the invoice goes, when not where the goods go: a billing address that is the delivery address (spacing aside) is none. */
export function billingApart(billing: string | undefined, delivery: string): string | null {
  if (billing === undefined) return null;
  const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
  return plain(billing) === plain(delivery) ? null : billing;
}

/**
 * Whom a receipt is addressed to and what it is for, as issued: the buyer's choice, else the
 * company (else the buyer's name) and "for goods" (品代として) in the receipt's language.
 */
export function receiptParties(
  order: { receiptAddressee?: string | null; receiptNote?: string | null; company?: string | null },
  buyerName: string,
  goodsNote: string,
): { addressee: string; note: string } {
  return {
    addressee: order.receiptAddressee || order.company || buyerName,
    note: order.receiptNote || goodsNote,
  };
}
