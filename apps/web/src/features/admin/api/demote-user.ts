import { demoteUser as demoteUserEndpoint } from '@kanna/shared/api/users';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** Takes the admin role away; 409 with the reason for the last administrator. */
const demoteUser = (email: string) => call(demoteUserEndpoint, { params: { email } });

export const useDemoteUser = () =>
  useMutationThenReload(demoteUser, { reload: 'settled', keys: [queryKeys.users.all] });
