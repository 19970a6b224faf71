import { FilterField } from './ui/filter-bar';

/** A From–To pair of days as a list's filter bar types them (`YYYY-MM-DD`, '' when unset). */
export type DayRange = { from: string; to: string };

/** The words the range shows: its two labels, what it says when From is after To, and its hint. */
export type DayRangeTexts = {
  from: string;
  to: string;
  backwards: string;
  datesHint: string;
  clearFilters: string;
};

/** A real `YYYY-MM-DD` day (a date field half typed is not one yet). */
export function isDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Whether From comes after To, so that nothing can match. */
const isBackwards = (range: DayRange): boolean =>
  range.from !== '' && range.to !== '' && range.from > range.to;

/**
 * A filter bar's From and To days, each bounding the other, with a line under them that says
 * the dates' rule (or that From is after To) and clears the filters. The line shows while
 * anything is filtered (`filtered`) or a day is typed.
 */
export function DateRangeFilter({
  typing: { draft, type, startTyping },
  filtered,
  onClear,
  t,
}: {
  /** The bar's typed fields (useTypedFields), of which `from` and `to` are these two. */
  typing: { draft: DayRange; type: (change: Partial<DayRange>) => void; startTyping: () => void };
  filtered: boolean;
  onClear: () => void;
  t: DayRangeTexts;
}) {
  const backwards = isBackwards(draft);
  return (
    <>
      {(['from', 'to'] as const).map((edge) => (
        <FilterField key={edge} label={edge === 'from' ? t.from : t.to}>
          {(id) => (
            <input
              id={id}
              type="date"
              name={edge}
              className="input w-full"
              value={draft[edge]}
              // Each bounds the other: no day before From can be To.
              min={edge === 'to' ? draft.from || undefined : undefined}
              max={edge === 'from' ? draft.to || undefined : undefined}
              onFocus={startTyping}
              onChange={(event) => type({ [edge]: event.target.value })}
            />
          )}
        </FilterField>
      ))}
      {(backwards || filtered || draft.from || draft.to) && (
        <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 lg:col-span-4">
          <p className={backwards ? 'text-sm text-error' : 'text-sm text-base-content/80'}>
            {backwards ? t.backwards : t.datesHint}
          </p>
          <button type="button" className="btn btn-sm btn-ghost" onClick={onClear}>
            {t.clearFilters}
          </button>
        </div>
      )}
    </>
  );
}
