import { shipOrder as shipOrderEndpoint } from '@kanna/shared/api/orders';
import type { ShipRequest } from '@kanna/shared/orders';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** Which order to ship, with the carrier and tracking number when the admin gave them. */
type ShipInput = { id: string } & NonNullable<ShipRequest>;

/**
 * An administrator marks a paid order shipped (409 unless paid); the buyer is mailed, with the
 * carrier and tracking number when given. Without either the body is left out, as the spec's
 * call sends it.
 */
const shipOrder = ({ id, carrier, trackingNumber }: ShipInput) => {
  const body = {
    ...(carrier ? { carrier } : {}),
    ...(trackingNumber ? { trackingNumber } : {}),
  };
  return call(shipOrderEndpoint, {
    params: { id },
    ...(Object.keys(body).length > 0 ? { body } : {}),
  });
};

/** Ships an order; every list of orders and its page load again. */
export const useShipOrder = () =>
  useMutationThenReload(shipOrder, { reload: 'settled', keys: [queryKeys.orders.all] });
