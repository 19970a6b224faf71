import { type Currency, dollarsToCents, yenFromCents } from './money';
import type { taxTreatments } from './orders';

/**
 * What an order charges besides its goods (docs/rules.md, "Paying like a business"):
 * shipping by the destination's zone and consumption tax on deliveries inside the shop's country.
 * One function, used by the cart and checkout to show the amounts before the buyer commits and by
 * the server to charge them; the server never takes them from the browser.
 */

/** How consumption tax is rounded to the currency's minor unit, once per order and rate. */
export const taxRoundings = ['down', 'nearest', 'up'] as const;
export type TaxRounding = (typeof taxRoundings)[number];

/** The parts of the shop's settings the charges follow (money in dollars, as the settings hold it). */
export type ChargeSettings = {
  tax: { enabled: boolean; ratePercent: number; country: string; rounding?: TaxRounding };
  shippingZones: {
    name: string;
    countries: string[] | 'rest-of-world';
    rate: number;
    freeFrom: number | null;
    /** The rate of a yen order in whole yen, set by the owner; null or absent: `rate` at the shop's yen rate. */
    rateYen?: number | null;
    /** Free from this goods total of a yen order (whole yen); null or absent: `freeFrom` at the shop's yen rate. */
    freeFromYen?: number | null;
  }[];
  /** The countries whose deliveries are priced and paid in yen (all others in dollars). */
  yenCountries?: readonly string[];
  /** Yen per dollar: the shop's one rate, from which yen amounts the owner has not set are derived. */
  yenPerDollar?: number | null;
};

/**
 * The currency of an order delivered to `country`: yen where the settings name it and the shop
 * has a yen rate to price in, dollars everywhere else. Decided on the server alone.
 */
export const orderCurrency = (
  country: string,
  settings: Pick<ChargeSettings, 'yenCountries' | 'yenPerDollar'>,
): Currency => (settings.yenPerDollar && settings.yenCountries?.includes(country) ? 'JPY' : 'USD');

/**
 * An amount of the settings (a shipping rate, a free-from amount, the minimum order) in
 * `currency`'s minor unit. A dollar order: the dollar amount in cents (a yen amount never
 * applies). A yen order: the amount the owner set in whole yen (`yen`) when there is one, else the
 * dollar amount at the shop's rate rounded up to ¥10 — so a yen amount set stays put when the
 * rate moves.
 */
export function settingIn(
  dollars: number,
  currency: Currency,
  yenPerDollar: number | null | undefined,
  yen: number | null = null,
): number {
  if (currency === 'JPY' && yen !== null) return yen;
  const cents = dollarsToCents(dollars);
  if (currency === 'USD') return cents;
  if (!yenPerDollar) throw new Error('a yen amount was asked of a shop with no yen rate');
  return yenFromCents(cents, yenPerDollar);
}

/**
 * `settingIn` of an amount that may not be set (a free-from amount, the minimum order): null when
 * the order's currency has none — a dollar order without the dollar amount, a yen order with
 * neither its yen amount nor a dollar one to derive it from.
 */
function optionalSettingIn(
  dollars: number | null,
  yen: number | null | undefined,
  currency: Currency,
  yenPerDollar: number | null | undefined,
): number | null {
  if (currency === 'JPY' && yen != null) return yen;
  return dollars === null ? null : settingIn(dollars, currency, yenPerDollar);
}

/** The shop's minimum order as the settings hold it: in dollars, and in yen where the owner set it. */
export type OrderMinimum = { minimumOrder: number | null; minimumOrderYen?: number | null };

/** The least goods total of an order in `currency` (minor units), or null when there is none. */
export const minimumIn = (
  minimum: OrderMinimum,
  currency: Currency,
  yenPerDollar: number | null | undefined,
): number | null => optionalSettingIn(minimum.minimumOrder, minimum.minimumOrderYen, currency, yenPerDollar);

