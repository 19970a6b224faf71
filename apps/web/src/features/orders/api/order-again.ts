import type { Tool } from '@kanna/shared/catalog';
import { MAX_ORDER_LINES } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { roundToPack } from '@kanna/shared/domain/orders';
import { toolName } from '@kanna/shared/domain/tool-texts';
import type { Order } from '@kanna/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toolQuery } from '../../../api/get-tool';
import { ApiError } from '../../../lib/api-client';
import { addToCart, type CartItem } from '../../../lib/cart';
import { useReaderLanguage } from '../../../lib/reader-language';
import { isSoldOut } from '../../../lib/tools';

/** What ordering again did: lines added, and the names of the tools that could not be. */
export type OrderAgainResult = { added: number; skipped: string[]; full: boolean };

/** An order's lines (orders from before trade orders have only the spec's one-tool fields). */
export const linesOf = (order: Order) =>
  order.lines.length > 0
    ? order.lines
    : [
        {
          toolId: order.toolId,
          productName: order.productName,
          productNameJa: order.productNameJa,
          quantity: order.quantity,
          perPrice: order.perPrice,
          totalPrice: order.totalPrice,
        },
      ];

/**
 * The quantity to order again today: the same, brought within today's minimum, pack size and
 * stock (the cart shows today's price for it).
 */
function quantityToday(tool: Pick<Tool, 'minQuantity' | 'maxQuantity' | 'packSize'>, quantity: number) {
  const pack = Math.max(1, tool.packSize);
  const wanted = roundToPack(Math.max(quantity, tool.minQuantity), pack);
  const most = Math.floor(tool.maxQuantity / pack) * pack;
  return Math.max(tool.minQuantity, Math.min(wanted, most));
}

/**
 * Order again: puts a past order's lines in the cart, each tool read as it is today. A tool that
 * is sold out or no longer for sale (404) is skipped and named as it was ordered, in the reader's
 * language (messages.orderAgainSkipped).
 */
export function useOrderAgain() {
  const queryClient = useQueryClient();
  const language = useReaderLanguage();
  return useMutation({
    mutationFn: async (order: Order): Promise<OrderAgainResult> => {
      const adds: CartItem[] = [];
      const skipped: string[] = [];
      await Promise.all(
        linesOf(order).map(async (line) => {
          try {
            const tool = await queryClient.fetchQuery(toolQuery(line.toolId));
            if (isSoldOut(tool)) skipped.push(toolName(line, language));
            else adds.push({ toolId: line.toolId, quantity: quantityToday(tool, line.quantity) });
          } catch (error) {
            if (error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 400))
              skipped.push(toolName(line, language));
            else throw error;
          }
        }),
      );
      // In the order's own order, whatever order the tools answered in.
      const sequence = linesOf(order).map((l) => l.toolId);
      adds.sort((a, b) => sequence.indexOf(a.toolId) - sequence.indexOf(b.toolId));
      const full = adds.length > 0 && (await addToCart(adds)) === 'full';
      return { added: adds.length, skipped, full };
    },
  });
}

/** What to tell the buyer after ordering again. */
export const orderAgainMessages = ({ added, skipped, full }: OrderAgainResult) => ({
  added: added > 0 ? messages.addedToCart : null,
  skipped: skipped.length > 0 ? messages.orderAgainSkipped(skipped.join(', ')) : null,
  full: full ? messages.tooManyLines(MAX_ORDER_LINES) : null,
});
