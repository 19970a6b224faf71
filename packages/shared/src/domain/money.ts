/** Money travels as dollars with at most two decimals and is kept as integer cents inside. */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** Whole dollars with thousands separated as en-US writes them: 48125 → '48,125'. */
const grouped = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * The amount rounded to whole cents and written out, with its cents or without. Written by hand
 * rather than by `Intl.NumberFormat`, whose first formatter loads locale data: on a mid-range
 * phone that was one task of about 45 ms in the middle of hydrating the catalogue's first card.
 */
const written = (dollars: number, withCents: boolean): string => {
  const cents = Math.round(Math.abs(dollars) * 100);
  const sign = dollars < 0 && cents > 0 ? '-' : '';
  const whole = grouped(Math.floor(cents / 100));
  return withCents ? `${sign}${whole}.${String(cents % 100).padStart(2, '0')}` : `${sign}${whole}`;
};

/**
 * Dollars as every screen and e-mail shows them: whole amounts without decimals, others with
 * two ('12', '12.50'); bulk totals get thousands separators ('48,125').
 */
export const formatPrice = (dollars: number): string => written(dollars, !Number.isInteger(dollars));

/** '$12.50', '$48,125'. */
export const formatMoney = (dollars: number): string => `$${formatPrice(dollars)}`;

/** The most one order may total, in cents ($999,999.99): what a single card payment carries. */
export const MAX_ORDER_CENTS = 99_999_999;

/** '$1,234.50': always with cents — admin tables, e-mails and receipts, where amounts are compared. */
export const formatAmount = (dollars: number): string => `$${written(dollars, true)}`;
