import { getTool as getToolEndpoint } from '@kanna/shared/api/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** One tool as it is today (404 when it is unknown or was taken off sale). */
const getTool = (id: string, signal?: AbortSignal) => call(getToolEndpoint, { params: { id } }, { signal });

/**
 * For the purchase page, the cart's lines, Order again and the admin's `?edit=`. Under the
 * catalogue's key on purpose: an order or an admin's edit invalidates `queryKeys.tools.all`,
 * which refreshes these and the catalogue's lists together.
 */
export const toolQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tools.detail(id),
    queryFn: ({ signal }) => getTool(id, signal),
    // What is available changes with every order: look again whenever a screen opens.
    staleTime: 0,
  });

/** One tool; not asked while `id` is null. */
export const useTool = (id: string | null) => useQuery({ ...toolQuery(id ?? ''), enabled: id !== null });
