import { endpoint } from './endpoint';

const tags = ['quotes'];
const schemas = () => import('../quotes');

export const requestQuote = endpoint({
  method: 'POST',
  path: '/api/quote-requests',
  refusals: {
    403: 'the e-mail address is not confirmed yet, or the caller is an administrator',
    409: 'the buyer has 20 open requests for a quote already',
  },
  access: 'user',
  status: 201,
  perAccountPerMinute: 30,
  summary: "Ask the shop for a quote for the cart's lines (a tool on sale each, once), with a note",
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.quoteRequestRequest, response: s.quoteRequestCreated };
  },
});

export const listQuoteRequests = endpoint({
  method: 'GET',
  path: '/api/quote-requests',
  access: 'admin',
  summary: 'Requests for a quote, newest first, with their lines (admin; one page)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { query: s.quoteRequestsQuery, response: s.quoteRequestList };
  },
});

export const listMyQuoteRequests = endpoint({
  method: 'GET',
  path: '/api/quote-requests/mine',
  access: 'user',
  summary: "The buyer's own requests for a quote, newest first (one page)",
  tags,
  schemas: async () => {
    const s = await schemas();
    return { query: s.quoteRequestsQuery, response: s.quoteRequestList };
  },
});
