import type { Order } from '@kanna/shared/orders';
import { Link } from 'react-router';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { customerStateLabel, formatDateTime } from '../format';
import { OrderCells } from './order-cells';

interface MyOrdersTableProps {
  orders: Order[];
  onCancel: (order: Order) => void;
  /** The time to compare holds with (a test can fix it). */
  now?: Date;
}

/**
 * The buyer's orders as a real table; on phones each row is a card (see CardTable).
 */
export function MyOrdersTable({ orders, onCancel, now = new Date() }: MyOrdersTableProps) {
  return (
    <CardTable
      caption="Your orders, newest first"
      withActions
      columns={
        <>
          <th scope="col">Product</th>
          <th scope="col">Quantity</th>
          <th scope="col">Total</th>
          <th scope="col">State</th>
          <th scope="col">Reservation / payment</th>
        </>
      }
    >
      {orders.map((order) => (
        <OrderRow key={order._id} order={order} onCancel={onCancel} now={now} />
      ))}
    </CardTable>
  );
}

function OrderRow({ order, onCancel, now }: { order: Order; onCancel: (order: Order) => void; now: Date }) {
  const expired = order.status === 'unpaid' && new Date(order.holdUntil) <= now;
  return (
    <tr className={cardTable.row}>
      <th scope="row" data-label="Product" className={`font-semibold ${cardTable.title}`}>
        {order.productName}
      </th>
      <OrderCells order={order} stateLabel={customerStateLabel[order.status]} />
      <td data-label="Reservation / payment" className={`text-sm ${cardTable.field}`}>
        <PaymentInfo order={order} expired={expired} />
      </td>
      <td className={cardTable.actions}>
        {order.status === 'unpaid' && (
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            {!expired && (
              <Link
                to={`/dashboard/payment/${order._id}`}
                className="btn btn-sm btn-primary max-sm:btn-md max-sm:flex-1"
              >
                Pay<span className="sr-only"> for {order.productName}</span>
              </Link>
            )}
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error max-sm:btn-md max-sm:flex-1"
              onClick={() => onCancel(order)}
            >
              Cancel<span className="sr-only"> order for {order.productName}</span>
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

function PaymentInfo({ order, expired }: { order: Order; expired: boolean }) {
  if (order.status === 'unpaid') {
    return expired ? (
      <span className="text-error">Reservation expired: please order again</span>
    ) : (
      <span>
        Reserved until <time dateTime={order.holdUntil}>{formatDateTime(order.holdUntil)}</time>
      </span>
    );
  }
  return (
    <span className="flex flex-col gap-0.5">
      {order.status === 'shipped' && order.shippedAt && (
        <span>
          Shipped on <time dateTime={order.shippedAt}>{formatDateTime(order.shippedAt)}</time>
        </span>
      )}
      {order.paidAt && order.status === 'paid' && (
        <span>
          Paid on <time dateTime={order.paidAt}>{formatDateTime(order.paidAt)}</time>
        </span>
      )}
      {order.transactionId && (
        <span className="break-all">
          Transaction <code className="font-mono text-xs">{order.transactionId}</code>
        </span>
      )}
    </span>
  );
}
