import { QUOTE_NOTE_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { useId, useRef, useState } from 'react';
import { useTexts } from '../../../lib/i18n';
import { useRequestQuote } from '../api/request-quote';
import { quoteTexts } from '../i18n';

/**
 * The cart's "Request a quote": a button that opens a small form (an optional note) and sends the
 * cart's lines as they are. Sent, it says so (read out to screen readers) and the cart stays; a
 * refusal is shown at the form and the note is kept.
 */
export function RequestQuote({ lines }: { lines: readonly { toolId: string; quantity: number }[] }) {
  const t = useTexts(quoteTexts);
  const send = useRequestQuote();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [sent, setSent] = useState(false);
  const noteId = useId();
  const hintId = useId();
  const headingId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const close = () => {
    setOpen(false);
    send.reset();
    // The form and its buttons are gone: the keyboard goes back to the button that opened it.
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <div className="flex flex-col gap-3 border-t border-base-300 pt-4">
      {!open && (
        <button
          ref={opener}
          type="button"
          className="btn btn-outline w-full"
          aria-expanded={false}
          onClick={() => {
            setSent(false);
            setOpen(true);
            requestAnimationFrame(() => field.current?.focus());
          }}
        >
          {t.request}
        </button>
      )}
      {open && (
        <form
          aria-labelledby={headingId}
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (send.isPending) return;
            send.mutate(
              { lines: lines.map((l) => ({ toolId: l.toolId, quantity: l.quantity })), note },
              {
                onSuccess: () => {
                  setSent(true);
                  setNote('');
                  close();
                },
              },
            );
          }}
        >
          <h3 id={headingId} className="text-lg font-semibold">
            {t.formTitle}
          </h3>
          <p className="text-sm text-base-content/80">{t.formLead}</p>
          <label htmlFor={noteId} className="text-sm font-medium">
            {t.note}
          </label>
          <textarea
            ref={field}
            id={noteId}
            aria-describedby={hintId}
            className="textarea textarea-bordered w-full"
            rows={3}
            maxLength={QUOTE_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={hintId} className="-mt-2 text-xs text-base-content/70">
            {t.noteHint}
          </p>
          {send.error && (
            <p role="alert" className="text-sm font-medium text-error">
              {send.error.message}
            </p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="submit"
              className="btn btn-secondary sm:flex-1"
              aria-disabled={send.isPending || undefined}
            >
              {send.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {send.isPending ? t.sending : t.send}
            </button>
            <button type="button" className="btn btn-ghost" onClick={close}>
              {t.cancel}
            </button>
          </div>
        </form>
      )}
      <p
        role="status"
        className={sent ? 'rounded-field bg-success/15 px-3 py-2 text-sm font-medium' : 'sr-only'}
      >
        {sent ? t.sent : ''}
      </p>
    </div>
  );
}
