import { messages } from '@kanna/shared/domain/messages';
import { formatMoney } from '@kanna/shared/domain/money';
import { partlyPaidLabel } from '@kanna/shared/domain/transfers';
import type { Order } from '@kanna/shared/orders';
import { cardTable } from '../../../components/ui/card-table';
import { StateBadge } from './state-badge';

/**
 * An order's quantity, total (what the buyer pays: goods, shipping and tax) and state cells, as the buyer's and the admin's tables show them.
 * The quantity of a trade order is every line's pieces together, with how many lines.
 */
export function OrderCells({ order, stateLabel }: { order: Order; stateLabel: string }) {
  const lines = order.lines.length;
  const pieces = lines > 1 ? order.lines.reduce((sum, l) => sum + l.quantity, 0) : order.quantity;
  return (
    <>
      <td data-label="Quantity" className={`tabular-nums ${cardTable.field}`}>
        <span>
          {pieces}
          {lines > 1 && <span className="text-base-content/80"> in {lines} lines</span>}
        </span>
      </td>
      <td data-label="Total" className={`tabular-nums ${cardTable.field}`}>
        {formatMoney(order.amountDue)}
      </td>
      <td data-label="State" className={cardTable.field}>
        <span className="flex flex-wrap items-center gap-1">
          <StateBadge status={order.status} label={stateLabel} />
          {order.testPayment && (
            <span
              className="badge badge-outline whitespace-nowrap"
              title="Paid with a test card: no money moved"
            >
              Test payment
            </span>
          )}
          {partlyPaidLabel(order) && (
            <span className="badge badge-warning whitespace-nowrap">{partlyPaidLabel(order)}</span>
          )}
          {order.refundedAt && (
            <span className="badge badge-outline whitespace-nowrap" title={messages.paymentRefunded}>
              Refunded
            </span>
          )}
        </span>
      </td>
    </>
  );
}
