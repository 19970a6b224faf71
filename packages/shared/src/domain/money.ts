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

/** The most one card payment carries, in cents ($999,999.99, Stripe's limit for dollars). */
export const MAX_ORDER_CENTS = 99_999_999;

/** '$1,234.50': always with cents — admin tables, e-mails and receipts, where amounts are compared. */
export const formatAmount = (dollars: number): string => `$${written(dollars, true)}`;

/**
 * The two currencies the shop takes (ISO 4217). Every amount is kept as an integer of its
 * currency's minor unit beside its code — cents for dollars, whole yen for yen (yen has no
 * decimals) — and amounts of different currencies are never added.
 */
export const currencies = ['USD', 'JPY'] as const;
export type Currency = (typeof currencies)[number];
export const isCurrency = (value: unknown): value is Currency => currencies.some((c) => c === value);

/** How many minor units make one major unit: 100 cents a dollar, 1 yen a yen. */
const minorPerMajor: Record<Currency, number> = { USD: 100, JPY: 1 };

/** An amount on the wire (the currency's major unit: dollars with two decimals, whole yen) as minor units. */
export const toMinor = (major: number, currency: Currency): number =>
  Math.round(major * minorPerMajor[currency]);

/** Minor units as the amount on the wire and on screen: cents → dollars, yen → yen. */
export const toMajor = (minor: number, currency: Currency): number =>
  Math.round(minor) / minorPerMajor[currency];

/** Whether `major` is a whole number of the currency's minor unit (no third decimal, no yen decimals). */
export const isWholeMinor = (major: number, currency: Currency): boolean => {
  const minor = major * minorPerMajor[currency];
  return Math.abs(minor - Math.round(minor)) < 1e-6;
};

/*
 * The card limit, `MAX_ORDER_CENTS`, is the same number of minor units in both currencies
 * (Stripe's limits: $999,999.99 and ¥99,999,999): an order above it is still taken, paid by
 * bank transfer.
 */

/**
 * The most one order's goods may come to, in the currency's minor unit ($9,999,999.99;
 * ¥999,999,999): what the shop can record by transfer on one order.
 */
export const MAX_ORDER_MINOR = 999_999_999;

/**
 * An amount with its currency as screens, mails and documents show it (major units): dollars
 * always with cents ('$1,234.50'), yen whole ('¥12,000').
 */
export const formatIn = (major: number, currency: Currency): string =>
  currency === 'JPY' ? `¥${written(Math.round(major), false)}` : formatAmount(major);

/** Like `formatIn`, but whole dollar amounts without cents ('$12', '$12.50', '¥12,000'): shop screens. */
export const formatPriceIn = (major: number, currency: Currency): string =>
  currency === 'JPY' ? `¥${written(Math.round(major), false)}` : formatMoney(major);

/**
 * A tool's yen price derived from its dollar price at the shop's yen rate (yen per dollar): rounded
 * up to ¥10, as a price list is written. Used where the owner has set no yen price.
 */
export const yenFromCents = (cents: number, yenPerDollar: number): number =>
  Math.ceil(Math.round(((cents * yenPerDollar) / 100) * 1e6) / 1e6 / 10) * 10;

/**
 * Whether a unit price or shipping on the wire (the currency's major unit) is one the shop can
 * charge: a whole number of cents or of yen, at least `least` (a unit price above zero, shipping
 * zero or more), within what one order may come to.
 */
export const quotedAmountFits = (major: number, currency: Currency, least: 0 | 'above zero'): boolean =>
  Number.isFinite(major) &&
  isWholeMinor(major, currency) &&
  (least === 0 ? major >= 0 : major > 0) &&
  toMinor(major, currency) <= MAX_ORDER_MINOR;
