import { cancelOrderByShop as cancelOrderByShopEndpoint } from '@kanna/shared/api/orders';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/**
 * An administrator cancels an order that has not shipped, saying why: its stock returns and a
 * paid order is refunded in full (409 once shipped). The answer is the order as it now stands.
 */
const cancelOrderByShop = ({ id, reason }: { id: string; reason: string }) =>
  call(cancelOrderByShopEndpoint, { params: { id }, body: { reason } });

/** Cancels an order as the shop; its page shows the answer at once, the lists and the stock load again. */
export const useCancelOrderByShop = () =>
  useMutationThenReload(cancelOrderByShop, {
    reload: 'settled',
    keys: [queryKeys.orders.all, queryKeys.tools.all],
    answerIs: (order) => queryKeys.orders.desk(order._id),
  });
