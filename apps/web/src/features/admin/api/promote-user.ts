import { promoteUser as promoteUserEndpoint } from '@kanna/shared/api/users';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** Makes the user an admin (`useDemoteUser` takes the role back). */
const promoteUser = (email: string) => call(promoteUserEndpoint, { params: { email } });

export const usePromoteUser = () =>
  useMutationThenReload(promoteUser, { reload: 'settled', keys: [queryKeys.users.all] });
