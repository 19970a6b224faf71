import type { Order } from '@kanna/shared/orders';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { adminStateLabel, formatDateTime } from '../format';
import { OrderCells } from './order-cells';

interface AllOrdersTableProps {
  orders: Order[];
  onShip: (order: Order) => void;
  /** The order being marked shipped right now, if any. */
  shippingId?: string | null;
}

/** Every order for the shop's administrators: who bought what, and its state (spec §2: unpaid versus Pending). */
export function AllOrdersTable({ orders, onShip, shippingId = null }: AllOrdersTableProps) {
  return (
    <CardTable
      caption="All orders, newest first"
      withActions
      columns={
        <>
          <th scope="col">Customer</th>
          <th scope="col">Product</th>
          <th scope="col">Quantity</th>
          <th scope="col">Total</th>
          <th scope="col">State</th>
          <th scope="col">Ordered</th>
        </>
      }
    >
      {orders.map((order) => (
        <tr key={order._id} className={cardTable.row}>
          <th scope="row" className={`font-normal ${cardTable.title}`}>
            <span className="block font-semibold">{order.name}</span>
            <span className="block text-sm break-all text-base-content/80">{order.email}</span>
          </th>
          <td data-label="Product" className={cardTable.field}>
            {order.productName}
          </td>
          <OrderCells order={order} stateLabel={adminStateLabel[order.status]} />
          <td data-label="Ordered" className={`text-sm ${cardTable.field}`}>
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </td>
          <td className={cardTable.actions}>
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
    </CardTable>
  );
}
