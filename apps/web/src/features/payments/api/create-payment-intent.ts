import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export type PaymentIntentResponse = { clientSecret: string };

/**
 * POST /api/create-payment-intent — the server makes (or finds: one per order) the payment
 * intent for the order's own amount. 409 with the reason when the order is paid, cancelled or
 * its hold has run out.
 */
export const createPaymentIntent = (orderId: string): Promise<PaymentIntentResponse> =>
  apiPost<PaymentIntentResponse>('/api/create-payment-intent', { orderId });

/**
 * Asked for once when the payment form opens; the answer is the same intent every time, so it
 * is safe as a query. Forgotten when the page closes.
 */
export const usePaymentIntent = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['payments', 'intent', orderId],
    queryFn: () => createPaymentIntent(orderId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
