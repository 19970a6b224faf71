import { type ReactNode, useEffect, useId, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Says what happens: 'Yes, delete user'. */
  confirmLabel: string;
  /** Says what is kept: 'Keep user'. */
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs: the buttons wait. */
  busy?: boolean;
  /** Shown on the confirm button while the action runs ('Deleting…'). */
  busyLabel?: string;
  /** Why the action failed (the server's message); the dialog stays open. */
  error?: string | null;
}

/**
 * A modal question before something that cannot be undone (DESIGN §6: the buttons say what
 * they do). A native <dialog>: focus stays inside, Escape cancels, and focus returns to the
 * button that opened it. The safe answer has the focus first.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  busyLabel = 'Working…',
  error = null,
}: ConfirmDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      keep.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <div className="modal-box">
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {title}
        </h2>
        <div id={`${id}-body`} className="mt-3">
          {children}
        </div>
        {error && (
          <p role="alert" className="mt-4 rounded-box border border-error/40 p-3 text-error">
            {error}
          </p>
        )}
        <div className="modal-action flex-wrap">
          <button ref={keep} type="button" className="btn" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
