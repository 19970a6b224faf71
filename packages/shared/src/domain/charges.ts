import { dollarsToCents } from './money';
import type { taxTreatments } from './orders';

/**
 * What an order charges besides its goods (docs/rules.md, "Paying like a business"):
 * shipping by the destination's zone and consumption tax on deliveries inside the shop's country.
 * One function, used by the cart and checkout to show the amounts before the buyer commits and by
 * the server to charge them; the server never takes them from the browser.
 */

/** The parts of the shop's settings the charges follow (money in dollars, as the settings hold it). */
export type ChargeSettings = {
  tax: { enabled: boolean; ratePercent: number; country: string };
  shippingZones: {
    name: string;
    countries: string[] | 'rest-of-world';
    rate: number;
    freeFrom: number | null;
  }[];
};

export type TaxTreatment = (typeof taxTreatments)[number];

/** What placing an order follows, from the shop's settings (the server's view, in cents). */
export type OrderTerms = {
  /** The least goods total an order may have, in cents; null: none. */
  minimumCents: number | null;
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
 * The charges of an order of `goodsCents` delivered to `country`, or null when the shop ships to
 * no zone holding it (the order cannot be placed). With no zones nothing is charged for shipping;
 * a zone charges its flat rate per order, nothing once the goods reach its `freeFrom`. Tax, when on
 * and the delivery is inside the shop's country, is the rate of goods and shipping together,
 * computed once for the order and rounded down to the cent once.
 */
export function orderCharges(goodsCents: number, country: string, settings: ChargeSettings): Charges | null {
  let zone: string | null = null;
  let shippingCents = 0;
  if (settings.shippingZones.length > 0) {
    const found = zoneFor(country, settings.shippingZones);
    if (!found) return null;
    zone = found.name;
    const free = found.freeFrom !== null && goodsCents >= dollarsToCents(found.freeFrom);
    shippingCents = free ? 0 : dollarsToCents(found.rate);
  }
  const { tax } = settings;
  const taxTreatment: TaxTreatment = !tax.enabled ? 'none' : country === tax.country ? 'domestic' : 'export';
  const taxRateBp = taxTreatment === 'domestic' ? Math.round(tax.ratePercent * 100) : 0;
  const taxCents = Math.floor(((goodsCents + shippingCents) * taxRateBp) / 10_000);
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
