import {
  acceptQuote as acceptQuoteEndpoint,
  createQuote as createQuoteEndpoint,
  declineQuote as declineQuoteEndpoint,
  getQuote as getQuoteEndpoint,
  listMyQuoteRequests,
  listQuotes,
  withdrawQuote as withdrawQuoteEndpoint,
} from '@kanna/shared/api/quotes';
import type { AcceptQuoteRequest, CreateQuoteRequest } from '@kanna/shared/quotes';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { flattenPages } from '../../../components/ui/load-more';
import { call, callPage } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** Quotes, newest first, page by page: a buyer's own, an admin's every one. */
const quotesQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.quotes.list,
  queryFn: ({ pageParam, signal }) =>
    callPage(listQuotes, { query: { cursor: pageParam ?? undefined } }, { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next,
  select: (data) => flattenPages(data),
  staleTime: 0,
});
export const useQuotes = () => useInfiniteQuery(quotesQueryOptions);

/** The buyer's own requests for a quote, newest first, page by page. */
const myRequestsQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.quoteRequests.mine,
  queryFn: ({ pageParam, signal }) =>
    callPage(listMyQuoteRequests, { query: { cursor: pageParam ?? undefined } }, { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next,
  select: (data) => flattenPages(data),
  staleTime: 0,
});
export const useMyQuoteRequests = (enabled: boolean) =>
  useInfiniteQuery({ ...myRequestsQueryOptions, enabled });

/** One quote (its buyer, their company's owner, an admin; 404 for anyone else). */
export const useQuote = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.quotes.detail(id),
      queryFn: ({ signal }) => call(getQuoteEndpoint, { params: { id } }, { signal }),
      staleTime: 0,
    }),
  );

const reloaded = [queryKeys.quotes.all];

/** The admin answers with a quote; the quotes load again. */
export const useCreateQuote = () =>
  useMutationThenReload((body: CreateQuoteRequest) => call(createQuoteEndpoint, { body }), {
    reload: 'success',
    keys: reloaded,
  });

/** The buyer accepts a quote into an order: the quotes and the orders load again. */
export const useAcceptQuote = (id: string) =>
  useMutationThenReload((body: AcceptQuoteRequest) => call(acceptQuoteEndpoint, { params: { id }, body }), {
    reload: 'settled',
    keys: [...reloaded, queryKeys.orders.all],
  });

/** The buyer declines a quote. */
export const useDeclineQuote = (id: string) =>
  useMutationThenReload(() => call(declineQuoteEndpoint, { params: { id } }), {
    reload: 'settled',
    keys: reloaded,
  });

/** The shop withdraws a quote. */
export const useWithdrawQuote = (id: string) =>
  useMutationThenReload(() => call(withdrawQuoteEndpoint, { params: { id } }), {
    reload: 'settled',
    keys: reloaded,
  });
