import { type Currency, formatPriceIn } from '@kanna/shared/domain/money';
import { useTexts } from '../../lib/i18n';
import { orderPieceTexts } from './i18n/order';

/** An order's amounts in its currency (dollars, or whole yen), as the API answers them or as the cart works them out. */
export type Totals = {
  currency: Currency;
  goods: number;
  shipping: number;
  tax: number;
  taxRatePercent: number;
  taxTreatment: 'none' | 'domestic' | 'export';
  amountDue: number;
};

/**
 * The totals under an order's lines (docs/rules.md, "Paying like a business"): one Total
 * when the order charges nothing besides its goods (the shop as the spec describes it); else the
 * goods, shipping, tax (its rate, or that an export is exempt) and the total due.
 */
export function OrderTotals({ totals, live = false }: { totals: Totals; live?: boolean }) {
  const t = useTexts(orderPieceTexts);
  const plain = totals.shipping === 0 && totals.taxTreatment === 'none';
  const rows: [string, string][] = plain
    ? []
    : [
        [t.goods, formatPriceIn(totals.goods, totals.currency)],
        [t.shipping, totals.shipping === 0 ? t.free : formatPriceIn(totals.shipping, totals.currency)],
        ...(totals.taxTreatment === 'domestic'
          ? [[t.taxAt(totals.taxRatePercent), formatPriceIn(totals.tax, totals.currency)] as [string, string]]
          : []),
        ...(totals.taxTreatment === 'export' ? [[t.tax, t.exportExempt] as [string, string]] : []),
      ];
  return (
    <dl className="flex flex-col gap-1">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 text-base-content/80">
          <dt>{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex items-baseline justify-between gap-4 border-t border-base-300 pt-2">
        <dt className="font-bold">{plain ? t.total : t.totalDue}</dt>
        <dd className="text-xl font-bold tabular-nums text-primary" aria-live={live ? 'polite' : undefined}>
          {formatPriceIn(totals.amountDue, totals.currency)}
        </dd>
      </div>
    </dl>
  );
}

/** An order's totals as the API answers them. */
export const totalsOf = (o: {
  currency: Currency;
  totalPrice: number;
  shippingPrice: number;
  taxPrice: number;
  taxRatePercent: number;
  taxTreatment: Totals['taxTreatment'];
  amountDue: number;
}): Totals => ({
  currency: o.currency,
  goods: o.totalPrice,
  shipping: o.shippingPrice,
  tax: o.taxPrice,
  taxRatePercent: o.taxRatePercent,
  taxTreatment: o.taxTreatment,
  amountDue: o.amountDue,
});
