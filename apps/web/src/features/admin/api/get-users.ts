import type { UserRecord } from '@kanna/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/users (admin) — every account with its role. Spec §4: a 403 here signs the user out. */
export const getUsers = (signal?: AbortSignal): Promise<UserRecord[]> =>
  apiRequest<UserRecord[]>('/api/users', { signal, signOutOn403: true });

export const usersQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.users, queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = () => useQuery(usersQueryOptions());
