import { messages } from '@kanna/shared/domain/messages';
import type { UserRecord } from '@kanna/shared/users';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { usePromoteUser } from '../api/promote-user';
import { UsersTable } from '../components/users-table';

const newestFirst = (a: UserRecord, b: UserRecord) => b.createdAt.localeCompare(a.createdAt);

/** /dashboard/users (admin): every account; promote to admin, or delete. */
export function UsersPage() {
  usePageMeta('Users', 'Every Kanna account: make a customer an admin, or remove an account.');
  const session = useSession();
  const query = useUsers();
  const promote = usePromoteUser();
  const remove = useDeleteUser();
  const [toDelete, setToDelete] = useState<UserRecord | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const onPromote = (user: UserRecord) =>
    promote.mutate(user.email, {
      onSuccess: () => void notify('success', messages.promoted),
      onError: (error) => {
        if (error instanceof ApiError && error.statusCode === 403)
          void notify('warning', messages.promoteForbidden);
        else void notify('error', error.message);
      },
    });

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
        Everyone with an account, newest first. Admin makes a customer an administrator; there is no way back.
      </p>
      <QueryState
        query={query}
        loadingLabel="Loading users"
        errorTitle="The users could not be loaded."
        empty="Nobody has signed up yet."
      >
        {(users) => (
          <UsersTable
            users={[...users].sort(newestFirst)}
            currentEmail={session.user?.email}
            onPromote={onPromote}
            onDelete={askDelete}
            promoting={promote.isPending ? promote.variables : null}
          />
        )}
      </QueryState>
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
    </section>
  );
}
