import { endpoint } from './endpoint';

const tags = ['price lists'];
const schemas = () => import('../price-lists');

/** Price lists (掛率, decision 0060): administrators only; a buyer's catalogue shows their prices. */
export const listPriceLists = endpoint({
  method: 'GET',
  path: '/api/price-lists',
  access: 'admin',
  summary: 'Every price list with its rate, fixed prices and buyers, by name (admin)',
  tags,
  schemas: async () => ({ response: (await schemas()).priceLists }),
});

export const createPriceList = endpoint({
  method: 'POST',
  path: '/api/price-lists',
  refusals: { 409: 'another list has that name' },
  access: 'admin',
  status: 201,
  summary: 'Add a price list: a name, a rate (percent of the list price) and fixed prices (admin)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.priceListRequest, response: s.priceList };
  },
});

export const updatePriceList = endpoint({
  method: 'PUT',
  path: '/api/price-lists/:id',
  refusals: { 409: 'another list has that name' },
  access: 'admin',
  summary:
    "Replace a price list's name, rate and fixed prices (admin): its buyers pay the new prices at once",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.priceListRequest, response: s.priceList };
  },
});

export const deletePriceList = endpoint({
  method: 'DELETE',
  path: '/api/price-lists/:id',
  access: 'admin',
  summary: 'Delete a price list (admin): its buyers pay the list price again',
  tags,
  schemas: async () => {
    const c = await import('../common');
    return { params: c.idParam, response: c.deletedResponse };
  },
});

export const assignPriceList = endpoint({
  method: 'PUT',
  path: '/api/users/:email/price-list',
  access: 'admin',
  summary: 'Give a buyer a price list, or none (null: the list price) (admin)',
  tags,
  schemas: async () => {
    const [s, u] = await Promise.all([schemas(), import('../users')]);
    return { params: u.emailParam, body: s.buyerPriceListRequest, response: u.modifiedResponse };
  },
});
