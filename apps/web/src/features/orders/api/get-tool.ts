import { getTool as getToolEndpoint } from '@kanna/shared/api/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The tool on the purchase page (404 when it is unknown or removed). */
const getTool = (id: string, signal?: AbortSignal) => call(getToolEndpoint, { params: { id } }, { signal });

/**
 * Under the catalogue's key on purpose: placing an order changes what is available, and
 * invalidating `queryKeys.tools.all` refreshes this page and the catalogue lists together.
 */
export const toolQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tools.detail(id),
    queryFn: ({ signal }) => getTool(id, signal),
    // What is available changes with every order: look again whenever the page opens.
    staleTime: 0,
  });

export const useTool = (id: string) => useQuery(toolQueryOptions(id));
