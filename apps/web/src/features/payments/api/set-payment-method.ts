import { setPaymentMethod as setPaymentMethodEndpoint } from '@kanna/shared/api/orders';
import type { PaymentMethod } from '@kanna/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Card or bank transfer for an unpaid order. Transfer holds the stock longer (until the order was
 * placed plus the shop's transfer hold days); card is refused above the card limit (400) and once
 * part of the order is paid by transfer (409). The answer is the order as it now is.
 */
const setPaymentMethod = ({ orderId, paymentMethod }: { orderId: string; paymentMethod: PaymentMethod }) =>
  call(setPaymentMethodEndpoint, { params: { id: orderId }, body: { paymentMethod } });

/** Switches how the order is paid; the payment page shows the answer at once, every order view loads again. */
export function useSetPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentMethod,
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order._id), order);
      return queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
