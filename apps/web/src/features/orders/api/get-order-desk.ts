import { getOrderDesk as getOrderDeskEndpoint } from '@kanna/shared/api/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * One order whole: buyer, lines, payments and history, and for an admin the notes. The buyer
 * who placed it or an admin; anyone else gets the 404 a missing order gets.
 */
const getOrderDesk = (id: string, signal?: AbortSignal) =>
  call(getOrderDeskEndpoint, { params: { id } }, { signal });

/** Under the orders' key, so whatever changes an order (paying, shipping, cancelling) refreshes it. */
const orderDeskQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.desk(id),
    queryFn: ({ signal }) => getOrderDesk(id, signal),
    // Payment, shipping and notes happen elsewhere (the buyer, another admin): look again on every visit.
    staleTime: 0,
  });

export const useOrderDesk = (id: string) => useQuery(orderDeskQueryOptions(id));
