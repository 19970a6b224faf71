import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type CancelOrderResponse = { acknowledged: true; deletedCount: number };

/** DELETE /api/order/{id} — cancels an unpaid order and gives its stock back (409 once paid). */
export const cancelOrder = (id: string): Promise<CancelOrderResponse> =>
  apiRequest<CancelOrderResponse>(`/api/order/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['tools'] }),
      ]),
  });
}
