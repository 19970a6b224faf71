import { getUser } from '@kanna/shared/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The user record behind the profile screens (spec §7). */
const getProfile = (email: string, signal?: AbortSignal) => call(getUser, { params: { email } }, { signal });

const profileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.users.profile(email),
    queryFn: ({ signal }) => getProfile(email, signal),
    enabled: email !== '',
  });

export const useProfile = (email: string) => useQuery(profileQueryOptions(email));
