import { createSavedList } from '@kanna/shared/api/quick-order';
import type { CreateListRequest } from '@kanna/shared/quick-order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** Saves a list (定番リスト) of tools and quantities: from the cart, or from a quick order. */
const saveList = (body: CreateListRequest) => call(createSavedList, { body });

export function useSaveList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists.all }),
  });
}
