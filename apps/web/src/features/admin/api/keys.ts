/**
 * Query keys this feature reads or invalidates. `tools` is the catalogue's prefix
 * (features/catalog/api/get-tools.ts: every tools query starts with ['tools']): a product added,
 * edited or deleted here must refresh the home page and /allProduct at once.
 */
export const adminKeys = {
  tools: ['tools'] as const,
  productList: ['tools', 'admin'] as const,
  users: ['admin', 'users'] as const,
  overview: ['admin', 'overview'] as const,
};
