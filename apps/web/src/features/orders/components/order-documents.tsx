import { documentFileName, documentPath, documentsOf } from '@kanna/shared/domain/documents';
import type { Order } from '@kanna/shared/orders';
import { FileDown } from 'lucide-react';
import { useTexts } from '../../../lib/i18n';
import { orderDeskTexts } from '../i18n/desk';
import { OrderSection } from './order-details';

/**
 * The order's PDF documents in its state (docs/orders.md, "Documents"): the pro-forma
 * invoice while it is unpaid; the invoice, receipt and delivery note once it is paid. Plain
 * links to the API: the browser downloads them with the buyer's (or admin's) session.
 */
export function OrderDocuments({ order }: { order: Pick<Order, '_id' | 'number' | 'status'> }) {
  const t = useTexts(orderDeskTexts);
  const kinds = documentsOf(order.status);
  if (kinds.length === 0) return null;
  return (
    <OrderSection id="order-documents" title={t.documents}>
      <ul className="flex flex-col gap-1">
        {kinds.map((kind) => (
          <li key={kind}>
            <a
              className="group inline-flex items-center gap-2 py-1"
              href={documentPath(order._id, kind)}
              download={documentFileName(order.number, kind)}
            >
              <FileDown className="size-4 shrink-0" aria-hidden="true" />
              <span className="underline group-hover:no-underline">{t.documentTitles[kind]}</span>{' '}
              <span className="text-sm text-base-content/80">{t.pdf}</span>
            </a>
          </li>
        ))}
      </ul>
    </OrderSection>
  );
}
