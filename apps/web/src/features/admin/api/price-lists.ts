import { listTools } from '@kanna/shared/api/catalog';
import {
  assignPriceList as assignEndpoint,
  createPriceList as createEndpoint,
  deletePriceList as deleteEndpoint,
  listPriceLists,
  updatePriceList as updateEndpoint,
} from '@kanna/shared/api/price-lists';
import { MAX_PAGE_SIZE } from '@kanna/shared/domain/limits';
import type { PriceListRequest } from '@kanna/shared/price-lists';
import { useQuery } from '@tanstack/react-query';
import { call, callAll } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** The price lists' query (admin only, so its key is kept here, out of the first download's keys). */
const PRICE_LISTS_KEY = ['price-lists'] as const;

/** Every price list with its rate, fixed prices and buyers (admin). A 403 here signs the user out. */
export const usePriceLists = () =>
  useQuery({
    queryKey: PRICE_LISTS_KEY,
    queryFn: ({ signal }) => call(listPriceLists, {}, { signal, signOutOn403: true }),
  });

/** Every tool on sale, for choosing which gets a fixed price (under the catalogue's key). */
export const useToolChoices = () =>
  useQuery({
    queryKey: queryKeys.tools.list({ choices: 'price-lists' }),
    queryFn: ({ signal }) => callAll(listTools, { query: { limit: MAX_PAGE_SIZE } }, { signal }),
  });

/** Adds a list (`id` null) or replaces one. */
const savePriceList = ({ id, body }: { id: string | null; body: PriceListRequest }) =>
  id === null ? call(createEndpoint, { body }) : call(updateEndpoint, { params: { id }, body });

export const useSavePriceList = () =>
  useMutationThenReload(savePriceList, { reload: 'success', keys: [PRICE_LISTS_KEY] });

/** Deletes a list: its buyers pay the list price again. */
const deletePriceList = (id: string) => call(deleteEndpoint, { params: { id } });

export const useDeletePriceList = () =>
  useMutationThenReload(deletePriceList, { reload: 'settled', keys: [PRICE_LISTS_KEY] });

/** Gives a buyer a list, or none (null: the list price). */
const assignPriceList = ({ email, priceListId }: { email: string; priceListId: string | null }) =>
  call(assignEndpoint, { params: { email }, body: { priceListId } });

export const useAssignPriceList = () =>
  useMutationThenReload(assignPriceList, { reload: 'settled', keys: [PRICE_LISTS_KEY] });
