import type { ChargeSettings } from './charges';
import { says } from './messages';
import type { Currency } from './money';
import { yenFromCents } from './money';
import { type FieldProblemSaid, type PricedTool, tradeTermsProblemsSaid } from './orders';

/** A tool's prices as kept: dollar list price and breaks (cents), and the yen ones the owner set (null: none). */
export type ToolPrices = {
  price: number;
  breaks: readonly { minQuantity: number; price: number }[];
  priceYen: number | null;
  breaksYen: readonly { minQuantity: number; price: number }[] | null;
};

/** The rate and currency a tool is priced in: dollars as kept, or yen at the shop's rate where none is set. */
export type Pricing = { currency: Currency; yenPerDollar: number | null };

/**
 * A tool's list price and volume breaks in `pricing.currency`'s minor unit, and whether the yen
 * ones were derived: the yen price and yen breaks the owner set; a yen price with no yen breaks
 * keeps the dollar breaks' discounts; no yen price: the dollar ones at the shop's yen rate rounded
 * up to ¥10 (`yenFromCents`). Null when yen is asked of a
 * tool with no yen price and a shop with no rate.
 */
export function listPrices(
  tool: ToolPrices,
  pricing: Pricing,
): { price: number; breaks: { minQuantity: number; price: number }[]; derived: boolean } | null {
  if (pricing.currency === 'USD') return { price: tool.price, breaks: [...tool.breaks], derived: false };
  const rate = pricing.yenPerDollar;
  const { priceYen } = tool;
  if (priceYen !== null) {
    // The owner's yen price with no yen breaks: the dollar breaks' discounts kept, rounded up to ¥10.
    const scaled = (cents: number) =>
      Math.min(priceYen, Math.ceil((priceYen * cents) / tool.price / 10) * 10);
    const breaks =
      tool.breaksYen ?? tool.breaks.map((b) => ({ minQuantity: b.minQuantity, price: scaled(b.price) }));
    return {
      price: priceYen,
      breaks: breaks.map((b) => ({ ...b })),
      derived: tool.breaksYen === null && tool.breaks.length > 0,
    };
  }
  if (!rate) return null;
  return {
    price: yenFromCents(tool.price, rate),
    breaks: (tool.breaksYen ?? tool.breaks.map((b) => ({ ...b, price: yenFromCents(b.price, rate) }))).map(
      (b) => ({
        minQuantity: b.minQuantity,
        price: b.price,
      }),
    ),
    derived: true,
  };
}

/** `tool` (priced in dollars) priced in `pricing` instead, or null when it has no price there. */
export function pricedIn(tool: PricedTool & ToolPrices, pricing: Pricing): PricedTool | null {
  const prices = listPrices(tool, pricing);
  if (!prices) return null;
  return { ...tool, price: prices.price, breaks: prices.breaks };
}

/**
 * What is wrong with a tool's yen price and yen breaks, by the same rules as its dollar ones
 * (`tradeTermsProblemsSaid`: breaks above the minimum, increasing, on the pack, each cheaper),
 * at the product form's yen fields. Yen breaks need a yen price to be cheaper than.
 */
export function yenTermsProblemsSaid(terms: {
  minQuantity: number;
  packSize: number;
  priceYen: number | null;
  breaksYen: { minQuantity: number; price: number }[] | null;
}): FieldProblemSaid[] {
  const breaks = terms.breaksYen ?? [];
  if (terms.priceYen === null)
    return breaks.length > 0 ? [{ path: 'perPriceYen', said: says.yenBreaksNeedYenPrice }] : [];
  return tradeTermsProblemsSaid({
    minQuantity: terms.minQuantity,
    packSize: terms.packSize,
    price: terms.priceYen,
    breaks,
  })
    .filter((p) => p.path.startsWith('volumePrices.'))
    .map((p) => ({ ...p, path: p.path.replace(/^volumePrices\./, 'volumePricesYen.') }));
}

/**
 * What every reader is told about yen by a shop whose buyers in Japan pay in yen: its rate, and the
 * consumption tax a delivery in Japan pays (percent; null when none: tax off, or the shop is
 * elsewhere and a delivery to Japan is an export), which Japanese readers see beside each yen price
 * and which the Japanese page's structured data and product feed include. Null when Japan pays in
 * dollars (no rate, or Japan not among the settings' yen countries).
 */
export type YenTerms = { yenPerDollar: number; taxRatePercent: number | null };

/** The country whose buyers the catalogue's yen prices are for. */
const YEN_COUNTRY = 'JP';

export function yenTermsOf(charges: ChargeSettings): YenTerms | null {
  const rate = charges.yenPerDollar;
  if (!rate || !charges.yenCountries?.includes(YEN_COUNTRY)) return null;
  const { tax } = charges;
  const taxed = tax.enabled && tax.country === YEN_COUNTRY && tax.ratePercent > 0;
  return { yenPerDollar: rate, taxRatePercent: taxed ? tax.ratePercent : null };
}

/**
 * What a buyer in Japan pays per piece at each tier of a tool's yen prices, whole yen with the
 * consumption tax (Google Merchant Center asks prices for Japan with it: docs/reach.md), from the
 * quantity each tier starts at; the base price from the tool's minimum order.
 */
export function yenTiersWithTax(
  minQuantity: number,
  yen: { perPrice: number; volumePrices: readonly { minQuantity: number; perPrice: number }[] },
  taxRatePercent: number | null,
): { from: number; price: number }[] {
  return [
    { from: minQuantity, price: withTax(yen.perPrice, taxRatePercent) },
    ...yen.volumePrices.map((b) => ({ from: b.minQuantity, price: withTax(b.perPrice, taxRatePercent) })),
  ];
}

/** A yen price with its consumption tax, as a price list writes it beside (税込), rounded down. */
export const withTax = (yen: number, ratePercent: number | null): number =>
  ratePercent === null ? yen : yen + Math.floor((yen * Math.round(ratePercent * 100)) / 10_000);
