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
import type {
  CompanyApplicationRequest,
  CompanyTermsRequest,
  CreateCompanyRequest,
} from '@kanna/shared/companies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * Trade accounts (docs/rules.md, "Companies"): the buyer's company page and the administrators'
 * companies pages. Each write has its company read again.
 */
export const useMyCompany = () =>
  useQuery({
    queryKey: queryKeys.company.mine,
    queryFn: ({ signal }) => call(getMyCompany, {}, { signal }),
  });

/** The members' orders, for the owner only (`enabled` when the caller is the owner). */
export const useCompanyOrders = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.company.orders,
    queryFn: ({ signal }) => call(listCompanyOrders, {}, { signal }),
    enabled,
  });

/** A write to the caller's company, then their company read again. */
function useCompanyWrite<A, R>(write: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['company'] }),
  });
}

export const useApplyForCompany = () =>
  useCompanyWrite((body: CompanyApplicationRequest) => call(applyForCompany, { body }));

export const useInviteMember = () =>
  useCompanyWrite((email: string) => call(inviteCompanyMember, { body: { email } }));

export const useAcceptInvitation = () =>
  useCompanyWrite((token: string) => call(acceptCompanyInvitation, { body: { token } }));

export const useSetSpendingLimit = () =>
  useCompanyWrite(({ userId, spendingLimit }: { userId: string; spendingLimit: number | null }) =>
    call(setMemberSpendingLimit, { params: { userId }, body: { spendingLimit } }),
  );

export const useRemoveMember = () =>
  useCompanyWrite((userId: string) => call(removeCompanyMember, { params: { userId } }));

/** Every company (admin). A 403 here signs the user out. */
export const useCompanies = () =>
  useQuery({
    queryKey: queryKeys.companies.all,
    queryFn: ({ signal }) => call(listCompanies, {}, { signal, signOutOn403: true }),
  });

export const useCompanyDetail = (id: string) =>
  useQuery({
    queryKey: queryKeys.companies.detail(id),
    queryFn: ({ signal }) => call(getCompany, { params: { id } }, { signal, signOutOn403: true }),
  });

/** An administrator's write to company `id`, then the companies read again. */
function useAdminWrite<A, R>(write: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.companies.all }),
  });
}

export const useApproveCompany = () =>
  useAdminWrite(({ id, terms }: { id: string; terms: CompanyTermsRequest }) =>
    call(approveCompany, { params: { id }, body: { terms } }),
  );

export const useUpdateCompanyTerms = () =>
  useAdminWrite(({ id, terms }: { id: string; terms: CompanyTermsRequest }) =>
    call(updateCompanyTerms, { params: { id }, body: { terms } }),
  );

export const useDeclineCompany = () =>
  useAdminWrite(({ id, reason }: { id: string; reason: string }) =>
    call(declineCompany, { params: { id }, body: { reason } }),
  );

export const useSetCompanyPriceList = () =>
  useAdminWrite(({ id, priceListId }: { id: string; priceListId: string | null }) =>
    call(setCompanyPriceList, { params: { id }, body: { priceListId } }),
  );

/** An approved company made at once for an existing account, its owner (admin). */
export const useCreateCompany = () =>
  useAdminWrite((body: CreateCompanyRequest) => call(createCompany, { body }));
