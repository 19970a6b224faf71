import { createPaymentIntent as createPaymentIntentEndpoint } from '@kanna/shared/api/payments';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The server makes (or finds: one per order) the payment intent for the order's own amount.
 * 409 with the reason when the order is paid, cancelled or its hold has run out.
 */
const createPaymentIntent = (orderId: string) => call(createPaymentIntentEndpoint, { body: { orderId } });

/**
 * Asked for once when the payment form opens; the answer is the same intent every time, so it
 * is safe as a query. Forgotten when the page closes.
 */
export const usePaymentIntent = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.paymentIntent(orderId),
    queryFn: () => createPaymentIntent(orderId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
