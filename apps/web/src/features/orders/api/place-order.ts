import { placeOrder as placeOrderEndpoint } from '@kanna/shared/api/orders';
import type { PlaceOrderRequest } from '@kanna/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Places an order. The server takes the price from the database; the `perPrice` and
 * `totalPrice` the buyer saw go along so that a price changed meanwhile is refused (409)
 * rather than charged.
 */
const placeOrder = (body: PlaceOrderRequest) => call(placeOrderEndpoint, { body });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Success or refusal, the stock (and maybe the price) has moved: read the tool again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]),
  });
}
