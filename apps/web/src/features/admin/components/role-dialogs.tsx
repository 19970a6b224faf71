import { messages } from '@kanna/shared/domain/messages';
import type { UserRecord } from '@kanna/shared/users';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDemoteUser } from '../api/demote-user';
import { usePromoteUser } from '../api/promote-user';

interface RoleDialogProps {
  /** The account whose role would change; null while the dialog is closed. */
  user: UserRecord | null;
  /** Closes the dialog: `changed` once the role has changed (the row's button is gone). */
  onClose: (changed: boolean) => void;
}

/**
 * The server's refusal, shown in the dialog until it closes: cleared on every way out, so
 * opening it again never shows an old answer.
 */
function useRefusal(onClose: RoleDialogProps['onClose']) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = (changed: boolean) => {
    setRefusal(null);
    onClose(changed);
  };
  return { refusal, setRefusal, close };
}

/** "Make Admin", asked first; on yes, the spec's toasts: 'made a new admin', or 'you are not make a admin' for a 403. */
export function MakeAdminDialog({ user, onClose }: RoleDialogProps) {
  const promote = usePromoteUser();
  const { refusal, setRefusal, close } = useRefusal(onClose);
  const confirm = () => {
    if (!user) return;
    setRefusal(null);
    promote.mutate(user.email, {
      onSuccess: () => {
        close(true);
        void notify('success', messages.promoted);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.statusCode === 403) {
          close(false);
          void notify('warning', messages.promoteForbidden);
        } else {
          setRefusal(error.message);
        }
      },
    });
  };
  return (
    <ConfirmDialog
      open={user !== null}
      title={user ? `Make ${user.displayName} an administrator?` : 'Make admin?'}
      confirmLabel="Yes, make admin"
      cancelLabel="Keep as customer"
      pendingLabel="Making admin…"
      pending={promote.isPending}
      error={refusal}
      onConfirm={confirm}
      onCancel={() => close(false)}
    >
      {user && (
        <p>
          {user.displayName} ({user.email}) will be able to manage users, products and orders, until an
          administrator removes the role again.
        </p>
      )}
    </ConfirmDialog>
  );
}

/** "Remove admin", asked first; the server refuses the last administrator, and the dialog says so. */
export function RemoveAdminDialog({ user, isYou, onClose }: RoleDialogProps & { isYou: boolean }) {
  const demote = useDemoteUser();
  const { refusal, setRefusal, close } = useRefusal(onClose);
  const confirm = () => {
    if (!user) return;
    setRefusal(null);
    demote.mutate(user.email, {
      onSuccess: () => {
        close(true);
        void notify('success', messages.adminRemoved(user.displayName));
      },
      onError: (error) => setRefusal(error.message),
    });
  };
  return (
    <ConfirmDialog
      open={user !== null}
      title={user ? `Remove admin rights from ${user.displayName}?` : 'Remove admin?'}
      confirmLabel="Yes, remove admin"
      cancelLabel="Keep admin"
      pendingLabel="Removing admin…"
      pending={demote.isPending}
      error={refusal}
      onConfirm={confirm}
      onCancel={() => close(false)}
    >
      {user && (
        <p>
          {isYou ? 'This is your own account: you lose admin rights at once. ' : ''}
          {user.displayName} ({user.email}) will be a customer again and can no longer manage users, products
          or orders.
        </p>
      )}
    </ConfirmDialog>
  );
}
