import { PurchasePage } from '../../features/orders/pages/purchase-page';
import { RequestQuote } from '../../features/quotes/components/request-quote';

/** /purchase/{id} with what other features add to it: a request for a quote for this tool, beside Contact Supplier. */
export function PurchaseWithQuotes() {
  return (
    <PurchasePage
      extra={(tool) => <RequestQuote tool={{ toolId: tool._id, minQuantity: tool.minQuantity }} />}
    />
  );
}
