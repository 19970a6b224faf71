import {
  acceptCompanyInvitation,
  applyForCompany,
  createCompany,
  decideCompany,
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
import { approveOrder, declineOrder } from '@kanna/shared/api/orders';
import type {
  CompanyApplicationRequest,
  CompanyPaymentRequest,
  CompanyTermsRequest,
  CreateCompanyRequest,
  InvitationRequest,
  IssueStatementRequest,
} from '@kanna/shared/companies';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { flattenPages } from '../components/ui/load-more';
import { call, callPage } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * Trade accounts (docs/rules.md, "Companies"): the buyer's company page and the administrators'
 * companies pages, at the shop's pinned `/api/companies` names. Each write has its company read again.
 */
export const useMyCompany = () =>
  useQuery({
    queryKey: queryKeys.company.mine,
    queryFn: ({ signal }) => call(getMyCompany, {}, { signal }),
  });

/** The members' orders of company `id`, for its owner (or an administrator). */
export const useCompanyOrders = (id: string) =>
  useQuery({
    queryKey: queryKeys.company.orders(id),
    queryFn: ({ signal }) => call(listCompanyOrders, { params: { id } }, { signal }),
  });

/**
 * A write to the caller's company, then their company read again, and `also`: the admin's view of
 * companies, or — for the owner's approvals of a member's order — every list of orders.
 */
function useCompanyWrite<A, R>(
  write: (args: A) => Promise<R>,
  also: readonly unknown[] = queryKeys.companies.all,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['company'] }),
        queryClient.invalidateQueries({ queryKey: also }),
      ]),
  });
}

/** The owner approves a member's order awaiting approval. */
export const useApproveOrder = () =>
  useCompanyWrite((id: string) => call(approveOrder, { params: { id } }), queryKeys.orders.all);

/** The owner declines a member's order awaiting approval, with a reason. */
export const useDeclineOrder = () =>
  useCompanyWrite(
    ({ id, reason }: { id: string; reason: string }) =>
      call(declineOrder, { params: { id }, body: { reason } }),
    queryKeys.orders.all,
  );

export const useApplyForCompany = () =>
  useCompanyWrite((body: CompanyApplicationRequest) => call(applyForCompany, { body }));

/** Invites a buyer to company `id` (its owner or an administrator). */
export const useInviteMember = (id: string) =>
  useCompanyWrite((body: InvitationRequest) => call(inviteCompanyMember, { params: { id }, body }));

export const useAcceptInvitation = () =>
  useCompanyWrite((token: string) => call(acceptCompanyInvitation, { params: { token } }));

export const useSetSpendingLimit = (id: string) =>
  useCompanyWrite(({ email, spendingLimit }: { email: string; spendingLimit: number | null }) =>
    call(setMemberSpendingLimit, { params: { id, email }, body: { spendingLimit } }),
  );

/** Withdraws an invitation of company `id` not yet accepted: its link stops working. */
export const useWithdrawInvitation = (id: string) =>
  useCompanyWrite((invitationId: string) =>
    call(withdrawCompanyInvitation, { params: { id, invitationId } }),
  );

export const useRemoveMember = (id: string) =>
  useCompanyWrite((email: string) => call(removeCompanyMember, { params: { id, email } }));

/** What the admin looks companies up by: a piece of the name or its reading. */
const companiesQuery = (q: string) => ({ q: q.trim() || undefined });

const companiesQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.companies.list(companiesQuery(q)),
    queryFn: ({ pageParam, signal }) =>
      callPage(
        listCompanies,
        { query: { ...companiesQuery(q), cursor: pageParam ?? undefined } },
        { signal, signOutOn403: true },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: (data) => flattenPages(data),
  });

/** The companies matching `q` (admin), page by page; the last list stays on screen while others load. A 403 here signs the user out. */
export const useCompanies = (q: string) =>
  useInfiniteQuery({ ...companiesQueryOptions(q), placeholderData: keepPreviousData });

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

/** Approves a pending application with its terms (PATCH …/{id}, status approved). */
export const useApproveCompany = () =>
  useAdminWrite(({ id, terms }: { id: string; terms: CompanyTermsRequest }) =>
    call(decideCompany, { params: { id }, body: { status: 'approved', terms } }),
  );

export const useUpdateCompanyTerms = () =>
  useAdminWrite(({ id, terms }: { id: string; terms: CompanyTermsRequest }) =>
    call(updateCompanyTerms, { params: { id }, body: terms }),
  );

/** Declines a pending application with the reason its applicant reads (PATCH …/{id}, status declined). */
export const useDeclineCompany = () =>
  useAdminWrite(({ id, reason }: { id: string; reason: string }) =>
    call(decideCompany, { params: { id }, body: { status: 'declined', reason } }),
  );

export const useSetCompanyPriceList = () =>
  useAdminWrite(({ id, priceListId }: { id: string; priceListId: string | null }) =>
    call(setCompanyPriceList, { params: { id }, body: { priceListId } }),
  );

/** An approved company made at once for an existing account, its owner (admin; POST /api/companies/direct). */
export const useCreateCompany = () =>
  useAdminWrite((body: CreateCompanyRequest) => call(createCompany, { body }));

/**
 * Company `id`'s statements, newest first (its owner or an administrator; decision 0069). Only
 * asked for by those two: a 403 here is a refusal shown, not a reason to sign out.
 */
export const useCompanyStatements = (id: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.company.statements(id),
    queryFn: ({ signal }) => call(listStatements, { params: { id } }, { signal }),
    enabled,
  });

/** The company's figures (balance, available, overdue) for its owner: GET /api/companies/{id}. */
export const useCompanyFigures = (id: string) =>
  useQuery({
    queryKey: queryKeys.company.figures(id),
    queryFn: ({ signal }) => call(getCompany, { params: { id } }, { signal }),
  });

/** An administrator issues company `id`'s statement now; then its statements and figures are read again. */
export const useIssueStatement = (id: string) =>
  useCompanyWrite((body: IssueStatementRequest) => call(issueStatement, { params: { id }, body }));

/** An administrator records money company `id` paid; then its statements and figures are read again. */
export const useRecordPayment = (id: string) =>
  useCompanyWrite((body: CompanyPaymentRequest) => call(recordCompanyPayment, { params: { id }, body }));

/** The money company `id` paid, newest first, each with where it went or its reversal (admin). */
export const useCompanyPayments = (id: string) =>
  useQuery({
    queryKey: queryKeys.company.payments(id),
    queryFn: ({ signal }) => call(listCompanyPayments, { params: { id } }, { signal }),
  });

/** An administrator reverses a payment of company `id` with a reason; then its figures, statements and payments are read again. */
export const useReversePayment = (id: string) =>
  useCompanyWrite(({ paymentId, reason }: { paymentId: string; reason: string }) =>
    call(reverseCompanyPayment, { params: { id, paymentId }, body: { reason } }),
  );
