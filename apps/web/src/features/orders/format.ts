import type { OrderEventType } from '@kanna/shared/domain/orders';

// Money is formatted by @kanna/shared/domain/money (formatMoney, formatPrice), as everywhere.

/** perPrice × quantity in whole cents, so 0.1 × 3 is 0.3 and not 0.30000000000000004 (docs/ARCHITECTURE.md, "Where every rule lives"). */
export const orderTotal = (perPrice: number, quantity: number): number =>
  (Math.round(perPrice * 100) * quantity) / 100;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'May 3, 2025, 4:05 PM' in the reader's own time zone. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/**
 * How the customer's screens ('Paid') and the admin's ('Pending', as the CSV export) name each
 * state: the shared words, so a screen and the export never differ.
 */
export { adminStateLabel, customerStateLabel } from '@kanna/shared/domain/orders';

/** Where one order's page is: the admin's (from All orders) and the buyer's (from My orders). */
export const orderPagePath = {
  admin: (id: string) => `/dashboard/orders/${id}`,
  buyer: (id: string) => `/dashboard/myOrders/${id}`,
};

const localDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A time in the reader's own language and time zone (the order's page, until it follows the shop's). */
export const formatLocalDateTime = (iso: string): string => localDateTime.format(new Date(iso));

/** What each event in an order's history is called on its page. */
export const eventLabel: Record<OrderEventType, string> = {
  placed: 'Placed',
  paid: 'Paid',
  'payment recorded': 'Payment recorded',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  note: 'Note',
};

/** Who did it: the buyer, the shop itself (a hold that ran out, the card processor) or an admin by name. */
export const eventBy = (by: string): string =>
  by === 'buyer' ? 'the buyer' : by === 'shop' ? 'the shop' : by;
