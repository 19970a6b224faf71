import { type ReactNode, useId } from 'react';
import { FormAlert } from './form-alert';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Says what the confirm button does ('Yes, cancel order'), never just 'OK' (docs/web.md, "The web app"). */
  confirmLabel: string;
  /** Says what backing out does ('Keep order'). */
  cancelLabel: string;
  /** Shown on the confirm button while the action runs ('Deleting…'). */
  pendingLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs: the buttons wait, and Escape or the backdrop do not close the dialog. */
  pending?: boolean;
  /** Why the action failed (the server's message); the dialog stays open. */
  error?: string | null | undefined;
}

/**
 * A yes/no question before something that cannot be undone, on `Modal`: focus stays inside,
 * Escape cancels, and focus returns to the button that opened it. The safe answer has the
 * focus first.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  pendingLabel,
  onConfirm,
  onCancel,
  pending = false,
  error,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal open={open} onClose={pending ? () => {} : onCancel} labelledBy={titleId} describedBy={bodyId}>
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      <div id={bodyId} className="mt-3">
        {children}
      </div>
      <FormAlert className="mt-4">{error}</FormAlert>
      <div className="modal-action flex-wrap">
        <button type="button" className="btn" onClick={onCancel} disabled={pending} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
