import { ORDER_NOTE_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { type OrderDesk, orderNoteRequest } from '@kanna/shared/orders';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { useShopTime } from '../../../lib/shop-time';
import { useAddOrderNote } from '../api/add-order-note';
import { adminOrderTexts } from '../i18n/admin';
import { OrderSection } from './order-details';

/**
 * The admins' internal notes on an order (never shown to the buyer), oldest first, and the
 * form that adds one: 1–2,000 characters, counted as they are typed, judged by the contract's
 * rules before sending; the server's refusal shows above the button.
 */
export function OrderNotes({ order }: { order: OrderDesk }) {
  const t = useTexts(adminOrderTexts);
  const say = useSay();
  const when = useShopTime();
  const add = useAddOrderNote();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const fieldId = useId();
  const countId = `${fieldId}-count`;
  const errorId = `${fieldId}-error`;
  const notes = order.notes ?? [];
  const tooLong = text.length > ORDER_NOTE_MAX_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(false);
    const parsed = orderNoteRequest.safeParse({ text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    add.mutate(
      { id: order._id, text: parsed.data.text },
      {
        onSuccess: () => {
          setText('');
          setAdded(true);
        },
      },
    );
  };

  return (
    <OrderSection id="order-notes" title={t.internalNotes}>
      <p className="mb-3 text-sm text-base-content/80">{t.notesLead}</p>
      {notes.length === 0 ? (
        <p className="mb-4 text-base-content/80">{t.noNotes}</p>
      ) : (
        <ul className="mb-4 flex flex-col gap-3">
          {notes.map((note, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: notes have no id and are only ever added, oldest first
            <li key={i} className="rounded-box bg-base-200/60 p-3">
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">{note.text}</p>
              <p className="mt-1 text-sm text-base-content/80">
                {note.by}
                {t.noteBySeparator}
                <time dateTime={note.at}>{when(note.at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-2" aria-label={t.addANote}>
        <label htmlFor={fieldId} className="font-semibold">
          {t.note}
        </label>
        <textarea
          id={fieldId}
          rows={3}
          className={`textarea w-full ${problem ? 'textarea-error' : ''}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${countId} ${errorId}` : countId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
            setAdded(false);
          }}
        />
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          {problem ? (
            <p id={errorId} className="font-medium text-error">
              {say(problem)}
            </p>
          ) : (
            <span />
          )}
          <p id={countId} className={tooLong ? 'font-medium text-error' : 'text-base-content/80'}>
            {t.characters(text.length, ORDER_NOTE_MAX_LENGTH)}
          </p>
        </div>
        <FormAlert>{add.error?.message}</FormAlert>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-primary btn-sm max-sm:btn-md" disabled={add.isPending}>
            {add.isPending ? t.adding : t.addNote}
          </button>
          <span role="status" className="text-sm font-semibold">
            {added ? say(messages.orderNoteAdded) : ''}
          </span>
        </div>
      </form>
    </OrderSection>
  );
}
