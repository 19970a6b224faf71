import { messages } from '@kanna/shared/domain/messages';
import type { OrderStatus } from '@kanna/shared/orders';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useListAddress } from '../../../components/ui/list-address';
import { useOwnEcho } from '../../../components/ui/typed-search';
import { DEFAULT_PAGE_SIZE, isDay, type OrderListFilters } from '../api/get-all-orders';
import { adminStateLabel } from '../format';

/** The server searches at most 100 characters. */
const ORDER_SEARCH_MAX = 100;
/** How long typing pauses before the list follows the search box. */
const ORDER_SEARCH_DELAY_MS = 400;
/** The page sizes the admin can choose. */
export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;

const statuses: OrderStatus[] = ['unpaid', 'paid', 'shipped', 'cancelled'];
const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && (statuses as string[]).includes(value);

/** The states as the State filter offers them ('Pending' is paid and waiting to be shipped). */
const stateOptions: { value: OrderStatus | ''; label: string }[] = [
  { value: '', label: 'All states' },
  { value: 'unpaid', label: adminStateLabel.unpaid },
  { value: 'paid', label: `${adminStateLabel.paid} (paid, to ship)` },
  { value: 'shipped', label: adminStateLabel.shipped },
  { value: 'cancelled', label: adminStateLabel.cancelled },
];

