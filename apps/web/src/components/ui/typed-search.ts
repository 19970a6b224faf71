import { type FormEvent, useEffect, useRef, useState } from 'react';

/**
 * A search box over a filter kept in the address: what is typed is sent after a pause (or at
 * once on Enter), trimmed and cut to `max`; one typing session makes one history entry, so Back
 * returns to the list before the search; a new address (Back/Forward, a cleared filter) shows
 * what it says. `typed` is what the box says now, trimmed and cut: a change to another filter takes
 * it along, so the list updates once rather than again when the pause ends.
 */
export function useTypedSearch(
  value: string,
  commit: (next: string, options: { replace: boolean }) => void,
  { max, delayMs }: { max: number; delayMs: number },
) {
  const [draft, setDraft] = useState(value);
  // Whether this typing session has already added a history entry (later pauses replace it).
  const typedEntry = useRef(false);

  useEffect(() => {
    setDraft((current) => (current.trim() === value ? current : value));
  }, [value]);

  const typed = draft.trim().slice(0, max);

  useEffect(() => {
    const next = draft.trim().slice(0, max);
    if (next === value) return;
    const timer = setTimeout(() => {
      commit(next, { replace: typedEntry.current });
      typedEntry.current = true;
    }, delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, commit, max, delayMs]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== value) commit(typed, { replace: typedEntry.current });
    typedEntry.current = false;
  };

  /** Focusing the box starts a new typing session (its first pause adds a history entry). */
  const startTyping = () => {
    typedEntry.current = false;
  };

  return { draft, typed, setDraft, submit, startTyping };
}
