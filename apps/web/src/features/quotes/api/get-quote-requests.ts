import { listQuoteRequests } from '@kanna/shared/api/quotes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { flattenPages } from '../../../components/ui/load-more';
import { callPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One page of requests for a quote (admin), newest first. Spec §4: a 403 here signs the user out. */
const getQuoteRequestsPage = (cursor: string | null, signal?: AbortSignal) =>
  callPage(listQuoteRequests, { query: { cursor: cursor ?? undefined } }, { signal, signOutOn403: true });

const quoteRequestsQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.quoteRequests.list,
  queryFn: ({ pageParam, signal }) => getQuoteRequestsPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next,
  select: (data) => flattenPages(data),
  staleTime: 0,
});

/** The requests for a quote, page by page. */
export const useQuoteRequests = () => useInfiniteQuery(quoteRequestsQueryOptions);
