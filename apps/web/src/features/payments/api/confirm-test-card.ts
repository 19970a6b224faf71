import { confirmTestCard as confirmTestCardEndpoint } from '@kanna/shared/api/payments';
import type { TestCardPayment } from '@kanna/shared/orders';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * Test mode only: charges one of Stripe's test cards against the intent. A refused card
 * answers 402 with the provider's message ('Your card was declined.').
 */
const confirmTestCard = (body: TestCardPayment) => call(confirmTestCardEndpoint, { body });

export const useConfirmTestCard = () => useMutation({ mutationFn: confirmTestCard });
