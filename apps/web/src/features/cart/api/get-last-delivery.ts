import { listMyOrders } from '@kanna/shared/api/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Where an order went: its phone, address (as the buyer wrote it) and country. */
export type Delivery = { phone: string; address: string; country: string };

/**
 * Where the buyer's last order went (their newest order, a cancelled one too: the address and
 * phone were theirs either way, and the form lets them change both), or null before their first:
 * the checkout starts from it, so ordering again keeps the address and phone.
 */
const lastDeliveryQuery = (email: string) =>
  queryOptions({
    queryKey: [...queryKeys.orders.mine(email), 'last-delivery'] as const,
    queryFn: async ({ signal }): Promise<Delivery | null> => {
      const [last] = await call(listMyOrders, { params: { email }, query: { limit: 1 } }, { signal });
      return last ? { phone: last.phone, address: last.address, country: last.country } : null;
    },
    enabled: email !== '',
  });

/** The last order's delivery; not asked while `email` is '' (the session is not known yet). */
export const useLastDelivery = (email: string) => useQuery(lastDeliveryQuery(email));
