import { approveBuyer as approveBuyerEndpoint } from '@kanna/shared/api/users';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** Approves a trade buyer for large unpaid orders, or withdraws the approval. */
const approveBuyer = ({ email, approved }: { email: string; approved: boolean }) =>
  call(approveBuyerEndpoint, { params: { email }, body: { approved } });

export const useApproveBuyer = () =>
  useMutationThenReload(approveBuyer, { reload: 'settled', keys: [queryKeys.users.all] });
