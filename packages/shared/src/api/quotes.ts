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

export const createQuote = endpoint({
  method: 'POST',
  path: '/api/quotes',
  refusals: {
    409: 'the request it answers has an open quote already, or a quote that holds stock asks for more than is in stock, more than half of it, or more than the buyer may hold unpaid',
  },
  access: 'admin',
  status: 201,
  summary:
    'Answer with a quote (見積書) for a buyer: lines at quoted unit prices, shipping, valid until, whether it holds stock',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.createQuoteRequest, response: s.quoteCreated };
  },
});

export const listQuotes = endpoint({
  method: 'GET',
  path: '/api/quotes',
  access: 'user',
  summary: "Quotes, newest first (a buyer's own; an administrator's: every one; one page)",
  tags,
  schemas: async () => {
    const s = await schemas();
    return { query: s.quotesQuery, response: s.quoteList };
  },
});

export const getQuote = endpoint({
  method: 'GET',
  path: '/api/quotes/:id',
  access: 'user',
  summary: "One quote (its buyer, their company's owner, or an administrator; 404 for anyone else)",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.quote };
  },
});

export const acceptQuote = endpoint({
  method: 'POST',
  path: '/api/quotes/:id/accept',
  refusals: {
    403: 'the e-mail address is not confirmed yet',
    409: 'the quote was accepted, declined, withdrawn or has expired, or the order cannot be placed (stock, unpaid limits, credit limit)',
  },
  access: 'user',
  status: 201,
  perMinute: 60,
  summary:
    'Accept a quote: it becomes an order at the quoted prices and shipping (the stock it holds becomes the order’s)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.acceptQuoteRequest, response: s.acceptedQuote };
  },
});

export const declineQuote = endpoint({
  method: 'POST',
  path: '/api/quotes/:id/decline',
  refusals: { 409: 'the quote is no longer open' },
  access: 'user',
  summary: 'Decline a quote (the stock it holds goes back on sale)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.quoteMoved };
  },
});

export const withdrawQuote = endpoint({
  method: 'POST',
  path: '/api/quotes/:id/withdraw',
  refusals: { 409: 'the quote is no longer open' },
  access: 'admin',
  summary:
    'Withdraw a quote (the stock it holds goes back on sale, the request it answered back to open in the inbox)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.quoteMoved };
  },
});
