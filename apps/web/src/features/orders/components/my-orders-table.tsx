import type { Language } from '@kanna/shared/domain/languages';
import { formatPriceIn } from '@kanna/shared/domain/money';
import {
  isAwaitingApproval,
  isCancelled,
  isOverdue,
  isPaid,
  isShipped,
  isUnpaid,
  mayCancel,
} from '@kanna/shared/domain/order-state';
import { toolName } from '@kanna/shared/domain/tool-texts';
import type { Order } from '@kanna/shared/orders';
import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { useTexts } from '../../../lib/i18n';
import { useReaderLanguage } from '../../../lib/reader-language';
import { useShopTime } from '../../../lib/shop-time';
import { withNodes } from '../../../lib/with-nodes';
import { linesOf } from '../api/order-again';
import { orderPagePath } from '../format';
import { orderDeskTexts } from '../i18n/desk';
import { OrderCells } from './order-cells';

interface MyOrdersTableProps {
  orders: Order[];
  onCancel: (order: Order) => void;
  /** Puts the order's lines in the cart at today's prices. */
  onOrderAgain?: (order: Order) => void;
  /** The order being put in the cart right now, if any. */
  orderingAgainId?: string | null;
  /** The time to compare holds with (a test can fix it). */
  now?: Date;
}

/**
 * The buyer's orders as a real table; on phones each row is a card (see CardTable).
 */
export function MyOrdersTable({
  orders,
  onCancel,
  onOrderAgain,
  orderingAgainId = null,
  now = new Date(),
}: MyOrdersTableProps) {
  const t = useTexts(orderDeskTexts);
  return (
    <CardTable
      caption={t.ordersCaption}
      withActions
      columns={[t.product, t.quantity, t.total, t.state, t.reservationPayment]}
    >
      {orders.map((order) => (
        <OrderRows
          key={order._id}
          order={order}
          onCancel={onCancel}
          onOrderAgain={onOrderAgain}
          orderingAgain={orderingAgainId === order._id}
          now={now}
        />
      ))}
    </CardTable>
  );
}

/** The title of an order: its tool, or its first tool and how many more, named as ordered in `language`. */
const productOf = (order: Order, language: Language, andMore: (name: string, more: number) => string) => {
  const count = linesOf(order).length;
  const first = toolName(order, language);
  return count > 1 ? andMore(first, count - 1) : first;
};

/**
 * An order is two rows: the order (with Pay and Cancel while unpaid) and, under it, its lines,
 * when it was placed and Order again; on phones the two read as one card.
 */
function OrderRows({
  order,
  onCancel,
  onOrderAgain,
  orderingAgain,
  now,
}: {
  order: Order;
  onCancel: (order: Order) => void;
  onOrderAgain: ((order: Order) => void) | undefined;
  orderingAgain: boolean;
  now: Date;
}) {
  const t = useTexts(orderDeskTexts);
  const language = useReaderLanguage();
  const shopTime = useShopTime();
  const expired = isOverdue(order, now);
  const lines = linesOf(order);
  const product = productOf(order, language, t.andMore);
  return (
    <>
      <OrderRow order={order} product={product} onCancel={onCancel} expired={expired} />
      <tr className="border-b-2 border-base-300 bg-base-200/40 max-sm:-mt-3 max-sm:block max-sm:rounded-b-box max-sm:border max-sm:border-t-0 max-sm:px-4 max-sm:pb-4">
        <td colSpan={6} className="max-sm:block max-sm:p-0">
          <div className="flex flex-col gap-3 text-sm sm:flex-row sm:items-end sm:justify-between">
            <div className="flex flex-col gap-1">
              <span className="text-base-content/80">
                {withNodes(
                  t.orderedAt,
                  <Link to={orderPagePath.buyer(order._id)} className="link">
                    {withNodes(t.heading, <span className="font-mono">{order.number}</span>)}
                  </Link>,
                  <time dateTime={order.createdAt}>{shopTime(order.createdAt)}</time>,
                )}
              </span>
              {lines.length > 1 && (
                <ul aria-label={t.linesOf(product)} className="flex flex-col gap-0.5">
                  {lines.map((line) => (
                    <li key={line.toolId} className="tabular-nums">
                      {t.line(
                        line.quantity,
                        toolName(line, language),
                        formatPriceIn(line.perPrice, order.currency),
                      )}{' '}
                      <span className="font-semibold">{formatPriceIn(line.totalPrice, order.currency)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {onOrderAgain && (
              <button
                type="button"
                className="btn btn-sm btn-outline max-sm:btn-md"
                onClick={() => onOrderAgain(order)}
                disabled={orderingAgain}
                aria-label={t.orderAgainOf(orderingAgain ? t.addingToCart : t.orderAgain, product)}
              >
                <RotateCcw className="size-4" aria-hidden="true" />
                {orderingAgain ? t.addingToCart : t.orderAgain}
              </button>
            )}
          </div>
        </td>
      </tr>
    </>
  );
}

function OrderRow({
  order,
  product,
  onCancel,
  expired,
}: {
  order: Order;
  product: string;
  onCancel: (order: Order) => void;
  expired: boolean;
}) {
  const t = useTexts(orderDeskTexts);
  return (
    <tr className={`${cardTable.row} max-sm:rounded-b-none!`}>
      <th scope="row" data-label={t.product} className={`font-semibold ${cardTable.title}`}>
        {product}
      </th>
      <OrderCells order={order} stateLabel={t.states[order.status]} />
      <td data-label={t.reservationPayment} className={`text-sm ${cardTable.field}`}>
        <PaymentInfo order={order} expired={expired} />
      </td>
      <td className={cardTable.actions}>
        {mayCancel(order, 'buyer') && (
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            {isUnpaid(order) && !expired && (
              <Link
                to={`/dashboard/payment/${order._id}`}
                className="btn btn-sm btn-primary max-sm:btn-md max-sm:flex-1"
              >
                {t.pay}
                <span className="sr-only">{t.payFor(product)}</span>
              </Link>
            )}
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error max-sm:btn-md max-sm:flex-1"
              onClick={() => onCancel(order)}
            >
              {t.cancel}
              <span className="sr-only">{t.cancelFor(product)}</span>
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

function PaymentInfo({ order, expired }: { order: Order; expired: boolean }) {
  const t = useTexts(orderDeskTexts);
  const shopTime = useShopTime();
  const at = (iso: string) => <time dateTime={iso}>{shopTime(iso)}</time>;
  if (isAwaitingApproval(order)) return <span>{t.awaitingApproval}</span>;
  if (isUnpaid(order)) {
    return expired ? (
      <span className="text-error">{t.expired}</span>
    ) : (
      <span>{withNodes(t.reservedUntil, at(order.holdUntil))}</span>
    );
  }
  return (
    <span className="flex flex-col gap-0.5">
      {isShipped(order) && order.shippedAt && <span>{withNodes(t.shippedOn, at(order.shippedAt))}</span>}
      {order.paidAt && isPaid(order.status) && !isShipped(order) && (
        <span>{withNodes(t.paidOn, at(order.paidAt))}</span>
      )}
      {isCancelled(order) && order.cancelledAt && (
        <span>{withNodes(t.cancelledOn, at(order.cancelledAt))}</span>
      )}
      {order.transactionId && (
        <span className="break-all">
          {withNodes(t.transaction, <code className="font-mono text-xs">{order.transactionId}</code>)}
        </span>
      )}
    </span>
  );
}
