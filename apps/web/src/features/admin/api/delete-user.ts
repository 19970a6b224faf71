import { deleteUser as deleteUserEndpoint } from '@kanna/shared/api/users';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** Deletes an account (admin); 409 with the reason for yourself or the last admin. */
const deleteUser = (email: string) => call(deleteUserEndpoint, { params: { email } });

export const useDeleteUser = () =>
  useMutationThenReload(deleteUser, { reload: 'success', keys: [queryKeys.users.all] });
