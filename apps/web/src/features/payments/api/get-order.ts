import type { Order } from '@kanna/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/orders/order/{id} — one of the buyer's orders (404 when it is not theirs). */
export const getOrder = (id: string, signal?: AbortSignal): Promise<Order> =>
  apiGet<Order>(`/api/orders/order/${encodeURIComponent(id)}`, signal);

/** Under ['orders'] so that whatever changes orders (paying, cancelling) refreshes it too. */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 0,
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