/** Reads the filters from a query string; anything unknown (an old link, a typo) is left out. */
function readOrderFilters(params: URLSearchParams): OrderListFilters {
  const status = params.get('status');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const limit = Number(params.get('limit'));
  return {
    status: isStatus(status) ? status : '',
    q: (params.get('q') ?? '').trim().slice(0, ORDER_SEARCH_MAX),
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/** The filters as a query string, always in one order (status, q, from, to, limit), defaults left out. */
function writeOrderFilters(filters: OrderListFilters): URLSearchParams {
  const next = new URLSearchParams();
  if (filters.status) next.set('status', filters.status);
  const q = filters.q.trim().slice(0, ORDER_SEARCH_MAX);
  if (q) next.set('q', q);
  if (filters.from) next.set('from', filters.from);
  if (filters.to) next.set('to', filters.to);
  if (filters.limit !== DEFAULT_PAGE_SIZE) next.set('limit', String(filters.limit));
  return next;
}

/** Whether anything narrows the list (the page size does not). */
export const isFiltered = (f: OrderListFilters): boolean => Boolean(f.status || f.q || f.from || f.to);

/**
 * The admin's order filters, kept in the address (`?status=&q=&from=&to=&limit=`), so a link
 * can be shared, a reload keeps them and Back returns to the list before a change.
 */
export function useOrderFilters() {
  const { params, write } = useListAddress();
  const filters = useMemo(() => readOrderFilters(params), [params]);
  const update = useCallback(
    (change: Partial<OrderListFilters>, options: { replace?: boolean } = {}) =>
      write((current) => writeOrderFilters({ ...readOrderFilters(current), ...change }), options),
    [write],
  );
  const clear = useCallback(() => update({ status: '', q: '', from: '', to: '' }), [update]);
  return { filters, update, clear };
}

interface OrderFiltersProps {
  filters: OrderListFilters;
  onChange: (change: Partial<OrderListFilters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
}

/** The address's search and dates as one string: what the fields sent, to know their echo. */
const addressKey = (q: string, from: string, to: string) => JSON.stringify([q, from, to]);

/**
 * State, a search (order id, customer e-mail or name, product) and a date range. The list
 * follows the search box after a pause in typing; one typing session is one history entry.
 */
export function OrderFilters({ filters, onChange, onClear }: OrderFiltersProps) {
  const id = useId();
  // What the fields say while the user types; the address follows after a pause.
  const [draft, setDraft] = useState({ q: filters.q, from: filters.from, to: filters.to });
  // Whether this typing session has already added a history entry (later pauses replace it).
  const typedEntry = useRef(false);
  // The address catching up with what the fields sent must not undo what was typed since.
  const echo = useOwnEcho();

  // Back/forward or Clear changes the address: show what it says.
  useEffect(() => {
    if (echo.arrived(addressKey(filters.q, filters.from, filters.to))) return;
    setDraft((current) => ({
      q: current.q.trim() === filters.q ? current.q : filters.q,
      from: filters.from,
      to: filters.to,
    }));
  }, [filters.q, filters.from, filters.to, echo]);

  const pending = useMemo(() => {
    const change: Partial<OrderListFilters> = {};
    const q = draft.q.trim().slice(0, ORDER_SEARCH_MAX);
    if (q !== filters.q) change.q = q;
    // A half-typed date (year 0002 on the way to 2026) is not applied until the typing pauses.
    const from = isDay(draft.from) ? draft.from : '';
    const to = isDay(draft.to) ? draft.to : '';
    if (from !== filters.from) change.from = from;
    if (to !== filters.to) change.to = to;
    return Object.keys(change).length > 0 ? change : null;
  }, [draft, filters.q, filters.from, filters.to]);

  // The address the fields ask for, as `sent` records it.
  const pendingKey = pending
    ? addressKey(pending.q ?? filters.q, pending.from ?? filters.from, pending.to ?? filters.to)
    : '';

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      echo.sent(pendingKey);
      onChange(pending, { replace: typedEntry.current });
      typedEntry.current = true;
    }, ORDER_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending, pendingKey, onChange, echo]);

  const send = (change: Partial<OrderListFilters>, options?: { replace: boolean }) => {
    if (pending) echo.sent(pendingKey);
    onChange(change, options);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) send(pending, { replace: typedEntry.current });
    typedEntry.current = false;
  };
  // A new state takes what the search box already says with it: one list update, not two.
  const changeStatus = (status: OrderStatus | '') => {
    send({ ...pending, status });
    typedEntry.current = false;
  };
  const newSession = () => {
    typedEntry.current = false;
  };

  const backwards = draft.from !== '' && draft.to !== '' && draft.from > draft.to;
  const tooLong = draft.q.trim().length > ORDER_SEARCH_MAX;

  return (
    <search aria-label="Filter orders">
      <form
        onSubmit={submit}
        className="grid grid-cols-2 gap-3 rounded-box border border-base-300 bg-base-200 p-4 sm:gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]"
      >
        <div className="col-span-2 flex flex-col gap-1 lg:col-span-1">
          <label htmlFor={`${id}-q`} className="text-sm font-semibold">
            Search
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            className="input w-full"
            value={draft.q}
            maxLength={ORDER_SEARCH_MAX}
            placeholder="Order id, e-mail, name or product"
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={`${id}-q-hint`}
            onFocus={newSession}
            onChange={(event) => setDraft((d) => ({ ...d, q: event.target.value }))}
          />
          <span id={`${id}-q-hint`} className="text-xs text-base-content/80">
            {tooLong ? messages.searchTooLong : 'Order id, customer e-mail or name, or a product.'}
          </span>
        </div>
        <div className="col-span-2 flex min-w-0 flex-col gap-1 lg:col-span-1">
          <label htmlFor={`${id}-status`} className="text-sm font-semibold">
            State
          </label>
          <select
            id={`${id}-status`}
            name="status"
            className="select w-full"
            value={filters.status}
            onChange={(event) => changeStatus(event.target.value as OrderStatus | '')}
          >
            {stateOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-semibold">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            name="from"
            className="input w-full"
            value={draft.from}
            max={draft.to || undefined}
            onFocus={newSession}
            onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value }))}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-sm font-semibold">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            name="to"
            className="input w-full"
            value={draft.to}
            min={draft.from || undefined}
            onFocus={newSession}
            onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value }))}
          />
        </div>
        {(backwards || isFiltered(filters) || draft.from || draft.to) && (
          <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 lg:col-span-4">
            <p className={backwards ? 'text-sm text-error' : 'text-sm text-base-content/80'}>
              {backwards
                ? 'From is after To: no order can match.'
                : 'Dates are days in your time zone, both included.'}
            </p>
            <button type="button" className="btn btn-sm btn-ghost" onClick={onClear}>
              Clear filters
            </button>
          </div>
        )}
      </form>
    </search>
  );
}
