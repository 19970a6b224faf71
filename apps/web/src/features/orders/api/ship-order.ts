import { shipOrder as shipOrderEndpoint } from '@kanna/shared/api/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** An administrator marks a paid order shipped (409 unless paid). */
const shipOrder = (id: string) => call(shipOrderEndpoint, { params: { id } });

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
