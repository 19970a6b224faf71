import type { OrderStatus } from '@kanna/shared/orders';

// Money is formatted by @kanna/shared/domain/money (formatMoney, formatPrice), as everywhere.

/** perPrice × quantity in whole cents, so 0.1 × 3 is 0.3 and not 0.30000000000000004 (docs/ARCHITECTURE.md, "Where every rule lives"). */
export const orderTotal = (perPrice: number, quantity: number): number =>
  (Math.round(perPrice * 100) * quantity) / 100;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'May 3, 2025, 4:05 PM' in the reader's own time zone. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** How the customer's table names each state (spec §4: 'Paid' after payment). */
export const customerStateLabel: Record<OrderStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

/** How the admin table names each state (spec §2, §4: 'unpaid' versus 'Pending'). */
export const adminStateLabel: Record<OrderStatus, string> = {
  unpaid: 'unpaid',
  paid: 'Pending',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};
