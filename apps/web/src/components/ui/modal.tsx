import { type ReactNode, useEffect, useRef } from 'react';
import { useTexts } from '../../lib/i18n';
import { pieceTexts } from './i18n';

interface ModalProps {
  open: boolean;
  /** Escape, the backdrop, or a close button: the owner decides what closing means. */
  onClose: () => void;
  /** id of the dialog's heading (its accessible name). */
  labelledBy: string;
  /** id of the text that says what the dialog is about. */
  describedBy?: string;
  /** A click beside the box closes the dialog; turn it off where closing loses what was typed. */
  closeOnBackdrop?: boolean;
  /** Extra classes for the box (its size and padding). */
  boxClassName?: string;
  children: ReactNode;
}

/**
 * A modal on the native <dialog> (daisyUI's modal): the browser traps focus, makes the page
 * behind it inert, closes it on Escape and gives focus back to what opened it. The element
 * marked `data-autofocus` gets the focus when it opens (the safe choice in a confirmation).
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  closeOnBackdrop = true,
  boxClassName = '',
  children,
}: ModalProps) {
  const t = useTexts(pieceTexts);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (open) onClose();
      }}
    >
      <div className={`modal-box ${boxClassName}`}>{open ? children : null}</div>
      {closeOnBackdrop && (
        <button type="button" className="modal-backdrop" tabIndex={-1} aria-hidden="true" onClick={onClose}>
          {t.close}
        </button>
      )}
    </dialog>
  );
}
