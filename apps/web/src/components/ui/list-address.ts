import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters in the address (`?status=&q=…`), written from what the address says now.
 *
 * React Router's `setSearchParams(fn)` hands `fn` the query string of the last render; the router
 * renders a navigation in a transition, so two changes in quick succession (a page size, then a
 * state, faster than the render) would build the second from the stale address and undo the
 * first. `write` builds from the latest address this hook has seen or written instead.
 */
export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const seen = useRef(params);
  const latest = useRef(params);
  // A new address (ours arriving, Back/Forward, a link) becomes the one to build on.
  if (seen.current !== params) {
    seen.current = params;
    latest.current = params;
  }

  const write = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams, options: { replace?: boolean } = {}) => {
      const written = next(new URLSearchParams(latest.current));
      latest.current = written;
      setParams(written, { replace: options.replace ?? false });
    },
    [setParams],
  );

  return { params, write };
}

/**
 * A list's filters kept in the address: `read` takes them from a query string (leaving out what
 * it does not know), `write` makes one in a fixed order; `update` changes some and keeps the rest,
 * `clear` sets `cleared` (what "Clear filters" resets). A link, a reload and Back keep them.
 */
export function useAddressFilters<F>(
  read: (params: URLSearchParams) => F,
  write: (filters: F) => URLSearchParams,
  cleared: Partial<F>,
) {
  const { params, write: writeAddress } = useListAddress();
  const filters = useMemo(() => read(params), [read, params]);
  const update = useCallback(
    (change: Partial<F>, options: { replace?: boolean } = {}) =>
      writeAddress((current) => write({ ...read(current), ...change }), options),
    [read, write, writeAddress],
  );
  // `cleared` is a constant of its list; keeping it out of the dependencies keeps `clear` stable.
  const reset = useRef(cleared);
  const clear = useCallback(() => update(reset.current), [update]);
  return { filters, update, clear };
}

/**
 * The `cursor` of a list's address (a later page, opened from a crawler's or a shared "More"
 * link): the server's are short base64url; anything else is ignored, so the list starts at its
 * first item (null).
 */
export function readCursor(params: URLSearchParams): string | null {
  const cursor = params.get('cursor');
  return cursor && cursor.length <= 200 && /^[\w-]+$/.test(cursor) ? cursor : null;
}
