// A local twin of the money rule in features/catalog/tool-format.ts and features/orders/format.ts
// (features do not import each other): whole dollars without decimals, others with two.

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '$12.50', '$48,125'. */
export const formatMoney = (dollars: number): string =>
  `$${Number.isInteger(dollars) ? whole.format(dollars) : cents.format(dollars)}`;
