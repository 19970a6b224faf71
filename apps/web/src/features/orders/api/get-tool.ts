import type { Tool } from '@kanna/shared/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/handTools/{id} — the tool on the purchase page (404 when it is unknown or removed). */
export const getTool = (id: string, signal?: AbortSignal): Promise<Tool> =>
  apiGet<Tool>(`/api/handTools/${encodeURIComponent(id)}`, signal);

/**
 * Under the catalogue's 'tools' key on purpose: placing an order changes what is available,
 * and invalidating ['tools'] refreshes this page and the catalogue lists together.
 */
export const toolQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['tools', 'detail', id],
    queryFn: ({ signal }) => getTool(id, signal),
    // What is available changes with every order: look again whenever the page opens.
    staleTime: 0,
  });

export const useTool = (id: string) => useQuery(toolQueryOptions(id));
