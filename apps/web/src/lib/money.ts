const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Dollars as the order and payment screens show them: whole amounts without decimals, others
 * with two ('12', '12.50'); bulk totals get thousands separators ('48,125').
 */
export const formatPrice = (dollars: number): string =>
  Number.isInteger(dollars) ? whole.format(dollars) : cents.format(dollars);

/** '$12.50', '$48,125'. */
export const formatMoney = (dollars: number): string => `$${formatPrice(dollars)}`;
