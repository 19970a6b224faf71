import {
  acceptCompanyInvitation,
  applyForCompany,
  approveCompany,
  createCompany,
  declineCompany,
  getCompany,
  getMyCompany,
  inviteCompanyMember,
  listCompanies,
  listCompanyOrders,
  removeCompanyMember,
  setCompanyPriceList,
  setMemberSpendingLimit,
  updateCompanyTerms,
} from '@kanna/shared/api/companies';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { CompaniesService } from './companies.service';

/**
 * Trade accounts: `/api/company` is the caller's own company (found from the session, its role
 * checked by the service), `/api/companies` the administrators' (the contract's guard).
 */
export const companiesRoutes =
  (companies: CompaniesService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, getMyCompany, ({ user }) => companies.mine(user));
    await route(app, guards, applyForCompany, ({ body, user }) => companies.apply(user, body));
    await route(app, guards, inviteCompanyMember, ({ body, user }) => companies.invite(user, body.email));
    await route(app, guards, acceptCompanyInvitation, ({ body, user }) => companies.accept(user, body.token));
    await route(app, guards, setMemberSpendingLimit, ({ params, body, user }) =>
      companies.setSpendingLimit(user, params.userId, body.spendingLimit),
    );
    await route(app, guards, removeCompanyMember, async ({ params, user }) => ({
      acknowledged: true as const,
      deletedCount: await companies.removeMember(user, params.userId),
    }));
    await route(app, guards, listCompanyOrders, ({ user }) => companies.orders(user));

    await route(app, guards, listCompanies, () => companies.list());
    await route(app, guards, getCompany, ({ params }) => companies.detail(params.id));
    await route(app, guards, createCompany, ({ body, user }) => companies.create(user, body));
    await route(app, guards, approveCompany, ({ params, body, user }) =>
      companies.approve(user, params.id, body.terms),
    );
    await route(app, guards, declineCompany, ({ params, body, user }) =>
      companies.decline(user, params.id, body.reason),
    );
    await route(app, guards, updateCompanyTerms, ({ params, body, user }) =>
      companies.updateTerms(user, params.id, body.terms),
    );
    await route(app, guards, setCompanyPriceList, ({ params, body, user }) =>
      companies.setPriceList(user, params.id, body.priceListId),
    );
  };
