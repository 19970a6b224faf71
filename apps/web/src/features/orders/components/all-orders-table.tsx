import type { Order } from '@kanna/shared/orders';
import { adminStateLabel, formatDateTime, formatMoney } from '../format';
import { stackedTable } from './stacked-table';
import { StateBadge } from './state-badge';

interface AllOrdersTableProps {
  orders: Order[];
  onShip: (order: Order) => void;
  /** The order being marked shipped right now, if any. */
  shippingId?: string | null;
}

/** Every order for the shop's administrators: who bought what, and its state (spec §2: unpaid versus Pending). */
export function AllOrdersTable({ orders, onShip, shippingId = null }: AllOrdersTableProps) {
  return (
    <table className={stackedTable}>
      <caption className="sr-only">All orders, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Customer</th>
          <th scope="col">Product</th>
          <th scope="col">Quantity</th>
          <th scope="col">Total</th>
          <th scope="col">State</th>
          <th scope="col">Ordered</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id}>
            <th scope="row" className="font-normal">
              <span className="block font-semibold">{order.name}</span>
              <span className="block text-sm break-all text-base-content/80">{order.email}</span>
            </th>
            <td data-label="Product">{order.productName}</td>
            <td data-label="Quantity" className="tabular-nums">
              {order.quantity}
            </td>
            <td data-label="Total" className="tabular-nums">
              {formatMoney(order.totalPrice)}
            </td>
            <td data-label="State">
              <StateBadge status={order.status} label={adminStateLabel[order.status]} />
            </td>
            <td data-label="Ordered" className="text-sm">
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </td>
            <td className="actions-cell">
              {order.status === 'paid' && (
                <button
                  type="button"
                  className="btn btn-sm btn-primary whitespace-nowrap max-sm:btn-md max-sm:w-full"
                  onClick={() => onShip(order)}
                  disabled={shippingId === order._id}
                >
                  {shippingId === order._id ? 'Marking…' : 'Mark shipped'}
                  <span className="sr-only">
                    : {order.quantity} × {order.productName} for {order.name}
                  </span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
