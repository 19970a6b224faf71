import type { TestCardPayment } from '@kanna/shared/orders';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export type TestCardResult = { status: 'succeeded'; transactionId: string };

/**
 * POST /api/test-payments/confirm — test mode only: charges one of Stripe's test cards against
 * the intent. A refused card answers 402 with the provider's message ('Your card was declined.').
 */
export const confirmTestCard = (input: TestCardPayment): Promise<TestCardResult> =>
  apiPost<TestCardResult>('/api/test-payments/confirm', input);

export const useConfirmTestCard = () => useMutation({ mutationFn: confirmTestCard });
