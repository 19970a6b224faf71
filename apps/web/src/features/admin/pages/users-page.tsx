import { SEARCH_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import type { Translation } from '@kanna/shared/domain/translation';
import type { UserRecord } from '@kanna/shared/users';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type SearchBarLayout, SearchFilterBar } from '../../../components/ui/filter-bar';
import { useAddressFilters } from '../../../components/ui/list-address';
import { PagedList } from '../../../components/ui/paged-list';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSay } from '../../../lib/say';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useApproveBuyer } from '../api/approve-buyer';
import { useDeleteUser } from '../api/delete-user';
import { type UserFilters, useUsers } from '../api/get-users';
import { useDeletion } from '../components/deletion';
import { PriceListDialog } from '../components/price-list-dialog';
import { MakeAdminDialog, RemoveAdminDialog } from '../components/role-dialogs';
import { UsersTable } from '../components/users-table';
import { adminTexts } from '../i18n';
import type en from '../i18n/en';

export { PriceListsPage } from './price-lists-page';

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
function writeUserFilters(filters: UserFilters): URLSearchParams {
  const next = new URLSearchParams();
  const q = filters.q.trim().slice(0, SEARCH_MAX_LENGTH);
  if (q) next.set('q', q);
  if (filters.role) next.set('role', filters.role);
  return next;
}

function useUserFilters() {
  return useAddressFilters(readUserFilters, writeUserFilters, { q: '', role: '' });
}

/** Search by e-mail or name (after a pause in typing; one history entry per typing session) and role. */
const filterLayout = (t: Translation<typeof en>['users']): SearchBarLayout<UserFilters> => ({
  label: t.find,
  className: 'mb-4 sm:grid-cols-[2fr_1fr]',
  search: { label: t.search, name: 'q', placeholder: t.searchPlaceholder },
  choices: [
    {
      label: t.role,
      name: 'role',
      options: [
        { value: '', label: t.everyone },
        { value: 'user', label: t.customers },
        { value: 'admin', label: t.admins },
      ],
    },
  ],
  delayMs: USER_SEARCH_DELAY_MS,
});

/**
 * /dashboard/users (admin): every account, page by page, found by e-mail, name or role; make an
 * admin or remove the role, approve a buyer, or delete — each change of role or account asked first.
 */
export function UsersPage() {
  const t = useTexts(adminTexts).users;
  const say = useSay();
  usePageMeta(t.title, t.description);
  const session = useSession();
  const { filters, update } = useUserFilters();
  const query = useUsers(filters);
  const filtered = filters.q !== '' || filters.role !== '';
  const approve = useApproveBuyer();
  const remove = useDeleteUser();
  const [toPrice, setToPrice] = useState<UserRecord | null>(null);
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
            say(
              user.approved
                ? messages.approvalWithdrawn(user.displayName)
                : messages.buyerApproved(user.displayName),
            ),
          ),
        onError: (error) => void notify('error', error.message),
      },
    );

  const deletion = useDeletion(
    remove,
    (user: UserRecord) => user.email,
    ({ displayName }) => {
      void notify('success', t.deleted(displayName));
      heading.current?.focus();
    },
  );
  const toDelete = deletion.item;

  return (
    <section aria-labelledby="users-heading" className="w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 id="users-heading" ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
        {t.title}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">{t.lead}</p>
      <SearchFilterBar layout={filterLayout(t)} filters={filters} onChange={update} />
      <PagedList
        query={query}
        t={t}
        empty={{
          text: filtered ? t.noMatch : t.nobody,
          clear: filtered ? { label: t.showEveryone, onClick: () => update({ q: '', role: '' }) } : undefined,
        }}
        lineClassName="mb-4"
      >
        {(items) => (
          <UsersTable
            users={items}
            currentEmail={session.user?.email}
            onPromote={setToPromote}
            onDemote={setToDemote}
            onApprove={onApprove}
            onDelete={deletion.ask}
            onPriceList={setToPrice}
          />
        )}
      </PagedList>
      <ConfirmDialog
        {...deletion.dialog(t)}
        title={toDelete ? t.deleteTitle(toDelete.displayName) : t.deleteUser}
      >
        {toDelete && (
          <p>
            {toDelete.email === session.user?.email ? t.ownAccount : ''}
            {t.noLongerSignIn(toDelete.displayName, toDelete.email)}
          </p>
        )}
      </ConfirmDialog>
      {toPrice && <PriceListDialog user={toPrice} onClose={() => setToPrice(null)} />}
      <MakeAdminDialog user={toPromote} onClose={closed(setToPromote)} />
      <RemoveAdminDialog
        user={toDemote}
        isYou={toDemote?.email === session.user?.email}
        onClose={closed(setToDemote)}
      />
    </section>
  );
}
