import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';

/**
 * What a form has sent to the address that the address does not show yet. When the address
 * catches up with one of them (`arrived` is true), that is the form's own echo, and what was
 * typed since stays in the fields; any other address (Back, Forward, Clear) is new to it.
 */
function useOwnEcho() {
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

type Fields = Record<string, string>;

/** The fields as one string in a fixed order: what the form sent (to know its echo), and a steady dependency. */
const keyOf = (fields: Fields) =>
  JSON.stringify(Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1))));

/** The fields of `typed` that differ from `applied`, or null when none does. */
function changeOf<T extends Fields>(typedKey: string, appliedKey: string): Partial<T> | null {
  const typed = JSON.parse(typedKey) as T;
  const applied = JSON.parse(appliedKey) as T;
  const change = Object.fromEntries(Object.entries(typed).filter(([name, value]) => value !== applied[name]));
  return Object.keys(change).length > 0 ? (change as Partial<T>) : null;
}

/**
 * Typed filters kept in the address (a search box, dates): what is typed is sent after a pause
 * (or at once on Enter) as `clean` makes it (trimmed, cut, a half-typed date left out); one typing
 * session makes one history entry, so Back returns to the list before it; a new address
 * (Back/Forward, a cleared filter) shows what it says. A change to another filter takes what is
 * typed along (`takeTyped`), so the list updates once rather than again when the pause ends.
 * `clean` and `commit` must keep their identity between renders (module functions, useCallback).
 */
export function useTypedFields<T extends Fields>(
  applied: T,
  commit: (change: Partial<T>, options: { replace: boolean }) => void,
  { clean, delayMs }: { clean: (draft: T) => T; delayMs: number },
) {
  const [draft, setDraft] = useState(applied);
  // Whether this typing session has already added a history entry (later pauses replace it).
  const typedEntry = useRef(false);
  const echo = useOwnEcho();
  const appliedKey = keyOf(applied);
  const typedKey = keyOf(clean(draft));
  const pending = useMemo(() => changeOf<T>(typedKey, appliedKey), [typedKey, appliedKey]);

  useEffect(() => {
    if (echo.arrived(appliedKey)) return;
    const now = JSON.parse(appliedKey) as T;
    // A field that already says what the address says keeps how it was typed ('saw ' for 'saw').
    setDraft((current) => {
      const cleaned = clean(current);
      return Object.fromEntries(
        Object.keys(now).map((name) => [name, cleaned[name] === now[name] ? current[name] : now[name]]),
      ) as T;
    });
  }, [appliedKey, echo, clean]);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      echo.sent(typedKey);
      commit(pending, { replace: typedEntry.current });
      typedEntry.current = true;
    }, delayMs);
    return () => clearTimeout(timer);
  }, [pending, typedKey, commit, delayMs, echo]);

  /** What is typed and not sent yet, to go with another change; the typing session ends. */
  const takeTyped = (): Partial<T> => {
    if (pending) echo.sent(typedKey);
    typedEntry.current = false;
    return pending ?? {};
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const replace = typedEntry.current;
    const change = takeTyped();
    if (pending) commit(change, { replace });
  };

  /** Focusing a field starts a new typing session (its first pause adds a history entry). */
  const startTyping = () => {
    typedEntry.current = false;
  };

  const type = useCallback((change: Partial<T>) => setDraft((current) => ({ ...current, ...change })), []);

  /** What the search box of field `name` shows and hears (FilterSearch's `box`). */
  const box = (name: keyof T & string) => ({
    draft: draft[name] as string,
    setDraft: (text: string) => type({ [name]: text } as Partial<T>),
    startTyping,
  });

  return { draft, pending, type, takeTyped, submit, startTyping, box };
}

/**
 * One search box over a filter kept in the address (useTypedFields with one field, trimmed and
 * cut to `max`). `typed` is what the box says now, trimmed and cut: a change to another filter
 * takes it along, so the list updates once rather than again when the pause ends.
 */
export function useTypedSearch(
  value: string,
  commit: (next: string, options: { replace: boolean }) => void,
  { max, delayMs }: { max: number; delayMs: number },
) {
  const clean = useCallback((draft: { q: string }) => ({ q: draft.q.trim().slice(0, max) }), [max]);
  const commitSearch = useCallback(
    (change: Partial<{ q: string }>, options: { replace: boolean }) => commit(change.q ?? '', options),
    [commit],
  );
  const fields = useTypedFields({ q: value }, commitSearch, { clean, delayMs });
  const setDraft = useCallback((q: string) => fields.type({ q }), [fields.type]);
  return {
    draft: fields.draft.q,
    typed: clean(fields.draft).q,
    setDraft,
    submit: fields.submit,
    startTyping: fields.startTyping,
  };
}
