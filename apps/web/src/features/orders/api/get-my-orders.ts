import { listMyOrders } from '@kanna/shared/api/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAll } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The signed-in buyer's orders (every page), newest first (cancelled ones are not listed).
 * Spec §4: a 401 or a 403 here ends the session (the layout then goes to /login).
 */
export const getMyOrders = (email: string, signal?: AbortSignal) =>
  callAll(listMyOrders, { params: { email } }, { signal, signOutOn403: true });

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.orders.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
    // Payment and shipping happen elsewhere (another tab, the admin): look again on every visit.
    staleTime: 0,
  });

export const useMyOrders = (email: string) => useQuery(myOrdersQueryOptions(email));
