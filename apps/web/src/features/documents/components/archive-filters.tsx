import { type IssuedKind, issuedKinds } from '@kanna/shared/domain/archive';
import { DateRangeFilter, isDay } from '../../../components/date-range-filter';
import { FilterBar, FilterField, FilterSearch, FilterSelect } from '../../../components/ui/filter-bar';
import { useAddressFilters } from '../../../components/ui/list-address';
import { useTypedFields } from '../../../components/ui/typed-search';
import { useTexts } from '../../../lib/i18n';
import type { ArchiveFilters } from '../api/get-documents';
import { archiveTexts } from '../i18n';

/** How long typing pauses before the list follows the boxes. */
const TYPING_DELAY_MS = 400;
const Q_MAX = 200;

const isKind = (value: string | null): value is IssuedKind =>
  value !== null && (issuedKinds as readonly string[]).includes(value);

/** An amount in dollars as typed: signed, up to two decimals; anything else is no bound. */
const isAmount = (v: string) => /^-?\d{1,9}(\.\d{1,2})?$/.test(v.trim());

function readFilters(params: URLSearchParams): ArchiveFilters {
  const kind = params.get('kind');
  const day = (name: string) => {
    const v = params.get(name) ?? '';
    return isDay(v) ? v : '';
  };
  const amount = (name: string) => {
    const v = (params.get(name) ?? '').trim();
    return isAmount(v) ? v : '';
  };
  return {
    q: (params.get('q') ?? '').trim().slice(0, Q_MAX),
    kind: isKind(kind) ? kind : '',
    from: day('from'),
    to: day('to'),
    min: amount('min'),
    max: amount('max'),
  };
}

/** The filters as a query string, always in one order, unset ones left out. */
function writeFilters(f: ArchiveFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const name of ['q', 'kind', 'from', 'to', 'min', 'max'] as const) {
    const v = f[name].trim();
    if (v) next.set(name, v);
  }
  return next;
}

export const isFiltered = (f: ArchiveFilters): boolean => Object.values(f).some((v) => v !== '');

/** The archive's search, kept in the address (`?q=&kind=&from=&to=&min=&max=`): a link, a reload and Back keep it. */
export function useArchiveFilters() {
  return useAddressFilters(readFilters, writeFilters, {
    q: '',
    kind: '',
    from: '',
    to: '',
    min: '',
    max: '',
  });
}

type Typed = Pick<ArchiveFilters, 'q' | 'from' | 'to' | 'min' | 'max'>;

const cleanTyped = (draft: Typed): Typed => ({
  q: draft.q.trim().slice(0, Q_MAX),
  from: isDay(draft.from) ? draft.from : '',
  to: isDay(draft.to) ? draft.to : '',
  min: isAmount(draft.min) ? draft.min.trim() : '',
  max: isAmount(draft.max) ? draft.max.trim() : '',
});

interface Props {
  filters: ArchiveFilters;
  onChange: (change: Partial<ArchiveFilters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
}

/** Counterparty, kind, the period issued and an amount range; the list follows typing after a pause. */
export function ArchiveFilterBar({ filters, onChange, onClear }: Props) {
  const typing = useTypedFields(
    { q: filters.q, from: filters.from, to: filters.to, min: filters.min, max: filters.max },
    onChange,
    { clean: cleanTyped, delayMs: TYPING_DELAY_MS },
  );
  const { draft, type, takeTyped, submit, startTyping } = typing;
  const t = useTexts(archiveTexts);
  const kindOptions: { value: IssuedKind | ''; label: string }[] = [
    { value: '', label: t.everyKind },
    ...issuedKinds.map((kind) => ({ value: kind, label: t.kinds[kind] })),
  ];
  const amountField = (name: 'min' | 'max', label: string) => (
    <FilterField label={label}>
      {(id) => (
        <input
          id={id}
          type="text"
          inputMode="decimal"
          name={name}
          className="input w-full"
          autoComplete="off"
          value={draft[name]}
          onFocus={startTyping}
          onChange={(event) => type({ [name]: event.target.value })}
        />
      )}
    </FilterField>
  );

  return (
    <FilterBar label={t.filter} onSubmit={submit} className="grid-cols-2 lg:grid-cols-4">
      <FilterSearch
        label={t.counterparty}
        name="q"
        placeholder={t.counterpartyPlaceholder}
        box={typing.box('q')}
        hint={t.counterpartyHint}
        className="col-span-2"
      />
      <FilterSelect
        label={t.kind}
        name="kind"
        value={filters.kind}
        options={kindOptions}
        onChange={(kind) => onChange({ ...takeTyped(), kind })}
        className="col-span-2"
      />
      {amountField('min', t.minAmount)}
      {amountField('max', t.maxAmount)}
      <DateRangeFilter typing={typing} filtered={isFiltered(filters)} onClear={onClear} t={t} />
    </FilterBar>
  );
}
