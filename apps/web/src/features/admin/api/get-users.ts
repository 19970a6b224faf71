import { listUsers } from '@kanna/shared/api/users';
import type { Role } from '@kanna/shared/users';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { flattenPages } from '../../../components/ui/load-more';
import { callPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What the admin looks users up by: a piece of the e-mail or name, and the role ('' is any). */
export interface UserFilters {
  q: string;
  role: Role | '';
}

const usersQuery = ({ q, role }: UserFilters) => ({ q: q.trim() || undefined, role: role || undefined });

/** One page of accounts (admin), newest first. Spec §4: a 403 here signs the user out. */
const getUsersPage = (filters: UserFilters, cursor: string | null, signal?: AbortSignal) =>
  callPage(
    listUsers,
    { query: { ...usersQuery(filters), cursor: cursor ?? undefined } },
    { signal, signOutOn403: true },
  );

const usersQueryOptions = (filters: UserFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.users.list(usersQuery(filters)),
    queryFn: ({ pageParam, signal }) => getUsersPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: (data) => flattenPages(data),
  });

/** The accounts matching `filters`, page by page; the last list stays on screen while others load. */
export const useUsers = (filters: UserFilters) =>
  useInfiniteQuery({ ...usersQueryOptions(filters), placeholderData: keepPreviousData });
