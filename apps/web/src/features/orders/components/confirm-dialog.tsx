import { type ReactNode, useId } from 'react';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Says what the confirm button does ('Yes, cancel order'), never just 'OK' (DESIGN §6). */
  confirmLabel: string;
  /** Says what backing out does ('Keep order'). */
  cancelLabel: string;
  /** Shown on the confirm button while the action runs. */
  pendingLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  /** Why the action failed, shown in the dialog. */
  error?: string | null;
}

/** A yes/no question about a destructive action; the safe answer has the focus. */
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
      <div id={bodyId} className="mt-3 text-base-content/90">
        {children}
      </div>
      {error && (
        <p role="alert" className="mt-3 font-medium text-error">
          {error}
        </p>
      )}
      <div className="modal-action flex-wrap">
        <button type="button" className="btn" onClick={onCancel} disabled={pending} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm} disabled={pending}>
          {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
