import { CartPage } from '../../features/cart/pages/cart-page';
import { RequestQuote } from '../../features/quotes/components/request-quote';

/** /cart with what other features add to it: a buyer's request for a quote for the cart's lines. */
export function CartWithQuotes() {
  return <CartPage extra={(lines) => <RequestQuote lines={lines} />} />;
}
