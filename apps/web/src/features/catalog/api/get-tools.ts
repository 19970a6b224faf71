import type { Tool, ToolKind } from '@kanna/shared/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ToolSort } from '../tool-format';

/** What GET /api/handTools can be asked: the first `limit` tools, matching `search` and `kind`, in `sort` order. */
export interface ToolListParams {
  limit?: number;
  search?: string;
  sort?: ToolSort;
  kind?: ToolKind;
}

/**
 * Every tools query starts with this key, so a change to the catalogue (add, edit, delete)
 * invalidates them all at once: `queryClient.invalidateQueries({ queryKey: toolsKey })`.
 */
export const toolsKey = ['tools'] as const;

/** The query string for `params`, leaving out what is not set (newest first is the server's default). */
export function toolListSearch({ limit, search, sort, kind }: ToolListParams): string {
  const query = new URLSearchParams();
  if (limit !== undefined) query.set('limit', String(limit));
  if (search?.trim()) query.set('search', search.trim());
  if (sort && sort !== 'newest') query.set('sort', sort);
  if (kind) query.set('kind', kind);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** GET /api/handTools — the newest first unless sorted; home asks for the first 8. */
export const getTools = (params: ToolListParams = {}, signal?: AbortSignal): Promise<Tool[]> =>
  apiGet<Tool[]>(`/api/handTools${toolListSearch(params)}`, signal);

export const toolsQueryOptions = (params: ToolListParams = {}) =>
  queryOptions({
    queryKey: [...toolsKey, 'list', toolListSearch(params)],
    queryFn: ({ signal }) => getTools(params, signal),
  });

/** The tools for `params`; while a new search loads, the previous results stay on screen. */
export const useTools = (params: ToolListParams = {}) =>
  useQuery({ ...toolsQueryOptions(params), placeholderData: keepPreviousData });
