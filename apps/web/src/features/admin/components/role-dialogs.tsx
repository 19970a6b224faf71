import { messages } from '@kanna/shared/domain/messages';
import type { UserRecord } from '@kanna/shared/users';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { useDemoteUser } from '../api/demote-user';
import { usePromoteUser } from '../api/promote-user';
import { adminTexts } from '../i18n';

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
  const t = useTexts(adminTexts).users;
  const say = useSay();
  const promote = usePromoteUser();
  const { refusal, setRefusal, close } = useRefusal(onClose);
  const confirm = () => {
    if (!user) return;
    setRefusal(null);
    promote.mutate(user.email, {
      onSuccess: () => {
        close(true);
        void notify('success', say(messages.promoted));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.statusCode === 403) {
          close(false);
          void notify('warning', say(messages.promoteForbidden));
        } else {
          setRefusal(error.message);
        }
      },
    });
  };
  return (
    <ConfirmDialog
      open={user !== null}
      title={user ? t.makeAdminTitle(user.displayName) : t.makeAdmin}
      confirmLabel={t.yesMakeAdmin}
      cancelLabel={t.keepCustomer}
      pendingLabel={t.makingAdmin}
      pending={promote.isPending}
      error={refusal}
      onConfirm={confirm}
      onCancel={() => close(false)}
    >
      {user && <p>{t.makeAdminBody(user.displayName, user.email)}</p>}
    </ConfirmDialog>
  );
}

/** "Remove admin", asked first; the server refuses the last administrator, and the dialog says so. */
export function RemoveAdminDialog({ user, isYou, onClose }: RoleDialogProps & { isYou: boolean }) {
  const t = useTexts(adminTexts).users;
  const say = useSay();
  const demote = useDemoteUser();
  const { refusal, setRefusal, close } = useRefusal(onClose);
  const confirm = () => {
    if (!user) return;
    setRefusal(null);
    demote.mutate(user.email, {
      onSuccess: () => {
        close(true);
        void notify('success', say(messages.adminRemoved(user.displayName)));
      },
      onError: (error) => setRefusal(error.message),
    });
  };
  return (
    <ConfirmDialog
      open={user !== null}
      title={user ? t.removeAdminTitle(user.displayName) : t.removeAdminQuestion}
      confirmLabel={t.yesRemoveAdmin}
      cancelLabel={t.keepAdmin}
      pendingLabel={t.removingAdmin}
      pending={demote.isPending}
      error={refusal}
      onConfirm={confirm}
      onCancel={() => close(false)}
    >
      {user && (
        <p>
          {isYou ? t.removeYourself : ''}
          {t.removeAdminBody(user.displayName, user.email)}
        </p>
      )}
    </ConfirmDialog>
  );
}
