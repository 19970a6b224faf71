import { demoteUser as demoteUserEndpoint } from '@kanna/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Takes the admin role away; 409 with the reason for the last administrator. */
const demoteUser = (email: string) => call(demoteUserEndpoint, { params: { email } });

export function useDemoteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: demoteUser,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
