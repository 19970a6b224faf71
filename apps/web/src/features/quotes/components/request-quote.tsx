import { QUOTE_NOTE_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { useId, useRef, useState } from 'react';
import { useTexts } from '../../../lib/i18n';
import { useRequestQuote } from '../api/request-quote';
import { quoteTexts } from '../i18n';

type Line = { toolId: string; quantity: number };

/**
 * "Request a quote": a button that opens a small form (an optional note) and sends the lines. In
 * the cart, the cart's lines as they are (`lines`; the cart stays); beside a tool's Contact
 * Supplier, that one tool (`tool`) in the quantity the buyer types. Sent, it says so (read out to
 * screen readers); a refusal is shown at the form and what was typed is kept.
 */
export function RequestQuote(
  props:
    | { lines: readonly Line[]; tool?: never }
    | { tool: { toolId: string; minQuantity: number }; lines?: never },
) {
  const t = useTexts(quoteTexts);
  const send = useRequestQuote();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [quantity, setQuantity] = useState(String(props.tool?.minQuantity ?? 1));
  const [sent, setSent] = useState(false);
  const quantityId = useId();
  const noteId = useId();
  const hintId = useId();
  const headingId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const quantityField = useRef<HTMLInputElement>(null);

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
            // The form's first field takes the keyboard.
            requestAnimationFrame(() => (quantityField.current ?? field.current)?.focus());
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
            const lines: Line[] = props.tool
              ? [{ toolId: props.tool.toolId, quantity: Number(quantity) }]
              : props.lines.map((l) => ({ toolId: l.toolId, quantity: l.quantity }));
            send.mutate(
              { lines, note },
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
          <p className="text-sm text-base-content/80">{props.tool ? t.toolFormLead : t.formLead}</p>
          {props.tool && (
            <>
              <label htmlFor={quantityId} className="text-sm font-medium">
                {t.quantityWanted}
              </label>
              <input
                ref={quantityField}
                id={quantityId}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                className="input input-bordered w-full sm:w-48"
                value={quantity}
                onChange={(event) => setQuantity(event.target.value)}
              />
            </>
          )}
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
