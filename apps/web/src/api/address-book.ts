import type { AddressEntryRequest } from '@kanna/shared/address-book';
import {
  createAddressEntry,
  deleteAddressEntry,
  listAddressBook,
  updateAddressEntry,
} from '@kanna/shared/api/address-book';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * The buyer's address book (docs/rules.md, "The buyer's company and address book"): its page
 * keeps it, the checkout chooses a delivery address from it and saves a new one into it.
 */
export const useAddressBook = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.addressBook,
    queryFn: ({ signal }) => call(listAddressBook, {}, { signal }),
    enabled,
  });

/** Adds an entry (no `id`) or replaces one, and has the book read again. */
export function useSaveAddressEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: AddressEntryRequest }) =>
      id ? call(updateAddressEntry, { params: { id }, body }) : call(createAddressEntry, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addressBook }),
  });
}

export function useDeleteAddressEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteAddressEntry, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addressBook }),
  });
}
