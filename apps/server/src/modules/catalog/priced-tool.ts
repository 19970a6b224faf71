import { lineProblemSaid, type PricedTool, type Pricing, pricedIn, says, unitPrice } from '@kanna/shared';
import type { tools } from '../../db/schema';

export type ToolRow = typeof tools.$inferSelect;

const breaksOf = (rows: ToolRow['volumePrices']) =>
  rows.map((b) => ({ minQuantity: b.minQuantity, price: b.priceCents }));

/**
 * The pricing and quantity rules' view of a tool row in dollars (cents), which the cart and
 * placing an order both price with (`unitPrice`, `lineProblemSaid` in packages/shared).
 */
const pricedTool = (t: ToolRow): PricedTool => ({
  minQuantity: t.minQuantity,
  available: t.available,
  packSize: t.packSize,
  price: t.priceCents,
  breaks: breaksOf(t.volumePrices),
});

/**
 * The same in `pricing`'s currency (minor units: cents, or yen — the owner's, else derived at the
 * shop's rate by `listPrices`). Null when the tool has no price in that currency (yen asked of a
 * shop with no yen rate).
 */
export function pricedToolIn(t: ToolRow, pricing: Pricing): PricedTool | null {
  if (pricing.currency === 'USD') return pricedTool(t);
  const breaksYen = t.volumePricesYen && breaksOf(t.volumePricesYen);
  return pricedIn({ ...pricedTool(t), priceYen: t.priceYen, breaksYen }, pricing);
}

/**
 * A line of `quantity` pieces of `tool` at today's price: the unit price at that quantity (its
 * volume break), the total, and why it cannot be bought as it is (null when it can), by the same
 * rules as the order (`unitPrice`, `lineProblemSaid`); a tool off sale is not for sale. The cart,
 * quick order and saved lists price their lines with it.
 */
export function priceLine(tool: ToolRow, quantity: number) {
  const priced = pricedTool(tool);
  const unitCents = unitPrice(priced, quantity);
  const totalCents = unitCents * quantity;
  const problem = tool.archived
    ? says.toolNotForSale
    : (lineProblemSaid(priced, quantity, totalCents)?.said ?? null);
  return { unitCents, totalCents, problem };
}
