import type { PricedTool } from './orders';

/**
 * Price lists (掛率, docs/rules.md, "Price lists"): a buyer's own rate on the list price, and
 * fixed prices for chosen tools. The one place the buyer's price is made from the list price;
 * the catalogue, the cart, quick order, saved lists and placing an order all ask it. Free of zod.
 */

/** The currencies a fixed price may be kept in (each in its minor unit: cents, yen). */
export const priceListCurrencies = ['USD', 'JPY'] as const;
export type PriceListCurrency = (typeof priceListCurrencies)[number];

/** A rate is kept in basis points of the list price: 8500 is 85 %. */
export const BASIS_POINTS = 10_000;
/** The lowest rate a list may have: 1 % of the list price. */
export const MIN_PERCENT_BP = 100;
/** The highest: 200 % of the list price (a surcharge for a buyer who orders rarely). */
export const MAX_PERCENT_BP = 20_000;
/** A price list's name is 1–80 characters. */
export const PRICE_LIST_NAME_MAX = 80;
/** At most this many fixed prices on one list. */
export const MAX_FIXED_PRICES = 500;

/** A tool's fixed price on a list, in `currency`'s minor unit, with its own breaks when given. */
export type FixedPrice = {
  toolId: string;
  currency: PriceListCurrency;
  price: number;
  /** From `minQuantity` pieces, `price` each; null: the list's breaks scaled by price / list price. */
  breaks: readonly { minQuantity: number; price: number }[] | null;
};

/** What a buyer's list says: its rate, and its fixed prices by `fixedPriceKey`. */
export type PriceListTerms = {
  percentBp: number;
  fixed: ReadonlyMap<string, FixedPrice>;
};

/** The key of a fixed price among a list's terms: one per tool and currency. */
const fixedPriceKey = (toolId: string, currency: PriceListCurrency): string => `${currency}:${toolId}`;

/** The terms of a list with its fixed prices, keyed for `withPriceList`. */
export const priceListTerms = (percentBp: number, fixed: readonly FixedPrice[]): PriceListTerms => ({
  percentBp,
  fixed: new Map(fixed.map((f) => [fixedPriceKey(f.toolId, f.currency), f])),
});

/**
 * `minor × numerator ÷ denominator`, rounded to the minor unit half up (…​.5 goes up), and never
 * below one minor unit: the one rounding of a buyer's price. Integers throughout, so 85 % of 1235
 * is exactly 1049.75 → 1050 (no floating-point 1049.7499…).
 */
export function scaledPrice(minor: number, numerator: number, denominator: number): number {
  const rounded = Math.floor((2 * minor * numerator + denominator) / (2 * denominator));
  return Math.max(1, rounded);
}

/**
 * The buyer's view of a tool priced at list (`priced`, in `currency`'s minor unit): unchanged
 * without a list; a fixed price for the tool in that currency replaces the list price, with its
 * own breaks when it has them, else the list's breaks scaled by fixed ÷ list; otherwise the rate
 * applies to the list price and to every break alike. Breaks keep their quantities.
 */
export function withPriceList(
  priced: PricedTool,
  terms: PriceListTerms | null,
  toolId: string,
  currency: PriceListCurrency,
): PricedTool {
  if (!terms) return priced;
  const fixed = terms.fixed.get(fixedPriceKey(toolId, currency));
  if (fixed) {
    const breaks =
      fixed.breaks ??
      priced.breaks.map((b) => ({
        minQuantity: b.minQuantity,
        price: scaledPrice(b.price, fixed.price, Math.max(1, priced.price)),
      }));
    return { ...priced, price: fixed.price, breaks };
  }
  if (terms.percentBp === BASIS_POINTS) return priced;
  const at = (minor: number) => scaledPrice(minor, terms.percentBp, BASIS_POINTS);
  return {
    ...priced,
    price: at(priced.price),
    breaks: priced.breaks.map((b) => ({ minQuantity: b.minQuantity, price: at(b.price) })),
  };
}
