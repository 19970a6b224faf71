import { reportPayment } from '@kanna/shared/api/orders';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Tells the server the card payment went through. The server asks the payment provider itself
 * before it marks the order paid; the transaction id is only a hint.
 */
const recordPayment = ({ orderId, transactionId }: { orderId: string; transactionId: string }) =>
  call(reportPayment, { params: { id: orderId }, body: { order_id: orderId, transactionId } });

export const useRecordPayment = () =>
  useMutationThenReload(recordPayment, {
    reload: 'success',
    keys: [queryKeys.orders.all],
    answerIs: (order) => queryKeys.orders.detail(order._id),
  });
