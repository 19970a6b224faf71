import { listUsers } from '@kanna/shared/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every account with its role (admin). Spec §4: a 403 here signs the user out. */
export const getUsers = (signal?: AbortSignal) => call(listUsers, {}, { signal, signOutOn403: true });

export const usersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.list({}), queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = () => useQuery(usersQueryOptions());
