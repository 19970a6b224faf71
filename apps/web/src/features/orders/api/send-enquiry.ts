import { sendEnquiry as sendEnquiryEndpoint } from '@kanna/shared/api/orders';
import type { EnquiryRequest } from '@kanna/shared/orders';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * Contact Supplier on the purchase page. The answer's `message` is what to tell the buyer: a
 * message sent, or a quote requested when more is wanted than is available.
 */
const sendEnquiry = (body: EnquiryRequest) => call(sendEnquiryEndpoint, { body });

export const useSendEnquiry = () => useMutation({ mutationFn: sendEnquiry });
