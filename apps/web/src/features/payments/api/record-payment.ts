import type { Order } from '@kanna/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * PATCH /api/order/{id} — tells the server the card payment went through. The server asks the
 * payment provider itself before it marks the order paid; the transaction id is only a hint.
 */
export const recordPayment = ({ orderId, transactionId }: { orderId: string; transactionId: string }) =>
  apiRequest<Order>(`/api/order/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: JSON.stringify({ order_id: orderId, transactionId }),
  });

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: (order) => {
      queryClient.setQueryData(['orders', 'detail', order._id], order);
      return queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
