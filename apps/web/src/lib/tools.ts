import type { Tool, ToolKind } from '@kanna/shared/catalog';
import { dollarsToCents } from '@kanna/shared/domain/money';
import { type PricedTool, isSoldOut as soldOut } from '@kanna/shared/domain/orders';
import { listPrices, type Pricing } from '@kanna/shared/domain/yen-prices';

// A local twin of @kanna/shared/catalog's `toolKinds`: that module builds zod schemas when it
// loads, and zod must stay out of the browser's first download (the catalogue).

/**
 * What each kind is called on screen: `one` for a single tool's kind (a product's row, the
 * product form), `many` for the kind as a whole (the catalogue's filter). `satisfies` fails the
 * build when a kind is added without its names.
 */
export const toolKindNames = {
  hammer: { one: 'Hammer', many: 'Hammers' },
  chisel: { one: 'Chisel', many: 'Chisels' },
  driver: { one: 'Driver', many: 'Drivers' },
  saw: { one: 'Saw blade', many: 'Saw blades' },
  plane: { one: 'Plane', many: 'Planes' },
  other: { one: 'Other', many: 'Other tools' },
} as const satisfies Record<ToolKind, { one: string; many: string }>;

/** Every kind, in the order the filter and the product form list them. */
export const toolKindList = Object.keys(toolKindNames) as ToolKind[];

/**
 * The shared rule (`@kanna/shared/domain/orders`, zod-free) for a tool as the API sends it:
 * its `maxQuantity` is what the rule calls `available`.
 */
export const isSoldOut = (tool: Pick<Tool, 'minQuantity' | 'maxQuantity'>): boolean =>
  soldOut({ minQuantity: tool.minQuantity, available: tool.maxQuantity });

/**
 * A tool as the shared pricing and quantity rules (`unitPrice`, `nextBreak`, `lineProblem`) see
 * it: `available` is the API's `maxQuantity`, prices stay in dollars.
 */
export const pricedTool = (
  tool: Pick<Tool, 'minQuantity' | 'maxQuantity' | 'packSize' | 'perPrice' | 'volumePrices'>,
): PricedTool => ({
  minQuantity: tool.minQuantity,
  available: tool.maxQuantity,
  packSize: Math.max(1, tool.packSize),
  price: tool.perPrice,
  breaks: tool.volumePrices.map((b) => ({ minQuantity: b.minQuantity, price: b.perPrice })),
});

/**
 * The same in `pricing`'s currency, in its major unit as the API writes money (dollars; whole
 * yen): the yen prices the catalogue answers (`yen`: the owner's or derived at the shop's rate, at
 * the buyer's own prices where they have a price list), else worked out by the rule the server
 * prices a yen order by (`listPrices`). Null when the tool has no price in that currency.
 */
export function pricedToolIn(
  tool: Pick<
    Tool,
    | 'minQuantity'
    | 'maxQuantity'
    | 'packSize'
    | 'perPrice'
    | 'volumePrices'
    | 'perPriceYen'
    | 'volumePricesYen'
    | 'yen'
  >,
  pricing: Pricing,
): PricedTool | null {
  const inDollars = pricedTool(tool);
  if (pricing.currency === 'USD') return inDollars;
  if (tool.yen) {
    const { perPrice, volumePrices } = tool.yen;
    return {
      ...inDollars,
      price: perPrice,
      breaks: volumePrices.map((b) => ({ minQuantity: b.minQuantity, price: b.perPrice })),
    };
  }
  const yen = listPrices(
    {
      price: dollarsToCents(tool.perPrice),
      breaks: tool.volumePrices.map((b) => ({
        minQuantity: b.minQuantity,
        price: dollarsToCents(b.perPrice),
      })),
      priceYen: tool.perPriceYen ?? null,
      breaksYen:
        tool.volumePricesYen?.map((b) => ({ minQuantity: b.minQuantity, price: b.perPrice })) ?? null,
    },
    pricing,
  );
  return yen && { ...inDollars, price: yen.price, breaks: yen.breaks };
}
