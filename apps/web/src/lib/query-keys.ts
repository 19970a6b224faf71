/**
 * Every query key of the web app, in one factory (docs/web.md, "The web app"). Keys
 * nest: invalidating `queryKeys.tools.all` refreshes every tools query (home, /allProduct, the
 * purchase page, the admin's table) at once, which is what a change to the catalogue needs.
 */
export const queryKeys = {
  tools: {
    all: ['tools'] as const,
    list: (params: object) => ['tools', 'list', params] as const,
    pages: (params: object) => ['tools', 'pages', params] as const,
    detail: (id: string) => ['tools', 'detail', id] as const,
    /** A tool's stock history (admin): under the tools, so a change to the catalogue refreshes it. */
    stock: (id: string) => ['tools', 'stock', id] as const,
  },
  reviews: {
    all: ['reviews'] as const,
    list: (params: object) => ['reviews', 'list', params] as const,
    pages: (params: object) => ['reviews', 'pages', params] as const,
  },
  orders: {
    all: ['orders'] as const,
    mine: (email: string) => ['orders', 'mine', email.toLowerCase()] as const,
    admin: (filters: object) => ['orders', 'admin', filters] as const,
    detail: (id: string) => ['orders', 'detail', id] as const,
    /** One order whole (GET /api/orders/{id}): the order desk's page, the admin's and the buyer's. */
    desk: (id: string) => ['orders', 'desk', id] as const,
    /** How to pay an order by bank transfer (the payment page, the buyer's order page). */
    transfer: (id: string) => ['orders', 'transfer', id] as const,
  },
  users: {
    all: ['users'] as const,
    list: (filters: object) => ['users', 'list', filters] as const,
    profile: (email: string) => ['users', 'profile', email.toLowerCase()] as const,
  },
  enquiries: {
    all: ['enquiries'] as const,
    list: (filters: object) => ['enquiries', 'list', filters] as const,
  },
  /** Requests for a quote (見積依頼): the admin's inbox (GET /api/quote-requests). */
  quoteRequests: {
    all: ['quote-requests'] as const,
    list: ['quote-requests', 'list'] as const,
    mine: ['quote-requests', 'mine'] as const,
  },
  /** Quotes (見積書): the list (a buyer's own, an admin's all) and one quote. */
  quotes: {
    all: ['quotes'] as const,
    list: ['quotes', 'list'] as const,
    detail: (id: string) => ['quotes', 'detail', id] as const,
  },
  /** The audit log (admin, GET /api/audit). */
  audit: {
    all: ['audit'] as const,
    list: (filters: object) => ['audit', 'list', filters] as const,
  },
  /** The buyer's saved lists (定番リスト, GET /api/lists and one list at today's prices). */
  lists: {
    all: ['lists'] as const,
    detail: (id: string) => ['lists', 'detail', id] as const,
  },
  /** The buyer's address book (GET /api/address-book): its page and the checkout's chooser. */
  addressBook: ['address-book'] as const,
  /** Trade accounts: the caller's company (GET /api/companies/mine) and a company's members' orders; the admin's companies. */
  company: {
    mine: ['company', 'mine'] as const,
    orders: (id: string) => ['company', 'orders', id] as const,
    statements: (id: string) => ['company', 'statements', id] as const,
    figures: (id: string) => ['company', 'figures', id] as const,
    payments: (id: string) => ['company', 'payments', id] as const,
  },
  companies: {
    all: ['companies'] as const,
    list: (filters: { q?: string | undefined }) => ['companies', 'list', filters] as const,
    detail: (id: string) => ['companies', 'detail', id] as const,
  },
  overview: ['overview'] as const,
  settings: ['settings'] as const,
  /** The shop settings (admin, GET /api/shop-settings). */
  shopSettings: ['shop-settings'] as const,
  paymentIntent: (orderId: string) => ['payments', 'intent', orderId] as const,
};
