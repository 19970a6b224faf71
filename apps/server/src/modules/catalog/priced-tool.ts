import { lineProblemSaid, type PricedTool, type Pricing, pricedIn, says, unitPrice } from '@kanna/shared';
import { type PriceListTerms, withPriceList } from '@kanna/shared/domain/price-lists';
import type { tools } from '../../db/schema';
import type { Ready } from '../../lib/cache';

export type ToolRow = typeof tools.$inferSelect;

const breaksOf = (rows: ToolRow['volumePrices']) =>
  rows.map((b) => ({ minQuantity: b.minQuantity, price: b.priceCents }));

/**
 * A tool row at its list prices in dollars (cents), as the shared rules see a tool.
 */
const atList = (t: ToolRow): PricedTool => ({
  minQuantity: t.minQuantity,
  available: t.available,
  packSize: t.packSize,
  price: t.priceCents,
  breaks: breaksOf(t.volumePrices),
});

/**
 * The pricing and quantity rules' view of a tool row in dollars (cents), which the cart and
 * placing an order both price with (`unitPrice`, `lineProblemSaid` in packages/shared), at the
 * buyer's prices when they have a price list (`terms`: `withPriceList`, decision 0060), else at list.
 */
const pricedTool = (t: ToolRow, terms: PriceListTerms | null): PricedTool =>
  withPriceList(atList(t), terms, t.id, 'USD');

/**
 * The same in `pricing`'s currency (minor units: cents, or yen — the owner's, else derived at the
 * shop's rate by `listPrices`), at the buyer's prices in that currency. Null when the tool has no
 * price in that currency (yen asked of a shop with no yen rate).
 */
export function pricedToolIn(t: ToolRow, pricing: Pricing, terms: PriceListTerms | null): PricedTool | null {
  if (pricing.currency === 'USD') return pricedTool(t, terms);
  const breaksYen = t.volumePricesYen && breaksOf(t.volumePricesYen);
  const yen = pricedIn({ ...atList(t), priceYen: t.priceYen, breaksYen }, pricing);
  return yen && withPriceList(yen, terms, t.id, 'JPY');
}

/**
 * A line of `quantity` pieces of `tool` at today's price for the buyer (`terms`: their price
 * list, null for the list price): the unit price at that quantity (its volume break), the total,
 * and why it cannot be bought as it is (null when it can), by the same rules as the order
 * (`unitPrice`, `lineProblemSaid`); a tool off sale is not for sale. The cart, quick order and
 * saved lists price their lines with it.
 */
export function priceLine(tool: ToolRow, quantity: number, terms: PriceListTerms | null) {
  const priced = pricedTool(tool, terms);
  const unitCents = unitPrice(priced, quantity);
  const totalCents = unitCents * quantity;
  const problem = tool.archived
    ? says.toolNotForSale
    : (lineProblemSaid(priced, quantity, totalCents)?.said ?? null);
  return { unitCents, totalCents, problem };
}

/** The price list a buyer pays by (null: the list price), as the price-lists module keeps it. */
export type BuyerTerms = (userId: string) => Ready<PriceListTerms | null>;
