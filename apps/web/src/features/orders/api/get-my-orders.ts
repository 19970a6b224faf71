import { listMyOrders } from '@kanna/shared/api/orders';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * One page of the signed-in buyer's orders, newest first (cancelled ones too, marked so), and
 * the cursor of the next. Spec §4: a 401 or a 403 here ends the session (the layout then goes
 * to /login).
 */
const getMyOrders = (email: string, cursor: string | null, signal?: AbortSignal) =>
  callPage(
    listMyOrders,
    { params: { email }, ...(cursor ? { query: { cursor } } : {}) },
    { signal, signOutOn403: true },
  );

const myOrdersQueryOptions = (email: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders.mine(email),
    queryFn: ({ pageParam, signal }) => getMyOrders(email, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // Payment and shipping happen elsewhere (another tab, the admin): look again on every visit.
    staleTime: 0,
  });

/** The pages loaded so far; `fetchNextPage` loads one more ("Load more"). */
export const useMyOrders = (email: string) => useInfiniteQuery(myOrdersQueryOptions(email));
