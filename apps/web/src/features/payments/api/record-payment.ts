import { reportPayment } from '@kanna/shared/api/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Tells the server the card payment went through. The server asks the payment provider itself
 * before it marks the order paid; the transaction id is only a hint.
 */
const recordPayment = ({ orderId, transactionId }: { orderId: string; transactionId: string }) =>
  call(reportPayment, { params: { id: orderId }, body: { order_id: orderId, transactionId } });

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order._id), order);
      return queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
