import { deleteUser as deleteUserEndpoint } from '@kanna/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Deletes an account (admin); 409 with the reason for yourself or the last admin. */
const deleteUser = (email: string) => call(deleteUserEndpoint, { params: { email } });

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
