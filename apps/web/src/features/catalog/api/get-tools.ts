import { listTools } from '@kanna/shared/api/catalog';
import type { Tool, ToolKind } from '@kanna/shared/catalog';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { flattenPages } from '../../../components/ui/load-more';
import { call, callAll, callPage, type PageOf } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ToolSort } from '../tool-format';

/** What the catalogue can be asked: the first `limit` tools, matching `search` and `kind`, in `sort` order. */
export interface ToolListParams {
  limit?: number;
  search?: string;
  sort?: ToolSort;
  kind?: ToolKind;
}

/** The query for `params`, leaving out what is not set (newest first is the server's default). */
const toolListQuery = ({ limit, search, sort, kind }: ToolListParams) => ({
  limit,
  search: search?.trim() || undefined,
  sort: sort && sort !== 'newest' ? sort : undefined,
  kind,
});

/**
 * The newest first unless sorted. With a `limit` (home asks for 8), that many; without one,
 * the whole catalogue, page after page (/allProduct pages: `useToolPages`).
 */
const getTools = (params: ToolListParams = {}, signal?: AbortSignal) => {
  const query = toolListQuery(params);
  return query.limit === undefined
    ? callAll(listTools, { query }, { signal })
    : call(listTools, { query }, { signal });
};

export const toolsQueryOptions = (params: ToolListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.tools.list(toolListQuery(params)),
    queryFn: ({ signal }) => getTools(params, signal),
  });

/** The tools for `params`; while a new search loads, the previous results stay on screen. */
export const useTools = (params: ToolListParams = {}) =>
  useQuery({ ...toolsQueryOptions(params), placeholderData: keepPreviousData });

/** One page of the catalogue for `params`, after `cursor` (null: from the start), and the next page's cursor. */
const getToolsPage = (params: ToolListParams, cursor: string | null, signal?: AbortSignal) =>
  callPage(listTools, { query: { ...toolListQuery(params), cursor: cursor ?? undefined } }, { signal });

/**
 * /allProduct: the catalogue page by page, starting after `start` when the address names a
 * cursor (a crawler or a shared "More tools" link), from the first tool otherwise.
 */
const toolPagesQueryOptions = (params: ToolListParams, start: string | null = null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.tools.pages({ ...toolListQuery(params), start }),
    queryFn: ({ pageParam, signal }) => getToolsPage(params, pageParam, signal),
    initialPageParam: start,
    getNextPageParam: (last) => last.next,
    select: (data) => flattenPages(data),
  });

/** The catalogue page by page; while a new search loads, the previous results stay on screen. */
export const useToolPages = (params: ToolListParams, start: string | null = null) =>
  useInfiniteQuery({ ...toolPagesQueryOptions(params, start), placeholderData: keepPreviousData });

/**
 * Puts the catalogue's first page, newest first with no search or kind (as the server read it for
 * the page it rendered), where /allProduct looks for it: the list then renders without a request.
 */
export function primeFirstToolPage(client: QueryClient, page: PageOf<Tool[]>): void {
  client.setQueryData(toolPagesQueryOptions({}).queryKey, { pages: [page], pageParams: [null] });
}
