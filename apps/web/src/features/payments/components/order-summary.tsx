import { formatMoney } from '@kanna/shared/domain/money';
import type { Order } from '@kanna/shared/orders';

/** What is being paid for: product, quantity and total (spec §2: order summary). */
export function OrderSummary({ order }: { order: Order }) {
  const rows = [
    { term: 'Product', value: order.productName },
    { term: 'Quantity', value: `${order.quantity} pieces` },
    { term: 'Price per piece', value: formatMoney(order.perPrice) },
  ];
  return (
    <section aria-labelledby="summary-heading" className="rounded-box bg-base-200 p-5">
      <h2 id="summary-heading" className="text-lg font-bold">
        Order summary
      </h2>
      <dl className="mt-3 flex flex-col gap-2">
        {rows.map(({ term, value }) => (
          <div key={term} className="flex items-baseline justify-between gap-6">
            <dt className="shrink-0 text-base-content/80">{term}</dt>
            <dd className="text-right font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="mt-1 flex items-baseline justify-between gap-6 border-t border-base-300 pt-3">
          <dt className="font-bold">Total</dt>
          <dd className="text-xl font-bold tabular-nums text-primary">{formatMoney(order.totalPrice)}</dd>
        </div>
      </dl>
    </section>
  );
}
