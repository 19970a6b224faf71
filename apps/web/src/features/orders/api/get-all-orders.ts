import { listOrders } from '@kanna/shared/api/orders';
import type { OrderStatus } from '@kanna/shared/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAll } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every order (every page), for administrators; newest first; only one state's when `status` is set. */
export const getAllOrders = (status: OrderStatus | undefined, signal?: AbortSignal) =>
  callAll(listOrders, { query: { status } }, { signal });

export const allOrdersQueryOptions = (status: OrderStatus | undefined) =>
  queryOptions({
    queryKey: queryKeys.orders.admin({ status: status ?? 'any' }),
    queryFn: ({ signal }) => getAllOrders(status, signal),
    staleTime: 0,
  });

/** Keeps the last table on screen while another state's orders load. */
export const useAllOrders = (status: OrderStatus | undefined) =>
  useQuery({ ...allOrdersQueryOptions(status), placeholderData: keepPreviousData });
