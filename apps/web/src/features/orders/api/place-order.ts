import type { PlaceOrderRequest } from '@kanna/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export type PlaceOrderResponse = { acknowledged: true; insertedId: string };

/**
 * POST /api/order. The server takes the price from the database; the `perPrice` and
 * `totalPrice` the buyer saw go along so that a price changed meanwhile is refused (409)
 * rather than charged.
 */
export const placeOrder = (input: PlaceOrderRequest): Promise<PlaceOrderResponse> =>
  apiPost<PlaceOrderResponse>('/api/order', input);

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Success or refusal, the stock (and maybe the price) has moved: read the tool again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tools'] }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
