import { getUser } from '@kanna/shared/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** The user record: the profile screens show and edit it (spec §7), the checkout starts from its phone and address. */
const getProfile = (email: string, signal?: AbortSignal) => call(getUser, { params: { email } }, { signal });

const profileQuery = (email: string) =>
  queryOptions({
    queryKey: queryKeys.users.profile(email),
    queryFn: ({ signal }) => getProfile(email, signal),
    enabled: email !== '',
  });

/** The user's record; not asked while `email` is '' (the session is not known yet). */
export const useProfile = (email: string) => useQuery(profileQuery(email));
