import {
  createProduct as createProductEndpoint,
  deleteProduct as deleteProductEndpoint,
  listTools,
  updateProduct as updateProductEndpoint,
} from '@kanna/shared/api/catalog';
import type { CreateProductRequest, UpdateProductRequest } from '@kanna/shared/catalog';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { flattenPages } from '../../../components/ui/load-more';
import { call, callPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One page of the products on sale, newest first, after `cursor`, and the next page's cursor. */
const getProductsPage = (cursor: string | null, signal?: AbortSignal) =>
  callPage(listTools, { query: { cursor: cursor ?? undefined } }, { signal });

/** Under the catalogue's key: a change to the catalogue (`queryKeys.tools.all`) refreshes it with the shop's lists. */
const productsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.tools.pages({ table: 'manage' }),
    queryFn: ({ pageParam, signal }) => getProductsPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: (data) => flattenPages(data),
  });

/** The products on sale, page by page ("Load more"). */
export const useProducts = () => useInfiniteQuery(productsQueryOptions());

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
const createProduct = (body: CreateProductRequest) => call(createProductEndpoint, { body });

export function useCreateProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: createProduct, onSuccess: refresh });
}

/** Edits a product (admin) with only what changed. */
const updateProduct = ({ id, changes }: { id: string; changes: UpdateProductRequest }) =>
  call(updateProductEndpoint, { params: { id }, body: changes });

export function useUpdateProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: updateProduct, onSuccess: refresh });
}

/** Takes a product off sale (admin); orders keep their copy. */
const deleteProduct = (id: string) => call(deleteProductEndpoint, { params: { id } });

export function useDeleteProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: deleteProduct, onSuccess: refresh });
}
