import { type Currency, formatPriceIn } from '@kanna/shared/domain/money';
import type { PricedTool } from '@kanna/shared/domain/orders';
import { useTexts } from '../../../lib/i18n';
import { ordersTexts } from '../i18n';

/** The tiers of a tool's price: from each quantity, the price per piece. */
const tiersOf = (rules: Pick<PricedTool, 'minQuantity' | 'price' | 'breaks'>) => [
  { from: rules.minQuantity, perPrice: rules.price },
  ...rules.breaks.map((b) => ({ from: b.minQuantity, perPrice: b.price })),
];

/** Which tier `quantity` pieces fall in (the largest break reached). */
const tierIndex = (tiers: { from: number }[], quantity: number) =>
  tiers.reduce((found, tier, i) => (Number.isFinite(quantity) && quantity >= tier.from ? i : found), 0);

/**
 * A tool's volume prices as a table ("24–47 pieces: $8"), the chosen quantity's row marked. Only
 * for tools that have breaks: a single price needs no table.
 */
export function PriceTable({
  rules,
  currency,
  quantity,
}: {
  /** The tool's prices in `currency` (major units), as the shared rules see them. */
  rules: Pick<PricedTool, 'minQuantity' | 'price' | 'breaks'>;
  currency: Currency;
  quantity: number;
}) {
  const t = useTexts(ordersTexts);
  if (rules.breaks.length === 0) return null;
  const tiers = tiersOf(rules);
  const current = tierIndex(tiers, quantity);
  return (
    <div className="overflow-hidden rounded-box border border-base-300">
      <table className="table-sm table">
        <caption className="bg-base-200 px-3 py-2 text-left font-semibold">{t.volumePrices}</caption>
        <thead>
          <tr className="text-base-content">
            <th scope="col">{t.pieces}</th>
            <th scope="col" className="text-right">
              {t.pricePerPiece}
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, i) => {
            const next = tiers[i + 1];
            const range = next ? `${tier.from}–${next.from - 1}` : t.orMore(tier.from);
            const chosen = i === current;
            return (
              <tr key={tier.from} className={chosen ? 'bg-primary/10 font-semibold' : undefined}>
                <th scope="row" className="font-normal">
                  {range}
                  {chosen && <span className="sr-only">{t.yourQuantity}</span>}
                </th>
                <td className="text-right tabular-nums">{formatPriceIn(tier.perPrice, currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
