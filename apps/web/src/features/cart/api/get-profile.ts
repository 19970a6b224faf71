import { getUser } from '@kanna/shared/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The buyer's user record: the checkout starts from its phone and address. */
const getProfile = (email: string, signal?: AbortSignal) => call(getUser, { params: { email } }, { signal });

export const useProfile = (email: string) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.users.profile(email),
      queryFn: ({ signal }) => getProfile(email, signal),
    }),
  );
