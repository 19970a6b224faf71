import { lineProblemSaid, type PricedTool, says, unitPrice } from '@kanna/shared';
import { type PriceListTerms, withPriceList } from '@kanna/shared/domain/price-lists';
import type { tools } from '../../db/schema';
import type { Ready } from '../../lib/cache';

export type ToolRow = typeof tools.$inferSelect;

/**
 * The pricing and quantity rules' view of a tool row (cents), which the cart and placing an
 * order both price with (`unitPrice`, `lineProblemSaid` in packages/shared), at the buyer's
 * prices when they have a price list (`terms`: `withPriceList`, decision 0060), else at list.
 */
export const pricedTool = (t: ToolRow, terms: PriceListTerms | null): PricedTool =>
  withPriceList(
    {
      minQuantity: t.minQuantity,
      available: t.available,
      packSize: t.packSize,
      price: t.priceCents,
      breaks: t.volumePrices.map((b) => ({ minQuantity: b.minQuantity, price: b.priceCents })),
    },
    terms,
    t.id,
    'USD',
  );

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
