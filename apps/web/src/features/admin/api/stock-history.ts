import { getStockHistory } from '@kanna/shared/api/catalog';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { flattenPages } from '../../../components/ui/load-more';
import { callPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One page of a tool's stock history (admin), newest first, after `cursor`. */
const getStockPage = (toolId: string, cursor: string | null, signal?: AbortSignal) =>
  callPage(getStockHistory, { params: { id: toolId }, query: { cursor: cursor ?? undefined } }, { signal });

const stockHistoryOptions = (toolId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.tools.stock(toolId),
    queryFn: ({ pageParam, signal }) => getStockPage(toolId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: (data) => flattenPages(data),
    // Every opening shows the history as it is now.
    staleTime: 0,
  });

/** A tool's stock history, page by page ("Load more"); nothing is asked while `toolId` is null. */
export const useStockHistory = (toolId: string | null) =>
  useInfiniteQuery({ ...stockHistoryOptions(toolId ?? ''), enabled: toolId !== null });
