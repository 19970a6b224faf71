import {
  deleteSavedList,
  getSavedList,
  listSavedLists,
  savedListToCart,
  updateSavedList,
} from '@kanna/shared/api/quick-order';
import type { UpdateListRequest } from '@kanna/shared/quick-order';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// The buyer's saved lists (定番リスト): the lists, one list at today's prices, its changes, and
// adding it to the cart. Prices are always today's: a list is read again each time it is shown.

const listsQuery = () =>
  queryOptions({ queryKey: queryKeys.lists.all, queryFn: () => call(listSavedLists), staleTime: 0 });

export const useSavedLists = () => useQuery(listsQuery());

const listQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.lists.detail(id),
    queryFn: () => call(getSavedList, { params: { id } }),
    staleTime: 0,
  });

export const useSavedList = (id: string | null) => useQuery({ ...listQuery(id ?? ''), enabled: id !== null });

export function useUpdateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateListRequest }) =>
      call(updateSavedList, { params: { id }, body }),
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.lists.detail(list._id), list);
      return queryClient.invalidateQueries({ queryKey: queryKeys.lists.all, exact: true });
    },
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteSavedList, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists.all }),
  });
}

/** Adds the list's lines to the cart on the server; the page then reads the cart again. */
export const useListToCart = () =>
  useMutation({ mutationFn: (id: string) => call(savedListToCart, { params: { id } }) });
