import { formatPriceIn } from '@kanna/shared/domain/money';
import { toolName } from '@kanna/shared/domain/tool-texts';
import type { Order } from '@kanna/shared/orders';
import { HeadedSection } from '../../../components/ui/headed-section';
import { OrderTotals, totalsOf } from '../../../components/ui/order-totals';
import { useTexts } from '../../../lib/i18n';
import { useReaderLanguage } from '../../../lib/reader-language';
import { paymentTexts } from '../i18n';

/**
 * What is being paid for (spec §2: order summary): the product, quantity and price of a one-tool
 * order; every line of a trade order in a table; the total.
 */
export function OrderSummary({ order }: { order: Order }) {
  const t = useTexts(paymentTexts);
  const language = useReaderLanguage();
  const lines = order.lines;
  const rows = [
    { term: t.product, value: toolName(order, language) },
    { term: t.quantity, value: t.pieces(order.quantity) },
    { term: t.pricePerPiece, value: formatPriceIn(order.perPrice, order.currency) },
  ];
  return (
    <HeadedSection
      id="summary-heading"
      title={t.summary}
      level={2}
      className="rounded-box bg-base-200 p-5"
      headingClassName="text-lg font-bold"
    >
      {lines.length > 1 && (
        <table className="table mt-3 text-sm [&_:is(td,th)]:px-2 [&_:is(td,th)]:py-2">
          <caption className="sr-only">{t.linesOfOrder}</caption>
          <thead>
            <tr className="text-base-content">
              <th scope="col" className="px-0">
                {t.tool}
              </th>
              <th scope="col" className="text-right">
                {t.quantity}
              </th>
              <th scope="col" className="text-right">
                <span className="sm:hidden">{t.each}</span>
                <span className="max-sm:hidden">{t.pricePerPiece}</span>
              </th>
              <th scope="col" className="pr-0 text-right">
                {t.total}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.toolId}>
                <th scope="row" className="px-0 font-normal">
                  {toolName(line, language)}
                </th>
                <td className="text-right tabular-nums">{line.quantity}</td>
                <td className="text-right tabular-nums">{formatPriceIn(line.perPrice, order.currency)}</td>
                <td className="pr-0 text-right font-semibold tabular-nums">
                  {formatPriceIn(line.totalPrice, order.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="mt-3 flex flex-col gap-2">
        {lines.length <= 1 &&
          rows.map(({ term, value }) => (
            <div key={term} className="flex items-baseline justify-between gap-6">
              <dt className="shrink-0 text-base-content/80">{term}</dt>
              <dd className="text-right font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
      </dl>
      <div className="mt-3">
        <OrderTotals totals={totalsOf(order)} />
      </div>
    </HeadedSection>
  );
}
