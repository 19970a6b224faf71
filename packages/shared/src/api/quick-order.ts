import { endpoint } from './endpoint';

const schemas = () => import('../quick-order');

export const resolveQuickOrder = endpoint({
  method: 'POST',
  path: '/api/quick-order/resolve',
  access: 'user',
  perAccountPerMinute: 240,
  summary: 'Resolve rows of product codes and quantities (at most 200): each row its tool, price and problem',
  description:
    "Each row names a tool on sale by its SKU or JAN (exactly; full-width characters and case do not matter) and a quantity (none: the tool's minimum). The answer has one entry per row, in order: the tool, its name in the reader's language, the unit price at that quantity (volume breaks) and the total, or `problem` (unknown code, pack size, minimum, stock) in the reader's language. Nothing is reserved.",
  tags: ['quick order'],
  schemas: async () => {
    const s = await schemas();
    return { body: s.resolveRequest, response: s.resolveResponse };
  },
});

const tags = ['saved lists'];

export const listSavedLists = endpoint({
  method: 'GET',
  path: '/api/lists',
  access: 'user',
  summary: "The signed-in buyer's saved lists (定番リスト), newest change first",
  tags,
  schemas: async () => ({ response: (await schemas()).savedListSummaries }),
});

export const getSavedList = endpoint({
  method: 'GET',
  path: '/api/lists/:id',
  access: 'user',
  summary: "One of the buyer's saved lists, at today's prices with each line's problem",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.savedList };
  },
});

export const createSavedList = endpoint({
  method: 'POST',
  path: '/api/lists',
  refusals: { 409: 'the account already keeps 50 lists' },
  access: 'user',
  status: 201,
  perAccountPerMinute: 60,
  summary: 'Save a list (a name and at most 500 lines of tools and quantities)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.createListRequest, response: s.savedList };
  },
});

export const createListFromOrder = endpoint({
  method: 'POST',
  path: '/api/lists/from-order/:id',
  refusals: { 409: 'the account already keeps 50 lists' },
  access: 'user',
  status: 201,
  perAccountPerMinute: 60,
  summary: "Save one of the buyer's own orders as a list: each of its tools with the quantity ordered",
  description:
    "The order must be the caller's own: another buyer's order answers 404, as a missing one does (an administrator too). Cancelled orders count: what was ordered is what the list keeps.",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.listFromOrderRequest, response: s.savedList };
  },
});

export const updateSavedList = endpoint({
  method: 'PUT',
  path: '/api/lists/:id',
  access: 'user',
  perAccountPerMinute: 120,
  summary: "Rename a saved list or replace its lines (another buyer's list is 404)",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.updateListRequest, response: s.savedList };
  },
});

export const deleteSavedList = endpoint({
  method: 'DELETE',
  path: '/api/lists/:id',
  access: 'user',
  summary: 'Delete a saved list',
  tags,
  schemas: async () => {
    const c = await import('../common');
    return { params: c.idParam, response: c.deletedResponse };
  },
});

export const savedListToCart = endpoint({
  method: 'POST',
  path: '/api/lists/:id/to-cart',
  refusals: { 409: 'the cart would hold more than 50 different tools' },
  access: 'user',
  perAccountPerMinute: 60,
  summary: "Add a saved list's lines to the cart (quantities add up); answers the cart at today's prices",
  tags,
  schemas: async () => {
    const [o, c] = await Promise.all([import('../orders'), import('../common')]);
    return { params: c.idParam, response: o.cart };
  },
});
