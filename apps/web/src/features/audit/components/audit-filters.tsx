import { type AuditKind, auditKinds } from '@kanna/shared/domain/audit';
import { DateRangeFilter, isDay } from '../../../components/date-range-filter';
import { FilterBar, FilterSearch, FilterSelect } from '../../../components/ui/filter-bar';
import { useAddressFilters } from '../../../components/ui/list-address';
import { useTypedFields } from '../../../components/ui/typed-search';
import { useTexts } from '../../../lib/i18n';
import type { AuditFilters } from '../api/get-audit';
import { auditTexts } from '../i18n';

/** How long typing pauses before the log follows the admin box and the dates. */
const AUDIT_TYPING_DELAY_MS = 400;
const ACTOR_MAX = 254;

const isKind = (value: string | null): value is AuditKind =>
  value !== null && (auditKinds as readonly string[]).includes(value);

/** Reads the filters from a query string; anything unknown (an old link, a typo) is left out. */
function readAuditFilters(params: URLSearchParams): AuditFilters {
  const kind = params.get('kind');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    actor: (params.get('actor') ?? '').trim().slice(0, ACTOR_MAX),
    kind: isKind(kind) ? kind : '',
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
  };
}

/** The filters as a query string, always in one order (actor, kind, from, to), unset ones left out. */
function writeAuditFilters(f: AuditFilters): URLSearchParams {
  const next = new URLSearchParams();
  const actor = f.actor.trim();
  if (actor) next.set('actor', actor);
  if (f.kind) next.set('kind', f.kind);
  if (f.from) next.set('from', f.from);
  if (f.to) next.set('to', f.to);
  return next;
}

export const isFiltered = (f: AuditFilters): boolean => Boolean(f.actor || f.kind || f.from || f.to);

/** The log's filters, kept in the address (`?actor=&kind=&from=&to=`): a link, a reload and Back keep them. */
export function useAuditFilters() {
  return useAddressFilters(readAuditFilters, writeAuditFilters, { actor: '', kind: '', from: '', to: '' });
}

type TypedFilters = Pick<AuditFilters, 'actor' | 'from' | 'to'>;

const cleanTyped = (draft: TypedFilters): TypedFilters => ({
  actor: draft.actor.trim().slice(0, ACTOR_MAX),
  from: isDay(draft.from) ? draft.from : '',
  to: isDay(draft.to) ? draft.to : '',
});

interface AuditFilterBarProps {
  filters: AuditFilters;
  onChange: (change: Partial<AuditFilters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
}

/**
 * Admin (an e-mail address), kind and a date range. The log follows the admin box and the
 * dates after a pause in typing; a kind at once, taking what is typed along.
 */
export function AuditFilterBar({ filters, onChange, onClear }: AuditFilterBarProps) {
  const typing = useTypedFields({ actor: filters.actor, from: filters.from, to: filters.to }, onChange, {
    clean: cleanTyped,
    delayMs: AUDIT_TYPING_DELAY_MS,
  });
  const { takeTyped, submit } = typing;

  const t = useTexts(auditTexts);
  const kindOptions: { value: AuditKind | ''; label: string }[] = [
    { value: '', label: t.everyKind },
    ...auditKinds.map((kind) => ({ value: kind, label: t.kinds[kind] })),
  ];

  return (
    <FilterBar
      label={t.filter}
      onSubmit={submit}
      className="grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <FilterSearch
        label={t.admin}
        name="actor"
        placeholder="admin@example.com"
        box={typing.box('actor')}
        hint={t.adminHint}
        className="col-span-2 lg:col-span-1"
      />
      <FilterSelect
        label={t.kind}
        name="kind"
        value={filters.kind}
        options={kindOptions}
        onChange={(kind) => onChange({ ...takeTyped(), kind })}
        className="col-span-2 lg:col-span-1"
      />
      <DateRangeFilter typing={typing} filtered={isFiltered(filters)} onClear={onClear} t={t} />
    </FilterBar>
  );
}
