import { endpoint } from './endpoint';

const tags = ['orders'];
const schemas = () => import('../orders');

export const placeOrder = endpoint({
  method: 'POST',
  path: '/api/order',
  refusals: {
    403: 'the e-mail address is not confirmed yet',
    409: 'a tool sold out, a price or the total changed since the cart was shown, or the buyer has too many unpaid orders',
  },
  access: 'user',
  status: 201,
  perMinute: 60,
  summary: 'Place an order (reserves the stock of every line, or of none)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { body: s.placeOrderRequest, response: c.insertedResponse };
  },
});

export const enterOrder = endpoint({
  method: 'POST',
  path: '/api/orders/entered',
  refusals: {
    400: 'no account has the buyer’s e-mail address, or a field is wrong',
    403: 'the buyer’s e-mail address is not confirmed yet',
    409: 'a tool sold out or changed, or the buyer has too many unpaid orders',
  },
  access: 'admin',
  status: 201,
  summary: 'Enter an order for a buyer (a phone or fax order), priced and judged as the buyer’s own',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { body: s.enterOrderRequest, response: c.insertedResponse };
  },
});

export const listMyOrders = endpoint({
  method: 'GET',
  path: '/api/order/:email',
  refusals: { 403: "another buyer's orders (admins may read any)" },
  access: 'user',
  summary: "A buyer's orders, newest first (one page)",
  tags,
  schemas: async () => {
    const [s, u] = await Promise.all([schemas(), import('../users')]);
    return { params: u.emailParam, query: s.myOrdersQuery, response: s.orderList };
  },
});

export const listOrders = endpoint({
  method: 'GET',
  path: '/api/order',
  access: 'admin',
  summary: 'All orders, newest first (admin; one page, filters)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { query: s.adminOrdersQuery, response: s.orderList };
  },
});

export const exportOrders = endpoint({
  method: 'GET',
  path: '/api/order/export.csv',
  produces: 'text/csv',
  refusals: { 429: 'as many exports are running as the shop allows at once: try again after Retry-After' },
  access: 'admin',
  summary: 'Every matching order line as CSV (admin; same filters as the list)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { query: s.orderFilters, response: s.csvText };
  },
});

export const getOrder = endpoint({
  method: 'GET',
  path: '/api/orders/order/:id',
  access: 'user',
  summary: 'One order, for payment',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.order };
  },
});

export const cancelOrder = endpoint({
  method: 'DELETE',
  path: '/api/order/:id',
  refusals: { 409: 'the order is paid, or its card payment is being processed' },
  access: 'user',
  summary: 'Cancel an unpaid order (returns the stock of every line)',
  tags,
  schemas: async () => {
    const c = await import('../common');
    return { params: c.idParam, response: c.deletedResponse };
  },
});

export const reportPayment = endpoint({
  method: 'PATCH',
  path: '/api/order/:id',
  refusals: {
    409: 'the payment does not match the order, is not settled, or was refunded; or the order was cancelled',
  },
  access: 'user',
  summary: 'Report a payment; verified with the provider',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.confirmPaymentRequest, response: s.order };
  },
});

export const shipOrder = endpoint({
  method: 'PATCH',
  path: '/api/order/:id/ship',
  refusals: { 409: 'only a paid order ships' },
  access: 'admin',
  summary: 'Mark a paid order shipped (admin), with its carrier and tracking number if given',
  description:
    'The body is optional, and so is each field: without one the order is shipped exactly as before. The buyer is mailed either way.',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.shipRequest, response: s.order };
  },
});

export const getOrderDesk = endpoint({
  method: 'GET',
  path: '/api/orders/:id',
  access: 'user',
  summary: 'One order whole: buyer, lines, payments and history (its buyer or an admin)',
  description:
    'Admins also get `notes` and the note events. Anyone but the buyer who placed the order or an admin gets 404, as for an order that does not exist.',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.orderDesk };
  },
});

export const getOrderDocument = endpoint({
  method: 'GET',
  path: '/api/orders/:id/documents/:kind.pdf',
  produces: 'application/pdf',
  refusals: {
    403: "another buyer's order",
    409: "the document is not issued in the order's state",
  },
  access: 'user',
  // Each document is drawn on the server's thread (about 40 ms): a burst of them holds up every
  // other answer, so an account and a client address each have a share a minute.
  perMinute: 60,
  perAccountPerMinute: 30,
  summary:
    "An order's document as a PDF: proforma, invoice, receipt or delivery-note (its buyer or an admin)",
  description:
    "A pro-forma invoice while the order is unpaid; the invoice, the receipt and the delivery note once it is paid (paid or shipped): 409 otherwise, saying when the document exists. Another buyer gets 403, an order that does not exist 404. In the buyer's language (English or Japanese) for whoever downloads it, unless `lang` asks for the other. An account may download 30 a minute and a client address 60: more answers 429 with Retry-After.",
  tags,
  schemas: async () => {
    const s = await import('../documents');
    return { params: s.documentParams, query: s.documentQuery, response: s.pdfBytes };
  },
});

