import { endpoint } from './endpoint';

const tags = ['companies'];
const schemas = () => import('../companies');

/**
 * Trade accounts (docs/rules.md, "Companies"; decision 0063). The names are the shop's pinned
 * API, which other clients rely on: a buyer applies with `POST /api/companies` and reads their
 * company at `/api/companies/mine`; an administrator lists, decides (`PATCH`) and sets terms;
 * the owner or an administrator invites and removes members of `/api/companies/{id}`. Every
 * role is checked on the server from the session.
 */
export const getMyCompany = endpoint({
  method: 'GET',
  path: '/api/companies/mine',
  access: 'user',
  summary:
    "The caller's company and role (members and invitations to its owner), or their last declined application",
  tags,
  schemas: async () => ({ response: (await schemas()).myCompany }),
});

export const applyForCompany = endpoint({
  method: 'POST',
  path: '/api/companies',
  refusals: {
    404: 'the billing address is not in the caller’s address book',
    409: 'the caller belongs to a company already',
  },
  access: 'user',
  status: 201,
  perAccountPerMinute: 10,
  summary:
    'Apply for a trade account: the company, its billing address and e-mail, a note; it is pending until an administrator decides',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.companyApplicationRequest, response: s.company };
  },
});

export const listCompanies = endpoint({
  method: 'GET',
  path: '/api/companies',
  access: 'admin',
  summary:
    'Companies, the pending ones first, then newest first (admin; one page; search by name or its reading)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { query: s.companiesQuery, response: s.companyRows };
  },
});

export const createCompany = endpoint({
  method: 'POST',
  path: '/api/companies/direct',
  refusals: { 404: 'no account has the owner’s address', 409: 'the owner belongs to a company already' },
  access: 'admin',
  status: 201,
  summary: 'Create an approved company for an existing account, its owner, with terms (admin)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.createCompanyRequest, response: s.companyDetail };
  },
});

export const getCompany = endpoint({
  method: 'GET',
  path: '/api/companies/:id',
  refusals: { 403: 'the caller is neither the company’s owner nor an administrator' },
  access: 'user',
  summary:
    'One company with its terms, open balance, what is available and overdue, and its members (owner or admin)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.companyDetail };
  },
});

export const decideCompany = endpoint({
  method: 'PATCH',
  path: '/api/companies/:id',
  refusals: { 409: 'the application was decided already, or approving it has no terms' },
  access: 'admin',
  summary:
    'Approve a pending application (with its terms, or those set before) or decline it with a reason the buyer reads (admin)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.decideCompanyRequest, response: s.companyDetail };
  },
});

export const updateCompanyTerms = endpoint({
  method: 'PUT',
  path: '/api/companies/:id/terms',
  refusals: { 409: 'the company was declined' },
  access: 'admin',
  summary: "Set a pending or approved company's terms, its currency and language (admin)",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.companyTerms, response: s.companyDetail };
  },
});

export const setCompanyPriceList = endpoint({
  method: 'PUT',
  path: '/api/companies/:id/price-list',
  access: 'admin',
  summary: 'Give a company a price list, or none (admin): its members pay it unless they have their own',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.companyPriceListRequest, response: s.companyDetail };
  },
});

export const inviteCompanyMember = endpoint({
  method: 'POST',
  path: '/api/companies/:id/members',
  refusals: {
    403: 'the caller is neither the company’s owner nor an administrator',
    409: 'the company is not approved, or that address belongs to a company already',
  },
  access: 'user',
  status: 201,
  perAccountPerMinute: 20,
  summary: 'Invite a buyer by e-mail (owner or admin): a link that works once, for that address, for 7 days',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.invitationRequest, response: s.companyInvitation };
  },
});

export const acceptCompanyInvitation = endpoint({
  method: 'POST',
  path: '/api/company-invitations/:token/accept',
  refusals: {
    403: 'the invitation is for another address',
    404: 'no invitation has this token',
    409: 'the invitation was used or has expired, or the caller belongs to a company already',
  },
  access: 'user',
  perAccountPerMinute: 20,
  summary: 'Accept an invitation from its link, signed in with the invited address',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { params: s.invitationTokenParam, response: s.myCompany };
  },
});

