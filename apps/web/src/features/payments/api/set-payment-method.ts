import { setPaymentMethod as setPaymentMethodEndpoint } from '@kanna/shared/api/orders';
import type { SwitchablePaymentMethod } from '@kanna/shared/orders';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Card or bank transfer for an unpaid order. Transfer holds the stock longer (until the order was
 * placed plus the shop's transfer hold days); card is refused above the card limit (400) and once
 * part of the order is paid by transfer (409). The answer is the order as it now is.
 */
const setPaymentMethod = ({
  orderId,
  paymentMethod,
}: {
  orderId: string;
  paymentMethod: SwitchablePaymentMethod;
}) => call(setPaymentMethodEndpoint, { params: { id: orderId }, body: { paymentMethod } });

/** Switches how the order is paid; the payment page shows the answer at once, every order view loads again. */
export const useSetPaymentMethod = () =>
  useMutationThenReload(setPaymentMethod, {
    reload: 'success',
    keys: [queryKeys.orders.all],
    answerIs: (order) => queryKeys.orders.detail(order._id),
  });
