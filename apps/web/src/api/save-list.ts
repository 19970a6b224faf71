import { createListFromOrder, createSavedList } from '@kanna/shared/api/quick-order';
import type { CreateListRequest, SavedList } from '@kanna/shared/quick-order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** Saves a list (定番リスト) of tools and quantities: from the cart, or from a quick order. */
const saveList = (body: CreateListRequest) => call(createSavedList, { body });

/** Saves one of the buyer's own orders as a list: its tools with the quantities ordered. */
const saveOrderAsList = ({ orderId, name }: { orderId: string; name: string }) =>
  call(createListFromOrder, { params: { id: orderId }, body: { name } });

/** A mutation that saves a list, and has the lists read again once it is saved. */
function useListSaving<Input>(save: (input: Input) => Promise<SavedList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists.all }),
  });
}

export const useSaveList = () => useListSaving(saveList);
export const useSaveOrderAsList = () => useListSaving(saveOrderAsList);
