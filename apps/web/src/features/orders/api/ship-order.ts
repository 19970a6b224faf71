import type { Order } from '@kanna/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/order/{id}/ship — an administrator marks a paid order shipped (409 unless paid). */
export const shipOrder = (id: string): Promise<Order> =>
  apiRequest<Order>(`/api/order/${encodeURIComponent(id)}/ship`, { method: 'PATCH' });

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
