import type { EnquiryRequest } from '@kanna/shared/orders';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export type EnquiryResponse = {
  acknowledged: true;
  insertedId: string;
  quoteRequest: boolean;
  /** What to tell the buyer: a message sent, or a quote requested when more is wanted than is available. */
  message: string;
};

/** POST /api/enquiries — Contact Supplier on the purchase page. */
export const sendEnquiry = (input: EnquiryRequest): Promise<EnquiryResponse> =>
  apiPost<EnquiryResponse>('/api/enquiries', input);

export const useSendEnquiry = () => useMutation({ mutationFn: sendEnquiry });
