import { cancelOrder as cancelOrderEndpoint } from '@kanna/shared/api/orders';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** Cancels an unpaid order and gives its stock back (409 once paid). */
const cancelOrder = (id: string) => call(cancelOrderEndpoint, { params: { id } });

export const useCancelOrder = () =>
  useMutationThenReload(cancelOrder, {
    reload: 'settled',
    keys: [queryKeys.orders.all, queryKeys.tools.all],
  });
