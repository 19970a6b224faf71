import type { Tool } from '@kanna/shared/catalog';
import { formatPrice, formatPriceIn } from '@kanna/shared/domain/money';
import { withTax } from '@kanna/shared/domain/yen-prices';
import { useTexts } from '../../lib/i18n';
import { useShownCurrency } from '../../lib/shown-currency';
import { uiTexts } from './i18n/first';

/** One price of a tool in the shown currency: dollars as always, or yen with the tax beside it. */
export type ShownPrice = { text: string; withTax: string | null };

/**
 * The tool's prices as the reader sees them (`useShownCurrency`): the base price and each break,
 * in yen (with the tax a delivery in Japan pays) where the shop prices in yen, else in dollars.
 */
export function useToolPrices(tool: Tool) {
  const currency = useShownCurrency();
  const yen = currency === 'JPY' ? tool.yen : undefined;
  const shown = (dollars: number, inYen: number | undefined): ShownPrice =>
    yen && inYen !== undefined
      ? {
          text: formatPriceIn(inYen, 'JPY'),
          withTax:
            yen.taxRatePercent === null ? null : formatPriceIn(withTax(inYen, yen.taxRatePercent), 'JPY'),
        }
      : { text: `$${formatPrice(dollars)}`, withTax: null };
  // Yen breaks are the yen list's own (the owner's may start at other quantities than the dollar ones).
  return {
    currency: yen ? ('JPY' as const) : ('USD' as const),
    base: shown(tool.perPrice, yen?.perPrice),
    breaks: yen
      ? yen.volumePrices.map((b) => ({ minQuantity: b.minQuantity, price: shown(0, b.perPrice) }))
      : tool.volumePrices.map((b) => ({ minQuantity: b.minQuantity, price: shown(b.perPrice, undefined) })),
  };
}

/** The tax-inclusive price beside a yen price (`（税込 ¥13,200）`); nothing for one without. */
export function TaxBeside({ price }: { price: ShownPrice }) {
  const t = useTexts(uiTexts);
  if (!price.withTax) return null;
  return <span className="text-sm font-normal text-base-content/80">{t.withTax(price.withTax)}</span>;
}

/** A price with its tax beside it when it has one: `¥12,000（税込 ¥13,200）`. */
export function PriceWithTax({ price }: { price: ShownPrice }) {
  return (
    <>
      {price.text}
      <TaxBeside price={price} />
    </>
  );
}
