import { placeOrder as placeOrderEndpoint } from '@kanna/shared/api/orders';
import type { PlaceOrderRequest } from '@kanna/shared/orders';
import { call } from '../lib/api-client';
import { useMutationThenReload } from '../lib/mutation';
import { queryKeys } from '../lib/query-keys';

/**
 * Places one order: the purchase page's one line, or every line of the cart. The server takes
 * the prices from the database; the `perPrice` and `totalPrice` the buyer saw go along, so a
 * price changed meanwhile is refused (409) rather than charged. Every line is reserved or none
 * (409/400 with `errors` naming `lines.N.quantity`).
 */
const placeOrder = (body: PlaceOrderRequest) => call(placeOrderEndpoint, { body });

export const usePlaceOrder = () =>
  // Placed or refused, the stock (and maybe the prices) has moved: read the tools and the orders again.
  useMutationThenReload(placeOrder, { reload: 'settled', keys: [queryKeys.tools.all, queryKeys.orders.all] });
