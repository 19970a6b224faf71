import { type FormEvent, useEffect, useRef, useState } from 'react';

/**
 * What a form has sent to the address that the address does not show yet. When the address
 * catches up with one of them (`arrived` is true), that is the form's own echo, and what was
 * typed since stays in the fields; any other address (Back, Forward, Clear) is new to it.
 */
export function useOwnEcho() {
  // One object for the form's life: effects that use it never run again because of it.
  const [echo] = useState(ownEcho);
  return echo;
}

function ownEcho() {
  let sent: string[] = [];
  return {
    sent(key: string) {
      sent.push(key);
    },
    arrived(key: string): boolean {
      const own = sent.indexOf(key);
      sent = own < 0 ? [] : sent.slice(own + 1);
      return own >= 0;
    },
  };
}

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
  const echo = useOwnEcho();

  useEffect(() => {
    if (echo.arrived(value)) return;
    setDraft((current) => (current.trim() === value ? current : value));
  }, [value, echo]);

  const send = (next: string, options: { replace: boolean }) => {
    echo.sent(next);
    commit(next, options);
  };

  const typed = draft.trim().slice(0, max);

  useEffect(() => {
    const next = draft.trim().slice(0, max);
    if (next === value) return;
    const timer = setTimeout(() => {
      echo.sent(next);
      commit(next, { replace: typedEntry.current });
      typedEntry.current = true;
    }, delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, commit, max, delayMs, echo]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== value) send(typed, { replace: typedEntry.current });
    typedEntry.current = false;
  };

  /** Focusing the box starts a new typing session (its first pause adds a history entry). */
  const startTyping = () => {
    typedEntry.current = false;
  };

  return { draft, typed, setDraft, submit, startTyping };
}
