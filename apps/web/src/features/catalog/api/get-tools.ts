import { listTools } from '@kanna/shared/api/catalog';
import type { ToolKind } from '@kanna/shared/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, callAll } from '../../../lib/api-client';
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
 * the whole catalogue, page after page, until /allProduct pages itself.
 */
export const getTools = (params: ToolListParams = {}, signal?: AbortSignal) => {
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
