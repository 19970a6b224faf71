import type { Order } from '@kanna/shared/orders';
import { formatMoney } from '../format';

/** What is being paid for: product, quantity and total (spec §2: order summary). */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <section aria-labelledby="summary-heading" className="rounded-box bg-base-200 p-5">
      <h2 id="summary-heading" className="text-lg font-bold">
        Order summary
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-base-content/80">Product</dt>
        <dd className="text-right font-semibold">{order.productName}</dd>
        <dt className="text-base-content/80">Quantity</dt>
        <dd className="text-right tabular-nums">{order.quantity} pieces</dd>
        <dt className="text-base-content/80">Price per piece</dt>
        <dd className="text-right tabular-nums">{formatMoney(order.perPrice)}</dd>
        <dt className="border-t border-base-300 pt-2 font-bold">Total</dt>
        <dd className="border-t border-base-300 pt-2 text-right text-xl font-bold tabular-nums text-primary">
          {formatMoney(order.totalPrice)}
        </dd>
      </dl>
    </section>
  );
}
