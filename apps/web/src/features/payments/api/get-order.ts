import { getOrder as getOrderEndpoint } from '@kanna/shared/api/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One of the buyer's orders (404 when it is not theirs). */
const getOrder = (id: string, signal?: AbortSignal) => call(getOrderEndpoint, { params: { id } }, { signal });

/** Under the orders' key so that whatever changes orders (paying, cancelling) refreshes it too. */
const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 0,
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
