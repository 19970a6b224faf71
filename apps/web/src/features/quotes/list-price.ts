import type { Currency } from '@kanna/shared/domain/money';
import type { QuoteRequestLine } from '@kanna/shared/quotes';

/**
 * A requested line's list price per unit in `currency` (minor units): as asked when asked in it,
 * else for yen the tool's yen list price now (what a quote in yen starts from); null: none.
 */
export const listIn = (l: QuoteRequestLine, currency: Currency): number | null =>
  l.currency === currency ? l.listPrice : currency === 'JPY' ? l.listPriceYen : null;

/**
 * A requested line's list price as the request shows it: in the currency its buyer is charged in
 * (`orderCurrency`: yen for a buyer priced in yen), else — the tool gone, no yen rate — as asked.
 */
export function listShown(l: QuoteRequestLine, currency: Currency): { minor: number; currency: Currency } {
  const inIt = listIn(l, currency);
  return inIt === null ? { minor: l.listPrice, currency: l.currency } : { minor: inIt, currency };
}
