import {
  acceptCompanyInvitation,
  applyForCompany,
  createCompany,
  decideCompany,
  exportCompanyLedger,
  getCompany,
  getMyCompany,
  inviteCompanyMember,
  issueStatement,
  listCompanies,
  listCompanyOrders,
  listCompanyPayments,
  listStatements,
  recordCompanyPayment,
  removeCompanyMember,
  reverseCompanyPayment,
  setCompanyPriceList,
  setMemberSpendingLimit,
  updateCompanyTerms,
  withdrawCompanyInvitation,
} from '@kanna/shared/api/companies';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../../lib/language';
import { sendPage } from '../../lib/paging';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { CompaniesService } from './companies.service';
import type { StatementsService } from './statements.service';

/**
 * Trade accounts, at the pinned names of `/api/companies` (decision 0063): the caller's own
 * company is `/mine` (found from the session); `/{id}` and its members are the owner's or an
 * administrator's (checked by the service), deciding and terms the administrators' (the
 * contract's guard).
 */
export const companiesRoutes =
  (companies: CompaniesService, statements: StatementsService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, getMyCompany, ({ user }) => companies.mine(user));
    await route(app, guards, applyForCompany, ({ body, user }) => companies.apply(user, body));
    await route(app, guards, acceptCompanyInvitation, ({ params, user }) =>
      companies.accept(user, params.token),
    );

    await route(app, guards, getCompany, ({ params, user }) => companies.show(user, params.id));
    await route(app, guards, inviteCompanyMember, ({ params, body, user }) =>
      companies.invite(user, params.id, body),
    );
    await route(app, guards, setMemberSpendingLimit, ({ params, body, user }) =>
      companies.setSpendingLimit(user, params.id, params.email, body.spendingLimit),
    );
    await route(app, guards, removeCompanyMember, async ({ params, user }) => ({
      acknowledged: true as const,
      deletedCount: await companies.removeMember(user, params.id, params.email),
    }));
    await route(app, guards, withdrawCompanyInvitation, async ({ params, user }) => ({
      acknowledged: true as const,
      deletedCount: await companies.withdrawInvitation(user, params.id, params.invitationId),
    }));
    await route(app, guards, listCompanyOrders, ({ params, user }) => companies.orders(user, params.id));
    await route(app, guards, listStatements, ({ params, user }) => statements.list(user, params.id));
    await route(app, guards, issueStatement, ({ params, body, user }) =>
      statements.issueNow(user, params.id, body),
    );
    await route(app, guards, listCompanyPayments, ({ params }) => statements.payments(params.id));
    await route(app, guards, reverseCompanyPayment, ({ params, body, user }) =>
      statements.reversePayment(user, params.id, params.paymentId, body),
    );
    await route(app, guards, recordCompanyPayment, ({ params, body, user }) =>
      statements.recordPayment(user, params.id, body),
    );
    await route(app, guards, exportCompanyLedger, async ({ params, user, request, reply }) => {
      const csv = await statements.ledgerCsv(user, params.id, requestLanguage(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kanna-ledger-${params.id}.csv"`)
        .send(csv);
    });

    await route(app, guards, listCompanies, async ({ query, request, reply }) =>
      sendPage(request, reply, await companies.list(query)),
    );
    await route(app, guards, createCompany, ({ body, user }) => companies.create(user, body));
    await route(app, guards, decideCompany, ({ params, body, user }) =>
      companies.decide(user, params.id, body),
    );
    await route(app, guards, updateCompanyTerms, ({ params, body, user }) =>
      companies.updateTerms(user, params.id, body),
    );
    await route(app, guards, setCompanyPriceList, ({ params, body, user }) =>
      companies.setPriceList(user, params.id, body.priceListId),
    );
  };
