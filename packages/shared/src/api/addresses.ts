import { endpoint } from './endpoint';

const schemas = () => import('../addresses');

/** The prefecture, city and town of a Japanese postal code, from the shop's offline table. */
export const getPostalCode = endpoint({
  method: 'GET',
  path: '/api/postal-codes/:code',
  access: 'public',
  summary: 'The prefecture, city and town a Japanese postal code names (404 when it names none)',
  tags: ['addresses'],
  perMinute: 120,
  schemas: async () => {
    const s = await schemas();
    return { params: s.postalCodeParam, response: s.postalCodeAnswer };
  },
});
