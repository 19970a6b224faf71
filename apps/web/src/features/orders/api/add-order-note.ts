import { addOrderNote as addOrderNoteEndpoint } from '@kanna/shared/api/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** An administrator's note on an order, seen by administrators only. */
const addOrderNote = ({ id, text }: { id: string; text: string }) =>
  call(addOrderNoteEndpoint, { params: { id }, body: { text } });

/** Adds a note; the order's page loads again with it (and its event in the history). */
export function useAddOrderNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOrderNote,
    onSuccess: (_note, { id }) => queryClient.invalidateQueries({ queryKey: queryKeys.orders.desk(id) }),
  });
}
