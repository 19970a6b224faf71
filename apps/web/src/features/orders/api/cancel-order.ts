import { cancelOrder as cancelOrderEndpoint } from '@kanna/shared/api/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Cancels an unpaid order and gives its stock back (409 once paid). */
const cancelOrder = (id: string) => call(cancelOrderEndpoint, { params: { id } });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
      ]),
  });
}
