import { placeOrder as placeOrderEndpoint } from '@kanna/shared/api/orders';
import type { PlaceOrderRequest } from '@kanna/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * One order for every line of the cart, with the total the buyer saw: every line is reserved or
 * none (409/400 with `errors` naming `lines.N.quantity`), a total that changed meanwhile is 409.
 */
const placeCartOrder = (body: PlaceOrderRequest) => call(placeOrderEndpoint, { body });

export function usePlaceCartOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeCartOrder,
    // Placed or refused, stock and maybe prices moved: read the tools and the orders again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
      ]),
  });
}
