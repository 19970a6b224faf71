import type { Tool } from '@kanna/shared/catalog';
import { MAX_ORDER_LINES } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { addToCart } from '../../../lib/cart';
import { useHydrated } from '../../../lib/hydrated';
import { useTexts } from '../../../lib/i18n';
import { sayLater } from '../../../lib/say-later';
import { notify } from '../../../lib/toast';
import { catalogTexts } from '../i18n';

/**
 * What a reader can do with a tool on sale, on its card and its page: buy it now or add it to the
 * cart; a sold-out tool says so instead. `className` sizes the block.
 */
export function BuyActions({
  tool,
  name,
  soldOut,
  className = '',
}: {
  tool: Tool;
  name: string;
  soldOut: boolean;
  className?: string;
}) {
  const t = useTexts(catalogTexts);
  if (soldOut) {
    return (
      <p
        className={`rounded-field border border-base-300 bg-base-200 py-2 text-center font-semibold ${className}`}
      >
        {t.soldOut}
      </p>
    );
  }
  return (
    <div className={`grid grid-cols-2 gap-2 ${className}`}>
      <Link to={`/purchase/${tool._id}`} className="btn btn-primary" aria-label={t.purchaseTool(name)}>
        {t.purchase}
      </Link>
      <AddToCartButton tool={tool} name={name} />
    </div>
  );
}

/**
 * Adds the tool's smallest order to the cart. On a server-rendered page it is unavailable until
 * React has taken the card over (a press before then would be lost): `aria-disabled`, which
 * screen readers announce and daisyUI draws as disabled, taking no pointer presses. The switch
 * is this button's own (it re-renders alone, not its card) and changes one ARIA attribute with no
 * CSS transition: enabling a page of cards at once stays a short task, where clearing the native
 * `disabled` of each restyles every :enabled/:disabled rule (decision 0041).
 */
function AddToCartButton({ tool, name }: { tool: Tool; name: string }) {
  const t = useTexts(catalogTexts);
  const [adding, setAdding] = useState(false);
  const hydrated = useHydrated();
  const add = async () => {
    setAdding(true);
    try {
      // The smallest order this tool takes (the minimum is on the pack size).
      const result = await addToCart([{ toolId: tool._id, quantity: tool.minQuantity }]);
      if (result === 'full') void notify('warning', await sayLater(messages.tooManyLines(MAX_ORDER_LINES)));
      else void notify('success', t.added(await sayLater(messages.addedToCart), tool.minQuantity, name));
    } finally {
      setAdding(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-outline btn-primary transition-none"
      onClick={() => void add()}
      disabled={adding}
      aria-disabled={hydrated ? undefined : true}
      aria-label={t.addToCartTool(name)}
    >
      {t.addToCart}
    </button>
  );
}
