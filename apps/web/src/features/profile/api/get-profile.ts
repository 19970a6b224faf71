import type { UserRecord } from '@kanna/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/users/{email}: the user record behind the profile screens (spec §7). */
export const getProfile = (email: string, signal?: AbortSignal): Promise<UserRecord> =>
  apiGet<UserRecord>(`/api/users/${encodeURIComponent(email)}`, signal);

export const profileQueryKey = (email: string) => ['users', 'profile', email.toLowerCase()] as const;

export const profileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: profileQueryKey(email),
    queryFn: ({ signal }) => getProfile(email, signal),
    enabled: email !== '',
  });

export const useProfile = (email: string) => useQuery(profileQueryOptions(email));
