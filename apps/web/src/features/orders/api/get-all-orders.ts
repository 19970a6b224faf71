import { listOrders } from '@kanna/shared/api/orders';
import { DEFAULT_PAGE_SIZE } from '@kanna/shared/domain/limits';
import type { OrderStatus } from '@kanna/shared/orders';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { flattenPages } from '../../../components/ui/load-more';
import { callPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * What the admin filters all orders by, as the address keeps it: '' is "any"; `from` and `to`
 * are days (`2026-11-24`) in the admin's own time zone, both included.
 */
export interface OrderListFilters {
  status: OrderStatus | '';
  q: string;
  from: string;
  to: string;
  /** Orders per page. */
  limit: number;
}

/** A `YYYY-MM-DD` day at local midnight, or null when it is not a real day. */
function localDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

export const isDay = (day: string): boolean => localDay(day) !== null;

/**
 * The filters as the API takes them (the list and the CSV export): unset ones left out, the
 * days turned into the admin's local midnight (`from`) and the last millisecond of `to`, so
 * "24 November" means the admin's 24 November and not UTC's.
 */
export function orderFiltersQuery(filters: Omit<OrderListFilters, 'limit'>) {
  const from = localDay(filters.from);
  const to = localDay(filters.to);
  const end = to ? new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1).getTime() - 1 : null;
  return {
    status: filters.status || undefined,
    q: filters.q.trim() || undefined,
    from: from ? from.toISOString() : undefined,
    to: end === null ? undefined : new Date(end).toISOString(),
  };
}

/** One page of the admin's orders (newest first) after `cursor`, and the next page's cursor. */
const getAllOrdersPage = (filters: OrderListFilters, cursor: string | null, signal?: AbortSignal) =>
  callPage(
    listOrders,
    {
      query: {
        ...orderFiltersQuery(filters),
        limit: filters.limit === DEFAULT_PAGE_SIZE ? undefined : filters.limit,
        cursor: cursor ?? undefined,
      },
    },
    { signal },
  );

const allOrdersQueryOptions = (filters: OrderListFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders.admin({
      ...orderFiltersQuery(filters),
      limit: filters.limit,
    }),
    queryFn: ({ pageParam, signal }) => getAllOrdersPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: (data) => flattenPages(data),
    staleTime: 0,
  });

/** The orders matching `filters`, page by page; the last list stays on screen while other filters load. */
export const useAllOrders = (filters: OrderListFilters) =>
  useInfiniteQuery({ ...allOrdersQueryOptions(filters), placeholderData: keepPreviousData });
