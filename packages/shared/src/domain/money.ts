/** Money travels as dollars with at most two decimals and is kept as integer cents inside. */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

let formats: { whole: Intl.NumberFormat; twoDecimals: Intl.NumberFormat } | undefined;
/** Made on first use: the first formatter loads locale data, which a server start need not wait for. */
const numberFormats = () =>
  (formats ??= {
    whole: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
    twoDecimals: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  });

/**
 * Dollars as every screen and e-mail shows them: whole amounts without decimals, others with
 * two ('12', '12.50'); bulk totals get thousands separators ('48,125').
 */
export const formatPrice = (dollars: number): string =>
  Number.isInteger(dollars)
    ? numberFormats().whole.format(dollars)
    : numberFormats().twoDecimals.format(dollars);

/** '$12.50', '$48,125'. */
export const formatMoney = (dollars: number): string => `$${formatPrice(dollars)}`;

/** The most one order may total, in cents ($999,999.99): what a single card payment carries. */
export const MAX_ORDER_CENTS = 99_999_999;

/** '$1,234.50': always with cents — admin tables, e-mails and receipts, where amounts are compared. */
export const formatAmount = (dollars: number): string => `$${numberFormats().twoDecimals.format(dollars)}`;
