import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SEARCH_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { orderStatuses } from '@kanna/shared/domain/orders';
import type { OrderStatus } from '@kanna/shared/orders';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar, FilterSearch, FilterSelect } from '../../../components/ui/filter-bar';
import { useAddressFilters } from '../../../components/ui/list-address';
import { useTypedFields } from '../../../components/ui/typed-search';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { isDay, type OrderListFilters } from '../api/get-all-orders';
import { adminOrderTexts } from '../i18n/admin';

/** How long typing pauses before the list follows the search box and the dates. */
const ORDER_SEARCH_DELAY_MS = 400;
/** The page sizes the admin can choose. */
export const PAGE_SIZES = [10, 25, DEFAULT_PAGE_SIZE, 100, MAX_PAGE_SIZE] as const;

const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && (orderStatuses as readonly string[]).includes(value);

/** Reads the filters from a query string; anything unknown (an old link, a typo) is left out. */
function readOrderFilters(params: URLSearchParams): OrderListFilters {
  const status = params.get('status');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const limit = Number(params.get('limit'));
  return {
    status: isStatus(status) ? status : '',
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/** The filters as a query string, always in one order (status, q, from, to, limit), defaults left out. */
function writeOrderFilters(filters: OrderListFilters): URLSearchParams {
  const next = new URLSearchParams();
  if (filters.status) next.set('status', filters.status);
  const q = filters.q.trim().slice(0, SEARCH_MAX_LENGTH);
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
  return useAddressFilters(readOrderFilters, writeOrderFilters, { status: '', q: '', from: '', to: '' });
}

interface OrderFiltersProps {
  filters: OrderListFilters;
  onChange: (change: Partial<OrderListFilters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
}

type TypedFilters = Pick<OrderListFilters, 'q' | 'from' | 'to'>;

/** What the typed fields ask for: the search trimmed and cut; a half-typed date (year 0002 on the way to 2026) not yet. */
const cleanTyped = (draft: TypedFilters): TypedFilters => ({
  q: draft.q.trim().slice(0, SEARCH_MAX_LENGTH),
  from: isDay(draft.from) ? draft.from : '',
  to: isDay(draft.to) ? draft.to : '',
});

/**
 * State, a search (order id, customer e-mail or name, product) and a date range. The list
 * follows the search box and the dates after a pause in typing; one typing session is one
 * history entry.
 */
export function OrderFilters({ filters, onChange, onClear }: OrderFiltersProps) {
  const typing = useTypedFields({ q: filters.q, from: filters.from, to: filters.to }, onChange, {
    clean: cleanTyped,
    delayMs: ORDER_SEARCH_DELAY_MS,
  });
  const { draft, takeTyped, submit } = typing;

  const t = useTexts(adminOrderTexts);
  const say = useSay();
  const tooLong = draft.q.trim().length > SEARCH_MAX_LENGTH;
  /** The states as the State filter offers them ('Pending' is paid and waiting to be shipped). */
  const stateOptions: { value: OrderStatus | ''; label: string }[] = [
    { value: '', label: t.allStates },
    { value: 'unpaid', label: t.states.unpaid },
    { value: 'paid', label: t.pendingOption(t.states.paid) },
    { value: 'shipped', label: t.states.shipped },
    { value: 'cancelled', label: t.states.cancelled },
  ];

  return (
    <FilterBar
      label={t.filterOrders}
      onSubmit={submit}
      className="grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <FilterSearch
        label={t.search}
        name="q"
        placeholder={t.searchPlaceholder}
        box={typing.box('q')}
        hint={tooLong ? say(messages.searchTooLong) : t.searchHint}
        className="col-span-2 lg:col-span-1"
      />
      <FilterSelect
        label={t.state}
        name="status"
        value={filters.status}
        options={stateOptions}
        // A new state takes what the search box already says with it: one list update, not two.
        onChange={(status) => onChange({ ...takeTyped(), status })}
        className="col-span-2 lg:col-span-1"
      />
      <DateRangeFilter typing={typing} filtered={isFiltered(filters)} onClear={onClear} t={t} />
    </FilterBar>
  );
}
