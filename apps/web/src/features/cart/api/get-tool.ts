import { getTool as getToolEndpoint } from '@kanna/shared/api/catalog';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A tool of the cart, as it is today (404 when it was taken off sale). */
const getTool = (id: string, signal?: AbortSignal) => call(getToolEndpoint, { params: { id } }, { signal });

/** Under the catalogue's key: an order or an admin's edit refreshes the cart's lines too. */
export const toolQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tools.detail(id),
    queryFn: ({ signal }) => getTool(id, signal),
    staleTime: 30_000,
  });
