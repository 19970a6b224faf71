import type { Tool } from '@kanna/shared/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/handTools — the newest first; `limit` keeps only the first N (home shows 8). */
export const getTools = (limit?: number, signal?: AbortSignal): Promise<Tool[]> =>
  apiGet<Tool[]>(limit === undefined ? '/api/handTools' : `/api/handTools?limit=${limit}`, signal);

export const toolsQueryOptions = (limit?: number) =>
  queryOptions({
    queryKey: ['tools', 'list', { limit: limit ?? 'all' }],
    queryFn: ({ signal }) => getTools(limit, signal),
  });

export const useTools = (limit?: number) => useQuery(toolsQueryOptions(limit));
