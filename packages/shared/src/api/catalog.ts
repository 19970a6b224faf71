import { endpoint } from './endpoint';

const tags = ['catalog'];
const schemas = () => import('../catalog');

export const listTools = endpoint({
  method: 'GET',
  path: '/api/handTools',
  refusals: { 429: 'too many reads the cache cannot answer from this address: wait (Retry-After)' },
  access: 'public',
  summary: 'Tools on sale (newest first; search, sort and kind optional)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { query: s.catalogQuery, response: s.toolList };
  },
});

export const getTool = endpoint({
  method: 'GET',
  path: '/api/handTools/:id',
  refusals: { 429: 'too many reads the cache cannot answer from this address: wait (Retry-After)' },
  access: 'public',
  summary: 'One tool',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.tool };
  },
});

/** A tool on sale by its slug (its public page's address, /tools/{slug}: decision 0053), else by its id. */
export const getToolBySlug = endpoint({
  method: 'GET',
  path: '/api/handTools/by-slug/:slug',
  access: 'public',
  summary: 'One tool by its slug (or id), as its public page shows it',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { params: s.slugParam, response: s.tool };
  },
});

export const getStockHistory = endpoint({
  method: 'GET',
  path: '/api/handTools/:id/stock',
  access: 'admin',
  summary: "A tool's stock history, newest first (admin; one page): every change of its available quantity",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, query: c.pageQuery, response: s.stockHistory };
  },
});

export const createProduct = endpoint({
  method: 'POST',
  path: '/api/handTools',
  access: 'admin',
  status: 201,
  summary: 'Add a product (admin)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { body: s.createProductRequest, response: c.insertedResponse };
  },
});

export const updateProduct = endpoint({
  method: 'PATCH',
  path: '/api/handTools/:id',
  refusals: { 409: 'orders reserved more of the stock than a reduction leaves' },
  access: 'admin',
  summary: 'Edit a product (admin)',
  description:
    'Send `loadedMaxQuantity` (the maxQuantity the form was loaded with) with a new `maxQuantity` to apply the change as a difference, keeping stock that orders reserved meanwhile (409 when they took more than a reduction leaves). Without it, `maxQuantity` is set as sent.',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.updateProductRequest, response: s.tool };
  },
});

export const deleteProduct = endpoint({
  method: 'DELETE',
  path: '/api/handTools/:id',
  access: 'admin',
  summary: 'Take a product off sale (admin)',
  tags,
  schemas: async () => {
    const c = await import('../common');
    return { params: c.idParam, response: c.deletedResponse };
  },
});

export const uploadImage = endpoint({
  method: 'POST',
  path: '/api/media',
  refusals: { 415: 'the picture is not JPEG, PNG, WebP or AVIF' },
  access: 'admin',
  status: 201,
  perMinute: 30,
  consumes: 'multipart/form-data',
  summary: 'Upload a product picture (admin; multipart field "image": JPEG, PNG, WebP or AVIF up to 5 MB)',
  tags: ['media'],
  schemas: async () => ({ response: (await schemas()).uploadResponse }),
});