export const cancelOrderByShop = endpoint({
  method: 'POST',
  path: '/api/orders/:id/cancel',
  refusals: { 409: 'the order has shipped, or its refund failed' },
  access: 'admin',
  perMinute: 60,
  summary: 'Cancel an order not yet shipped, refunding a paid one in full (admin)',
  description:
    'Stock returns and the buyer is mailed. A shipped order answers 409; an order already cancelled is answered as it is.',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.cancelOrderRequest, response: s.orderDesk };
  },
});

export const approveOrder = endpoint({
  method: 'POST',
  path: '/api/orders/:id/approve',
  refusals: {
    403: "the caller is not the owner of the order's company (an administrator may decline, not approve)",
    404: 'no such order',
    409: 'the order is not awaiting approval',
  },
  access: 'user',
  perMinute: 60,
  summary: "Approve a member's order above their spending limit (the company's owner)",
  description:
    'A card or transfer order then waits for its money, its hold counted from now; one on account is accepted on the account. The member is mailed.',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.order };
  },
});

export const declineOrder = endpoint({
  method: 'POST',
  path: '/api/orders/:id/decline',
  refusals: {
    400: 'the reason is empty or too long',
    403: "the caller is neither the owner of the order's company nor an administrator",
    404: 'no such order',
    409: 'the order is not awaiting approval',
  },
  access: 'user',
  perMinute: 60,
  summary:
    "Decline a member's order above their spending limit, with a reason (the company's owner, or an admin)",
  description: 'The order is cancelled, its stock returned, and the member mailed the reason.',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.declineOrderRequest, response: s.order };
  },
});

export const addOrderNote = endpoint({
  method: 'POST',
  path: '/api/orders/:id/notes',
  access: 'admin',
  status: 201,
  perMinute: 120,
  summary: 'Add a note to an order, seen by admins only (admin)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.orderNoteRequest, response: s.orderNote };
  },
});

export const sendEnquiry = endpoint({
  method: 'POST',
  path: '/api/enquiries',
  refusals: { 403: 'the e-mail address is not confirmed yet', 404: 'the tool does not exist' },
  access: 'user',
  status: 201,
  perMinute: 60,
  summary: 'Contact Supplier about a tool',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.enquiryRequest, response: s.enquiryResponse };
  },
});

export const listEnquiries = endpoint({
  method: 'GET',
  path: '/api/enquiries',
  access: 'admin',
  summary: 'Contact Supplier enquiries, newest first (admin; one page; `status` new or answered)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { query: s.enquiriesQuery, response: s.enquiryList };
  },
});

export const markEnquiry = endpoint({
  method: 'PATCH',
  path: '/api/enquiries/:id',
  access: 'admin',
  summary: 'Mark an enquiry answered, or new again (admin)',
  description:
    'Idempotent: marking an answered enquiry answered keeps when and by whom it was first marked; an unknown id is a 404.',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.enquiryStatusRequest, response: s.enquiry };
  },
});

export const getCart = endpoint({
  method: 'GET',
  path: '/api/cart',
  access: 'user',
  summary: "The signed-in buyer's cart, at today's prices",
  tags: ['cart'],
  schemas: async () => ({ response: (await schemas()).cart }),
});

export const putCart = endpoint({
  method: 'PUT',
  path: '/api/cart',
  access: 'user',
  perMinute: 120,
  summary: "Replace the signed-in buyer's cart (tools and quantities)",
  tags: ['cart'],
  schemas: async () => {
    const s = await schemas();
    return { body: s.cartRequest, response: s.cart };
  },
});

export const recordPayment = endpoint({
  method: 'POST',
  path: '/api/orders/:id/payments',
  refusals: { 409: 'the same payment was recorded a moment ago' },
  access: 'admin',
  status: 201,
  perMinute: 60,
  summary: 'Record money received by bank transfer on an order (admin)',
  description:
    'The order is paid once the recorded sum reaches its amount due (the buyer is mailed once). Money on a cancelled or expired order, or beyond the amount due, is recorded and flagged to be given back. The same amount, day and reference recorded again within ten minutes is refused (409).',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.recordPaymentRequest, response: s.orderDesk };
  },
});

export const setPaymentMethod = endpoint({
  method: 'PUT',
  path: '/api/orders/:id/payment-method',
  refusals: {
    409: 'the order is paid or cancelled, its hold has expired, or part of it is paid by transfer',
  },
  access: 'user',
  perMinute: 60,
  summary: 'Choose card or bank transfer for an unpaid order (its buyer or an admin)',
  description:
    'Bank transfer holds the stock until the order was placed plus the transfer hold days. Card is refused above the card limit (400) and once part of the order is paid by transfer (409).',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.paymentMethodRequest, response: s.order };
  },
});

export const getTransferInstructions = endpoint({
  method: 'GET',
  path: '/api/orders/:id/transfer',
  refusals: { 409: 'the shop takes no bank transfers' },
  access: 'user',
  summary:
    'How to pay an order by bank transfer: account, reference, amount and deadline (its buyer or an admin)',
  description: 'A shop that takes no bank transfers answers 409.',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.transferInstructions };
  },
});
