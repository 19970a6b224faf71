import { SEARCH_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import type { UserRecord } from '@kanna/shared/users';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type SearchBarLayout, SearchFilterBar } from '../../../components/ui/filter-bar';
import { useListAddress } from '../../../components/ui/list-address';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useApproveBuyer } from '../api/approve-buyer';
import { useDeleteUser } from '../api/delete-user';
import { type UserFilters, useUsers } from '../api/get-users';
import { MakeAdminDialog, RemoveAdminDialog } from '../components/role-dialogs';
import { UsersTable } from '../components/users-table';

/** How long typing pauses before the list follows the search box. */
export const USER_SEARCH_DELAY_MS = 400;

const readUserFilters = (params: URLSearchParams): UserFilters => {
  const role = params.get('role');
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    role: role === 'user' || role === 'admin' ? role : '',
  };
};

/** The search and the role, kept in the address (`?q=&role=`), defaults left out. */
function useUserFilters() {
  const { params, write } = useListAddress();
  const filters = useMemo(() => readUserFilters(params), [params]);
  const update = useCallback(
    (change: Partial<UserFilters>, options: { replace?: boolean } = {}) =>
      write((current) => {
        const merged = { ...readUserFilters(current), ...change };
        const next = new URLSearchParams();
        const q = merged.q.trim().slice(0, SEARCH_MAX_LENGTH);
        if (q) next.set('q', q);
        if (merged.role) next.set('role', merged.role);
        return next;
      }, options),
    [write],
  );
  return { filters, update };
}

/** Search by e-mail or name (after a pause in typing; one history entry per typing session) and role. */
const filterLayout: SearchBarLayout<UserFilters> = {
  label: 'Find users',
  className: 'mb-4 sm:grid-cols-[2fr_1fr]',
  search: { label: 'Search by e-mail or name', name: 'q', placeholder: 'e.g. taro@example.jp' },
  choices: [
    {
      label: 'Role',
      name: 'role',
      options: [
        { value: '', label: 'Everyone' },
        { value: 'user', label: 'Customers' },
        { value: 'admin', label: 'Admins' },
      ],
    },
  ],
  delayMs: USER_SEARCH_DELAY_MS,
};

const userCount = (n: number) => (n === 1 ? '1 user' : `${n.toLocaleString('en-US')} users`);

/**
 * /dashboard/users (admin): every account, page by page, found by e-mail, name or role; make an
 * admin or remove the role, approve a buyer, or delete — each change of role or account asked first.
 */
export function UsersPage() {
  usePageMeta(
    'Users',
    'Every Kanna account: make a customer an admin or take the role back, or remove an account.',
  );
  const session = useSession();
  const { filters, update } = useUserFilters();
  const query = useUsers(filters);
  const list = useRef<HTMLDivElement>(null);
  const filtered = filters.q !== '' || filters.role !== '';
  const updating = query.isPlaceholderData && query.isFetching;
  const approve = useApproveBuyer();
  const remove = useDeleteUser();
  const [toDelete, setToDelete] = useState<UserRecord | null>(null);
  const [toPromote, setToPromote] = useState<UserRecord | null>(null);
  const [toDemote, setToDemote] = useState<UserRecord | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** A dialog closes: after a change the row's button is gone, so focus goes to the heading. */
  const closed = (close: (user: null) => void) => (changed: boolean) => {
    close(null);
    if (changed) heading.current?.focus();
  };

  const onApprove = (user: UserRecord) =>
    approve.mutate(
      { email: user.email, approved: !user.approved },
      {
        onSuccess: () =>
          void notify(
            'success',
            user.approved
              ? messages.approvalWithdrawn(user.displayName)
              : messages.buyerApproved(user.displayName),
          ),
        onError: (error) => void notify('error', error.message),
      },
    );

  const askDelete = (user: UserRecord) => {
    remove.reset();
    setToDelete(user);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const name = toDelete.displayName;
    remove.mutate(toDelete.email, {
      onSuccess: () => {
        setToDelete(null);
        void notify('success', `Deleted the account of ${name}`);
        heading.current?.focus();
      },
    });
  };

  return (
    <section aria-labelledby="users-heading" className="w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 id="users-heading" ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
        Users
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">
        Everyone with an account, newest first. Admin makes a customer an administrator; Remove admin makes
        them a customer again (the last administrator keeps the role). Approve lets a trusted trade buyer hold
        unpaid orders past the usual limits.
      </p>
      <SearchFilterBar layout={filterLayout} filters={filters} onChange={update} />
      <p className="mb-4 min-h-6 text-sm text-base-content/80" aria-live="polite">
        {updating
          ? 'Updating the list…'
          : query.isSuccess
            ? `${userCount(query.data.items.length)} shown${query.hasNextPage ? '; more below' : ''}.`
            : ''}
      </p>
      <div
        ref={list}
        aria-busy={query.isFetching}
        className={updating ? 'opacity-60 transition-opacity' : undefined}
      >
        <QueryState query={query} loadingLabel="Loading users" errorTitle="The users could not be loaded.">
          {({ items }) =>
            items.length === 0 ? (
              <div className="py-10 text-center text-base-content/80">
                <p>{filtered ? 'No user matches your search.' : 'Nobody has signed up yet.'}</p>
                {filtered && (
                  <button type="button" className="btn btn-link" onClick={() => update({ q: '', role: '' })}>
                    Show everyone
                  </button>
                )}
              </div>
            ) : (
              <>
                <UsersTable
                  users={items}
                  currentEmail={session.user?.email}
                  onPromote={setToPromote}
                  onDemote={setToDemote}
                  onApprove={onApprove}
                  onDelete={askDelete}
                />
                <LoadMore query={query} count={items.length} listRef={list} label="Load more users" />
              </>
            )
          }
        </QueryState>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? `Delete the account of ${toDelete.displayName}?` : 'Delete user?'}
        confirmLabel="Yes, delete user"
        cancelLabel="Keep user"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete && (
          <p>
            {toDelete.email === session.user?.email ? 'This is your own account. ' : ''}
            {toDelete.displayName} ({toDelete.email}) will no longer be able to sign in.
          </p>
        )}
      </ConfirmDialog>
      <MakeAdminDialog user={toPromote} onClose={closed(setToPromote)} />
      <RemoveAdminDialog
        user={toDemote}
        isYou={toDemote?.email === session.user?.email}
        onClose={closed(setToDemote)}
      />
    </section>
  );
}
