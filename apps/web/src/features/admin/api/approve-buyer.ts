import { approveBuyer as approveBuyerEndpoint } from '@kanna/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Approves a trade buyer for large unpaid orders, or withdraws the approval. */
const approveBuyer = ({ email, approved }: { email: string; approved: boolean }) =>
  call(approveBuyerEndpoint, { params: { email }, body: { approved } });

export function useApproveBuyer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveBuyer,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
