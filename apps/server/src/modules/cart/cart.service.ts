import { type Cart, type CartRequest, centsToDollars, says } from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { textIn } from '../../lib/language';
import { type BuyerTerms, priceLine } from '../catalog/priced-tool';
import { cartRepository as repo } from './cart.repository';

export type CartDeps = {
  db: Database;
  /** The buyer's price list (decision 0060): the cart is priced at their prices. */
  termsOf: BuyerTerms;
  now?: () => Date;
};

/** A signed-in buyer's cart, kept on the server and priced at today's prices with the shared rules. */
export function cartService({ db, termsOf, now = () => new Date() }: CartDeps) {
  /**
   * Today's price for `caller` (their price list's, else the list price) and problem of each wanted
   * line (the cart), from the tools as they are now; problems in `language`.
   */
  async function priceCart(
    caller: SessionUser,
    wanted: CartRequest['lines'],
    language: Language,
  ): Promise<Cart> {
    const [found, terms] = await Promise.all([
      repo.toolsByIds(
        db,
        wanted.map((w) => w.toolId),
      ),
      termsOf(caller.id),
    ]);
    const tools = new Map(found.map((t) => [t.id, t]));
    let totalCents = 0;
    const lines = wanted.flatMap((w) => {
      const tool = tools.get(w.toolId);
      if (!tool) return [];
      const { unitCents: perPriceCents, problem } = priceLine(tool, w.quantity, terms);
      if (!problem) totalCents += perPriceCents * w.quantity;
      return [
        {
          toolId: tool.id,
          quantity: w.quantity,
          productName: tool.productName,
          perPrice: centsToDollars(perPriceCents),
          totalPrice: centsToDollars(perPriceCents * w.quantity),
          problem: problem && textIn(problem, language),
        },
      ];
    });
    return { lines, totalPrice: centsToDollars(totalCents) };
  }

  return {
    /** The signed-in buyer's cart at today's prices. */
    async cart(caller: SessionUser, language: Language): Promise<Cart> {
      return priceCart(caller, await repo.cartOf(db, caller.id), language);
    },

    /** Replaces the cart; unknown tools are refused (400), archived ones kept with their problem. */
    async saveCart(caller: SessionUser, input: CartRequest, language: Language): Promise<Cart> {
      const known = new Set(
        (
          await repo.toolsByIds(
            db,
            input.lines.map((l) => l.toolId),
          )
        ).map((t) => t.id),
      );
      const errors = input.lines.flatMap((l, i) =>
        known.has(l.toolId) ? [] : [{ path: `lines.${i}.toolId`, said: says.notFound('This tool') }],
      );
      const [first] = errors;
      if (first) throw new AppError('invalid', first.said, errors);
      await repo.saveCart(db, caller.id, input.lines, now());
      return priceCart(caller, input.lines, language);
    },

    /** Takes the pieces an order took out of the account's cart (given to orders by app.ts). */
    takeOrdered(userId: string, ordered: { toolId: string; quantity: number }[]): Promise<void> {
      return repo.takeOrdered(db, userId, ordered, now());
    },
  };
}
export type CartService = ReturnType<typeof cartService>;
