import { endpoint } from './endpoint';

const tags = ['companies'];
const schemas = () => import('../companies');

/**
 * Trade accounts (docs/rules.md, "Companies"): a buyer applies for their company, an administrator
 * approves it with terms or declines it; the owner invites buyers and sets their spending limits.
 * Every `/api/company` route is the caller's own company, found from the session.
 */
export const getMyCompany = endpoint({
  method: 'GET',
  path: '/api/company',
  access: 'user',
  summary:
    "The caller's company and role (members and invitations to its owner), or their last declined application",
  tags,
  schemas: async () => ({ response: (await schemas()).myCompany }),
});

export const applyForCompany = endpoint({
  method: 'POST',
  path: '/api/company/application',
  refusals: {
    404: 'the billing address is not in the caller’s address book',
    409: 'the caller belongs to a company already',
  },
  access: 'user',
  status: 201,
  perAccountPerMinute: 10,
  summary: 'Apply for a trade account: the company, a billing address and a note; an administrator decides',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.companyApplicationRequest, response: s.company };
  },
});

export const inviteCompanyMember = endpoint({
  method: 'POST',
  path: '/api/company/invitations',
  refusals: {
    403: 'the caller is not the company’s owner',
    409: 'the company is not approved, or that address belongs to a company already',
  },
  access: 'user',
  status: 201,
  perAccountPerMinute: 20,
  summary: 'Invite a buyer by e-mail (owner): a link that works once, for that address, for 7 days',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.invitationRequest, response: s.companyInvitation };
  },
});

export const acceptCompanyInvitation = endpoint({
  method: 'POST',
  path: '/api/company/invitations/accept',
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
    return { body: s.acceptInvitationRequest, response: s.myCompany };
  },
});

export const setMemberSpendingLimit = endpoint({
  method: 'PUT',
  path: '/api/company/members/:userId/spending-limit',
  refusals: {
    403: 'the caller is not the company’s owner',
    404: 'no such member of the company',
    409: 'the company is not approved yet',
  },
  access: 'user',
  summary: "Set a member's spending limit in the company's currency, or none (owner)",
  tags,
  schemas: async () => {
    const s = await schemas();
    return { params: s.memberParam, body: s.spendingLimitRequest, response: s.companyMember };
  },
});

export const removeCompanyMember = endpoint({
  method: 'DELETE',
  path: '/api/company/members/:userId',
  refusals: {
    403: 'the caller is not the company’s owner',
    404: 'no such member of the company',
    409: 'the owner cannot be removed',
  },
  access: 'user',
  summary: 'Remove a buyer from the company (owner)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: s.memberParam, response: c.deletedResponse };
  },
});

export const listCompanyOrders = endpoint({
  method: 'GET',
  path: '/api/company/orders',
  refusals: { 403: 'the caller is not the company’s owner' },
  access: 'user',
  summary: "The company members' orders, newest first, at most 200 (owner; read-only)",
  tags,
  schemas: async () => ({ response: (await schemas()).companyOrders }),
});

export const listCompanies = endpoint({
  method: 'GET',
  path: '/api/companies',
  access: 'admin',
  summary: 'Every company, the pending ones first, with its terms and next closing date (admin)',
  tags,
  schemas: async () => ({ response: (await schemas()).companyRows }),
});

export const getCompany = endpoint({
  method: 'GET',
  path: '/api/companies/:id',
  access: 'admin',
  summary: 'One company with its members (admin)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.companyDetail };
  },
});

export const createCompany = endpoint({
  method: 'POST',
  path: '/api/companies',
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

export const approveCompany = endpoint({
  method: 'POST',
  path: '/api/companies/:id/approval',
  refusals: { 409: 'the application was decided already' },
  access: 'admin',
  summary: 'Approve a pending application with its terms (admin)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.approveCompanyRequest, response: s.companyDetail };
  },
});

export const declineCompany = endpoint({
  method: 'POST',
  path: '/api/companies/:id/decline',
  refusals: { 409: 'the application was decided already' },
  access: 'admin',
  summary: 'Decline a pending application with a reason the buyer reads (admin)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.declineCompanyRequest, response: s.companyDetail };
  },
});

export const updateCompanyTerms = endpoint({
  method: 'PUT',
  path: '/api/companies/:id/terms',
  refusals: { 409: 'the company is not approved' },
  access: 'admin',
  summary: "Change an approved company's terms (admin)",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.approveCompanyRequest, response: s.companyDetail };
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
