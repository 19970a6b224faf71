import { messages } from '@kanna/shared/domain/messages';
import { formatPriceIn } from '@kanna/shared/domain/money';
import { partlyPaidJa } from '@kanna/shared/domain/orders-ja';
import { partlyPaidLabel } from '@kanna/shared/domain/transfers';
import type { Order } from '@kanna/shared/orders';
import { cardTable } from '../../../components/ui/card-table';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { orderCellTexts } from '../i18n/cells';
import { StateBadge } from './state-badge';

/**
 * An order's quantity, total (what the buyer pays: goods, shipping and tax) and state cells, as the buyer's and the admin's tables show them.
 * The quantity of a trade order is every line's pieces together, with how many lines.
 */
export function OrderCells({ order, stateLabel }: { order: Order; stateLabel: string }) {
  const t = useTexts(orderCellTexts);
  const say = useSay();
  const language = useLanguage();
  const partlyPaid =
    partlyPaidLabel(order) &&
    (language === 'ja' ? partlyPaidJa(order.amountPaid, order.amountDue) : partlyPaidLabel(order));
  const lines = order.lines.length;
  const pieces = lines > 1 ? order.lines.reduce((sum, l) => sum + l.quantity, 0) : order.quantity;
  return (
    <>
      <td data-label={t.quantity} className={`tabular-nums ${cardTable.field}`}>
        <span>
          {pieces}
          {lines > 1 && <span className="text-base-content/80">{t.inLines(lines)}</span>}
        </span>
      </td>
      <td data-label={t.total} className={`tabular-nums ${cardTable.field}`}>
        {formatPriceIn(order.amountDue, order.currency)}
      </td>
      <td data-label={t.state} className={cardTable.field}>
        <span className="flex flex-wrap items-center gap-1">
          <StateBadge status={order.status} label={stateLabel} />
          {order.testPayment && (
            <span className="badge badge-outline whitespace-nowrap" title={t.testPaymentTitle}>
              {t.testPayment}
            </span>
          )}
          {partlyPaid && <span className="badge badge-warning whitespace-nowrap">{partlyPaid}</span>}
          {order.refundedAt && (
            <span className="badge badge-outline whitespace-nowrap" title={say(messages.paymentRefunded)}>
              {t.refunded}
            </span>
          )}
        </span>
      </td>
    </>
  );
}
