import type { Order, OrderStatus } from '@kanna/shared/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/order[?status=…] — every order, for administrators; newest first. */
export const getAllOrders = (status: OrderStatus | undefined, signal?: AbortSignal): Promise<Order[]> =>
  apiGet<Order[]>(status ? `/api/order?status=${status}` : '/api/order', signal);

export const allOrdersQueryOptions = (status: OrderStatus | undefined) =>
  queryOptions({
    queryKey: ['orders', 'all', status ?? 'any'],
    queryFn: ({ signal }) => getAllOrders(status, signal),
    staleTime: 0,
  });

/** Keeps the last table on screen while another state's orders load. */
export const useAllOrders = (status: OrderStatus | undefined) =>
  useQuery({ ...allOrdersQueryOptions(status), placeholderData: keepPreviousData });
