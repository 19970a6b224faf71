import { addOrderNote as addOrderNoteEndpoint } from '@kanna/shared/api/orders';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** An administrator's note on an order, seen by administrators only. */
const addOrderNote = ({ id, text }: { id: string; text: string }) =>
  call(addOrderNoteEndpoint, { params: { id }, body: { text } });

/** Adds a note; the order's page loads again with it (and its event in the history). */
export const useAddOrderNote = () =>
  useMutationThenReload(addOrderNote, { reload: 'success', keys: ({ id }) => [queryKeys.orders.desk(id)] });
