import { requestQuote as requestQuoteEndpoint } from '@kanna/shared/api/quotes';
import type { QuoteRequestRequest } from '@kanna/shared/quotes';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** A buyer asks the shop for a quote for these lines, with an optional note. */
const requestQuote = (body: QuoteRequestRequest) => call(requestQuoteEndpoint, { body });

/** Sends a request for a quote; the inbox of requests loads again when it is next shown. */
export const useRequestQuote = () =>
  useMutationThenReload(requestQuote, { reload: 'success', keys: [queryKeys.quoteRequests.all] });
