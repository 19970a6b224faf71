import type { tools } from '../../db/schema';

/**
 * The pricing and quantity rules' view of a tool row (cents), which the cart and placing an
 * order both price with (`unitPrice`, `lineProblemSaid` in packages/shared).
 */
export const pricedTool = (t: typeof tools.$inferSelect) => ({
  minQuantity: t.minQuantity,
  available: t.available,
  packSize: t.packSize,
  price: t.priceCents,
  breaks: t.volumePrices.map((b) => ({ minQuantity: b.minQuantity, price: b.priceCents })),
});
