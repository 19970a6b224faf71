import { promoteUser as promoteUserEndpoint } from '@kanna/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Makes the user an admin (`useDemoteUser` takes the role back). */
const promoteUser = (email: string) => call(promoteUserEndpoint, { params: { email } });

export function usePromoteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