/** `amount` (minor units, possibly fractional) rounded to a whole minor unit as the setting says. */
export function roundTax(amount: number, rounding: TaxRounding = 'down'): number {
  // The product of whole amounts and basis points is exact up to here; 1e-9 absorbs the division.
  const near = Math.round(amount);
  if (Math.abs(amount - near) < 1e-9) return near;
  if (rounding === 'up') return Math.ceil(amount);
  if (rounding === 'nearest') return Math.round(amount);
  return Math.floor(amount);
}

export type TaxTreatment = (typeof taxTreatments)[number];

/** What placing an order follows, from the shop's settings (the server's view, in cents; `charges` says which are yen). */
export type OrderTerms = {
  /** The least goods total an order may have (`minimumIn` gives it in the order's currency). */
  minimum: OrderMinimum;
  charges: ChargeSettings;
  /** Where an order goes when the buyer names no country: the shop's own. */
  shopCountry: string;
  /** Whether buyers may pay by bank transfer: only once the shop has given an account to pay into. */
  bankTransfer: boolean;
  transferHoldDays: number;
};

export type Charges = {
  /** The zone the destination falls in; null when the shop has no zones (no shipping charged). */
  zone: string | null;
  shippingCents: number;
  taxCents: number;
  /** The rate applied, in basis points (1000 = 10 %); 0 unless domestic. */
  taxRateBp: number;
  taxTreatment: TaxTreatment;
  /** Goods + shipping + tax: what the buyer pays. */
  amountDueCents: number;
};

/** The settings' zone for `country`: the zone listing it, else the rest-of-world zone, else none. */
function zoneFor(country: string, zones: ChargeSettings['shippingZones']) {
  return (
    zones.find((z) => z.countries !== 'rest-of-world' && z.countries.includes(country)) ??
    zones.find((z) => z.countries === 'rest-of-world')
  );
}

/**
 * The charges of an order of `goodsCents` (minor units of `currency`) delivered to `country`, or
 * null when the shop ships to no zone holding it (the order cannot be placed). With no zones
 * nothing is charged for shipping; a zone charges its flat rate per order, nothing once the goods
 * reach its `freeFrom` (for a yen order the zone's yen amounts where the owner set them, else
 * both at the shop's yen rate, `settingIn`). Tax, when on
 * and the delivery is inside the shop's country, is the rate of goods and shipping together,
 * computed once for the order and rounded once to the minor unit (down unless the settings say
 * nearest or up). All amounts answered are in `currency`'s minor unit.
 */
export function orderCharges(
  goodsCents: number,
  country: string,
  settings: ChargeSettings,
  currency: Currency = 'USD',
  quotedShipping: number | null = null,
): Charges | null {
  let zone: string | null = null;
  let shippingCents = 0;
  if (settings.shippingZones.length > 0) {
    const found = zoneFor(country, settings.shippingZones);
    if (!found) return null;
    zone = found.name;
    const { yenPerDollar } = settings;
    const freeFrom = optionalSettingIn(found.freeFrom, found.freeFromYen, currency, yenPerDollar);
    const free = freeFrom !== null && goodsCents >= freeFrom;
    shippingCents = free ? 0 : settingIn(found.rate, currency, yenPerDollar, found.rateYen ?? null);
  }
  // A quote's shipping, as the shop quoted it, in place of the zone's (still shipped only where a zone goes).
  if (quotedShipping !== null) shippingCents = quotedShipping;
  const { tax } = settings;
  const taxTreatment: TaxTreatment = !tax.enabled ? 'none' : country === tax.country ? 'domestic' : 'export';
  const taxRateBp = taxTreatment === 'domestic' ? Math.round(tax.ratePercent * 100) : 0;
  const taxCents = roundTax(((goodsCents + shippingCents) * taxRateBp) / 10_000, tax.rounding);
  return {
    zone,
    shippingCents,
    taxCents,
    taxRateBp,
    taxTreatment,
    amountDueCents: goodsCents + shippingCents + taxCents,
  };
}

/** A rate in basis points as a percentage: 1000 → 10, 825 → 8.25. */
export const ratePercent = (bp: number): number => bp / 100;