export const withdrawCompanyInvitation = endpoint({
  method: 'DELETE',
  path: '/api/companies/:id/invitations/:invitationId',
  refusals: {
    403: 'the caller is neither the company’s owner nor an administrator',
    404: 'no such invitation of the company',
    409: 'the invitation has been accepted',
  },
  access: 'user',
  summary: 'Withdraw an invitation not yet accepted (owner or admin): its link no longer works',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: s.invitationParams, response: c.deletedResponse };
  },
});

export const setMemberSpendingLimit = endpoint({
  method: 'PUT',
  path: '/api/companies/:id/members/:email/spending-limit',
  refusals: {
    403: 'the caller is neither the company’s owner nor an administrator',
    404: 'no such member of the company',
    409: 'the company is not approved yet',
  },
  access: 'user',
  summary: "Set a member's spending limit in the company's currency, or none (owner or admin)",
  tags,
  schemas: async () => {
    const s = await schemas();
    return { params: s.memberParams, body: s.spendingLimitRequest, response: s.companyMember };
  },
});

export const removeCompanyMember = endpoint({
  method: 'DELETE',
  path: '/api/companies/:id/members/:email',
  refusals: {
    403: 'the caller is neither the company’s owner nor an administrator',
    404: 'no such member of the company',
    409: 'the owner cannot be removed',
  },
  access: 'user',
  summary: 'Remove a buyer from the company (owner or admin)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: s.memberParams, response: c.deletedResponse };
  },
});

export const listCompanyOrders = endpoint({
  method: 'GET',
  path: '/api/companies/:id/orders',
  refusals: { 403: 'the caller is neither the company’s owner nor an administrator' },
  access: 'user',
  summary: "The company members' orders, newest first, at most 200 (owner or admin; read-only)",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.companyOrders };
  },
});

export const issueStatement = endpoint({
  method: 'POST',
  path: '/api/companies/:id/statements',
  refusals: {
    409: 'the company has no terms, a statement closing today was issued already, or there is nothing to bill',
  },
  access: 'admin',
  status: 201,
  perAccountPerMinute: 20,
  summary:
    'Issue the company’s statement now, closing today (admin): its shipped on-account orders not yet billed, and an agreed due date when given',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.issueStatementRequest, response: s.statement };
  },
});

export const listStatements = endpoint({
  method: 'GET',
  path: '/api/companies/:id/statements',
  refusals: { 403: 'the caller is neither the company’s owner nor an administrator' },
  access: 'user',
  summary: "The company's statements, newest first, each with its orders, state and PDF (owner or admin)",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.statementList };
  },
});

export const recordCompanyPayment = endpoint({
  method: 'POST',
  path: '/api/companies/:id/payments',
  refusals: { 409: 'the company has no terms yet' },
  access: 'admin',
  status: 201,
  perAccountPerMinute: 30,
  summary:
    'Record money a company paid (admin): applied to its oldest open statement first (消込); what is left waits for the next statement',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.companyPaymentRequest, response: s.companyPayment };
  },
});

export const listCompanyPayments = endpoint({
  method: 'GET',
  path: '/api/companies/:id/payments',
  access: 'admin',
  summary:
    'The money a company paid, newest first (admin): where each payment went, what is left, and whether it was reversed',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.companyPaymentList };
  },
});

export const reverseCompanyPayment = endpoint({
  method: 'POST',
  path: '/api/companies/:id/payments/:paymentId/reversal',
  refusals: { 404: 'no such payment of the company', 409: 'the payment was reversed already' },
  access: 'admin',
  perAccountPerMinute: 30,
  summary:
    'Reverse a payment recorded with a wrong amount (admin, with a reason): its applications are undone, its statements and the orders it settled owed again; the row stays, marked reversed',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { params: s.paymentParams, body: s.paymentReversalRequest, response: s.companyPayment };
  },
});

export const exportCompanyLedger = endpoint({
  method: 'GET',
  path: '/api/companies/:id/ledger.csv',
  produces: 'text/csv',
  refusals: { 403: 'the caller is neither the company’s owner nor an administrator' },
  access: 'user',
  perAccountPerMinute: 30,
  summary:
    "The company's account as CSV (owner or admin): orders shipped on account, statements and payments in date order, with the running balance",
  tags,
  schemas: async () => {
    const [o, c] = await Promise.all([import('../orders'), import('../common')]);
    return { params: c.idParam, response: o.csvText };
  },
});
