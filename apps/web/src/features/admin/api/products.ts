import {
  createProduct as createProductEndpoint,
  deleteProduct as deleteProductEndpoint,
  listTools,
  updateProduct as updateProductEndpoint,
} from '@kanna/shared/api/catalog';
import type { CreateProductRequest, UpdateProductRequest } from '@kanna/shared/catalog';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callAll } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every product on sale, newest first (every page of the catalogue). */
export const getProducts = (signal?: AbortSignal) => callAll(listTools, {}, { signal });

/** The same query as /allProduct's whole catalogue: a change to the catalogue refreshes both. */
export const productsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.tools.list({}), queryFn: ({ signal }) => getProducts(signal) });

export const useProducts = () => useQuery(productsQueryOptions());

/** After any change to the catalogue: every tools query (home, /allProduct, this table) and the overview. */
function useRefreshCatalogue() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.tools.all }),
      client.invalidateQueries({ queryKey: queryKeys.overview }),
    ]);
}

/** Adds a product (admin). */
export const createProduct = (body: CreateProductRequest) => call(createProductEndpoint, { body });

export function useCreateProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: createProduct, onSuccess: refresh });
}

/** Edits a product (admin) with only what changed. */
export const updateProduct = ({ id, changes }: { id: string; changes: UpdateProductRequest }) =>
  call(updateProductEndpoint, { params: { id }, body: changes });

export function useUpdateProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: updateProduct, onSuccess: refresh });
}

/** Takes a product off sale (admin); orders keep their copy. */
export const deleteProduct = (id: string) => call(deleteProductEndpoint, { params: { id } });

export function useDeleteProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: deleteProduct, onSuccess: refresh });
}
