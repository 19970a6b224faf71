import { lineProblemSaid, type PricedTool, says, unitPrice } from '@kanna/shared';
import type { tools } from '../../db/schema';

export type ToolRow = typeof tools.$inferSelect;

/**
 * The pricing and quantity rules' view of a tool row (cents), which the cart and placing an
 * order both price with (`unitPrice`, `lineProblemSaid` in packages/shared).
 */
export const pricedTool = (t: ToolRow): PricedTool => ({
  minQuantity: t.minQuantity,
  available: t.available,
  packSize: t.packSize,
  price: t.priceCents,
  breaks: t.volumePrices.map((b) => ({ minQuantity: b.minQuantity, price: b.priceCents })),
});

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
