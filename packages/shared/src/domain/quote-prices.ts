import type { Currency } from './money';

/*
 * The list prices of a request for a quote as they are shown (docs/orders.md, "Quotes"): a line
 * is stored as asked, in dollars, but a buyer charged in yen reads it in yen — in the admin's
 * inbox, in the answer form's starting prices and in the buyer's acknowledgement mail alike.
 */

/**
 * What a requested line's prices are read from: its list price per unit as asked (minor units of
 * `currency`) and its yen list price as asked (whole yen; for a line asked before yen prices were
 * kept, the tool's now; null: no yen rate, or the tool is gone).
 */
export type AskedListPrice = { listPrice: number; currency: Currency; listPriceYen: number | null };

/**
 * A requested line's list price per unit in `currency` (minor units): as asked when asked in it,
 * else for yen the yen list price as asked (what a quote in yen starts from); null: none.
 */
export const listIn = (l: AskedListPrice, currency: Currency): number | null =>
  l.currency === currency ? l.listPrice : currency === 'JPY' ? l.listPriceYen : null;

/**
 * A requested line's list price as the request shows it: in the currency its buyer is charged in
 * (`orderCurrency`: yen for a buyer priced in yen), else — the tool gone, no yen rate — as asked.
 */
export function listShown(l: AskedListPrice, currency: Currency): { minor: number; currency: Currency } {
  const inIt = listIn(l, currency);
  return inIt === null ? { minor: l.listPrice, currency: l.currency } : { minor: inIt, currency };
}
