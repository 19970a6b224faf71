import type { CreateProductRequest, Tool, UpdateProductRequest } from '@kanna/shared/catalog';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/handTools — every product on sale, newest first. */
export const getProducts = (signal?: AbortSignal): Promise<Tool[]> =>
  apiGet<Tool[]>('/api/handTools', signal);

export const productsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.productList, queryFn: ({ signal }) => getProducts(signal) });

export const useProducts = () => useQuery(productsQueryOptions());

/** After any change to the catalogue: every tools list (home, /allProduct, this table) and the overview. */
function useRefreshCatalogue() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.tools }),
      client.invalidateQueries({ queryKey: adminKeys.overview }),
    ]);
}

export type CreateProductResponse = { acknowledged: true; insertedId: string };

/** POST /api/handTools (admin). */
export const createProduct = (body: CreateProductRequest): Promise<CreateProductResponse> =>
  apiPost<CreateProductResponse>('/api/handTools', body);

export function useCreateProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: createProduct, onSuccess: refresh });
}

/** PATCH /api/handTools/{id} (admin) with only what changed. */
export const updateProduct = ({
  id,
  changes,
}: {
  id: string;
  changes: UpdateProductRequest;
}): Promise<Tool> =>
  apiRequest<Tool>(`/api/handTools/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: JSON.stringify(changes),
  });

export function useUpdateProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: updateProduct, onSuccess: refresh });
}

export type DeleteProductResponse = { acknowledged: true; deletedCount: number };

/** DELETE /api/handTools/{id} (admin) — takes it off sale; orders keep their copy. */
export const deleteProduct = (id: string): Promise<DeleteProductResponse> =>
  apiRequest<DeleteProductResponse>(`/api/handTools/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: deleteProduct, onSuccess: refresh });
}
