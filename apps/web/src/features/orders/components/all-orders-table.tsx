import { mayShip } from '@kanna/shared/domain/order-state';
import { toolName } from '@kanna/shared/domain/tool-texts';
import type { Order } from '@kanna/shared/orders';
import { Link } from 'react-router';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { useTexts } from '../../../lib/i18n';
import { useReaderLanguage } from '../../../lib/reader-language';
import { useShopTime } from '../../../lib/shop-time';
import { orderPagePath } from '../format';
import { adminOrderTexts } from '../i18n/admin';
import { OrderCells } from './order-cells';

interface AllOrdersTableProps {
  orders: Order[];
  /** Mark shipped: opens the confirmation. */
  onShip: (order: Order) => void;
}

/** The tools of an order: its one product, or every line of a trade order with its quantity. */
function Products({ order }: { order: Order }) {
  const language = useReaderLanguage();
  if (order.lines.length <= 1) return <>{toolName(order, language)}</>;
  return (
    <ul className="flex flex-col gap-0.5 max-sm:items-end">
      {order.lines.map((line) => (
        <li key={line.toolId}>
          {toolName(line, language)}{' '}
          <span className="whitespace-nowrap text-base-content/80">× {line.quantity}</span>
        </li>
      ))}
    </ul>
  );
}

/** Every order for the shop's administrators: who bought what, and its state (spec §2: unpaid versus Pending). */
export function AllOrdersTable({ orders, onShip }: AllOrdersTableProps) {
  const t = useTexts(adminOrderTexts);
  const language = useReaderLanguage();
  const when = useShopTime();
  return (
    <CardTable
      caption={t.tableCaption}
      withActions
      columns={[t.customer, t.product, t.quantity, t.total, t.state, t.ordered]}
    >
      {orders.map((order) => (
        <tr key={order._id} data-list-item className={`focus:outline-2 ${cardTable.row}`}>
          <th scope="row" className={`font-normal ${cardTable.title}`}>
            <span className="block font-semibold">{order.name}</span>
            <span className="block text-sm break-all text-base-content/80">{order.email}</span>
          </th>
          <td data-label={t.product} className={cardTable.field}>
            <Products order={order} />
          </td>
          <OrderCells order={order} stateLabel={t.states[order.status]} />
          <td data-label={t.ordered} className={`text-sm ${cardTable.field}`}>
            <span className="flex flex-col max-sm:items-end">
              <time dateTime={order.createdAt} className="break-keep">
                {when(order.createdAt)}
              </time>
              <Link to={orderPagePath.admin(order._id)} className="link inline-block py-1 font-mono text-sm">
                <span className="sr-only">{t.orderBefore}</span>
                {order.number}
              </Link>
            </span>
          </td>
          <td className={cardTable.actions}>
            {mayShip(order) && (
              <button
                type="button"
                className="btn btn-sm btn-primary whitespace-nowrap max-sm:btn-md max-sm:w-full"
                onClick={() => onShip(order)}
              >
                {t.markShipped}
                <span className="sr-only">
                  {t.markShippedWhat(
                    order.lines.length,
                    order.quantity,
                    toolName(order, language),
                    order.name,
                  )}
                </span>
              </button>
            )}
          </td>
        </tr>
      ))}
    </CardTable>
  );
}
