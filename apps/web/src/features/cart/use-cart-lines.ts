import type { Tool } from '@kanna/shared/catalog';
import { messages } from '@kanna/shared/domain/messages';
import { type Currency, toMinor } from '@kanna/shared/domain/money';
import { lineProblem, nextBreak, unitPrice } from '@kanna/shared/domain/orders';
import { toolName } from '@kanna/shared/domain/tool-texts';
import type { Pricing } from '@kanna/shared/domain/yen-prices';
import { useQueries } from '@tanstack/react-query';
import { toolQuery } from '../../api/get-tool';
import { ApiError } from '../../lib/api-client';
import type { CartSnapshot } from '../../lib/cart';
import { useReaderLanguage } from '../../lib/reader-language';
import { pricedToolIn } from '../../lib/tools';

/** One line of the cart as the page shows it: today's tier price, its total and what is wrong with it. */
export type CartLineView = {
  toolId: string;
  quantity: number;
  /** The tool as it is today; null while it loads, or when it is no longer for sale. */
  tool: Tool | null;
  productName: string | null;
  /** Today's unit price for this quantity (its volume price) in the cart's currency, null until known. */
  perPrice: number | null;
  /** The tool's list price (below its volume breaks) in the cart's currency, null until known. */
  listPrice: number | null;
  /** The line's total in the currency's minor unit (cents, or whole yen). */
  totalCents: number | null;
  /** Why this line cannot be ordered as it is ("only 40 left"), or null. */
  problem: string | null;
  /** The next price break: `more` pieces reach `price` each. */
  next: { more: number; price: number } | null;
  loading: boolean;
  /** The tool could not be loaded for another reason (the network): retry. */
  loadError: Error | null;
};

export type CartView = {
  /** What every amount of the cart is in: the currency the destination is priced in. */
  currency: Currency;
  lines: CartLineView[];
  totalCents: number;
  pieces: number;
  /** Every line is priced and can be ordered as it is. */
  orderable: boolean;
  loading: boolean;
  retry: () => void;
};

const gone = (error: unknown) =>
  error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 400);

/**
 * Prices every line with the shared rules (`unitPrice`, `lineProblem`, `nextBreak`) over each
 * tool as it is today; for a signed-in buyer the server's own problem for the line (its cart
 * answer, when it is about the same quantity) comes first. `refused` holds the problems a
 * refused checkout named, by tool.
 */
export function useCartLines(
  cart: CartSnapshot,
  pricing: Pricing,
  refused: Record<string, string> = {},
): CartView {
  const { currency } = pricing;
  const queries = useQueries({ queries: cart.items.map((item) => toolQuery(item.toolId)) });
  const lang = useReaderLanguage();
  const lines = cart.items.map((item, i): CartLineView => {
    const query = queries[i];
    const tool = query?.data ?? null;
    const serverLine = cart.priced?.lines.find(
      (l) => l.toolId === item.toolId && l.quantity === item.quantity,
    );
    const notForSale = gone(query?.error);
    const rules = tool ? pricedToolIn(tool, pricing) : null;
    // The server's cart prices in dollars: its price stands in only for a dollar cart.
    const fromServer = currency === 'USD' ? (serverLine?.perPrice ?? null) : null;
    const perPrice = rules ? unitPrice(rules, item.quantity) : fromServer;
    const totalCents = perPrice === null ? null : toMinor(perPrice, currency) * item.quantity;
    const localProblem = rules
      ? (lineProblem(rules, item.quantity, totalCents ?? undefined)?.message ?? null)
      : null;
    const problem =
      refused[item.toolId] ?? (notForSale ? messages.toolNotForSale : (serverLine?.problem ?? localProblem));
    const next = rules ? nextBreak(rules, item.quantity) : null;
    return {
      toolId: item.toolId,
      quantity: item.quantity,
      tool,
      productName: tool ? toolName(tool, lang) : (serverLine?.productName ?? null),
      perPrice,
      listPrice: rules?.price ?? null,
      totalCents,
      problem,
      next: next && next.more > 0 ? { more: next.more, price: next.price } : null,
      loading: query?.isPending ?? true,
      loadError: query?.isError && !notForSale ? query.error : null,
    };
  });
  return {
    currency,
    lines,
    totalCents: lines.reduce((sum, l) => sum + (l.totalCents ?? 0), 0),
    pieces: lines.reduce((sum, l) => sum + l.quantity, 0),
    orderable: lines.length > 0 && lines.every((l) => l.tool && l.totalCents !== null && !l.problem),
    loading: lines.some((l) => l.loading),
    retry: () => {
      for (const q of queries) if (q.isError) void q.refetch();
    },
  };
}
