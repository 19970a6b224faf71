import type { Order } from '@kanna/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/order/{email} — the signed-in buyer's orders, newest first (cancelled ones are not
 * listed). Spec §4: a 401 or a 403 here ends the session (the layout then goes to /login).
 */
export const getMyOrders = (email: string, signal?: AbortSignal): Promise<Order[]> =>
  apiRequest<Order[]>(`/api/order/${encodeURIComponent(email)}`, { signal, signOutOn403: true });

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['orders', 'mine', email],
    queryFn: ({ signal }) => getMyOrders(email, signal),
    // Payment and shipping happen elsewhere (another tab, the admin): look again on every visit.
    staleTime: 0,
  });

export const useMyOrders = (email: string) => useQuery(myOrdersQueryOptions(email));
