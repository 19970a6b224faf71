import { recordPayment as recordPaymentEndpoint } from '@kanna/shared/api/orders';
import type { RecordPaymentRequest } from '@kanna/shared/orders';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/**
 * An administrator records money received by bank transfer on an order: the order is paid once the
 * recorded sum reaches its amount due; money on a cancelled order, or beyond what is due, is
 * flagged to be given back. The same payment recorded again within minutes is refused (409). The
 * answer is the order as it now stands.
 */
const recordTransfer = ({ id, ...body }: { id: string } & RecordPaymentRequest) =>
  call(recordPaymentEndpoint, { params: { id }, body });

/** Records a payment; the order's page shows the answer at once, the lists load again. */
export const useRecordTransfer = () =>
  useMutationThenReload(recordTransfer, {
    reload: 'settled',
    keys: [queryKeys.orders.all],
    answerIs: (order) => queryKeys.orders.desk(order._id),
  });
