import type { Order } from '@kanna/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/order/{email} — the signed-in buyer's orders, newest first (cancelled ones are not listed). */
export const getMyOrders = (email: string, signal?: AbortSignal): Promise<Order[]> =>
  apiGet<Order[]>(`/api/order/${encodeURIComponent(email)}`, signal);

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['orders', 'mine', email],
    queryFn: ({ signal }) => getMyOrders(email, signal),
    // Payment and shipping happen elsewhere (another tab, the admin): look again on every visit.
    staleTime: 0,
  });

export const useMyOrders = (email: string) => useQuery(myOrdersQueryOptions(email));
