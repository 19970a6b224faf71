import type { ToolKind } from '@kanna/shared/catalog';
import { useCallback, useId } from 'react';
import { useTypedSearch } from '../../../components/ui/typed-search';
import { toolKindList, toolKindNames } from '../../../lib/tools';
import type { CatalogFilters as Filters } from '../catalog-filters-address';
import { SEARCH_MAX_LENGTH } from '../catalog-filters-address';
import { sortLabels, sortList, type ToolSort } from '../tool-format';

/** How long typing pauses before the list follows the search box. */
const SEARCH_DELAY_MS = 350;

interface CatalogFiltersProps {
  filters: Filters;
  onChange: (change: Partial<Filters>, options?: { replace?: boolean }) => void;
}

/**
 * Search by name, sort and kind. The list follows the search box as the user types; one
 * typing session makes one history entry, so Back returns to the list before the search.
 */
export function CatalogFilters({ filters, onChange }: CatalogFiltersProps) {
  const id = useId();
  const commit = useCallback(
    (search: string, options: { replace: boolean }) => onChange({ search }, options),
    [onChange],
  );
  const { draft, typed, setDraft, submit, startTyping } = useTypedSearch(filters.search, commit, {
    max: SEARCH_MAX_LENGTH,
    delayMs: SEARCH_DELAY_MS,
  });

  return (
    <search aria-label="Find tools">
      <form
        onSubmit={submit}
        className="grid grid-cols-2 gap-3 rounded-box border border-base-300 bg-base-200 p-4 sm:gap-4 lg:grid-cols-[2fr_1fr_1fr]"
      >
        <div className="col-span-2 flex flex-col gap-1 lg:col-span-1">
          <label htmlFor={`${id}-search`} className="text-sm font-semibold">
            Search by name
          </label>
          <input
            id={`${id}-search`}
            type="search"
            name="search"
            className="input w-full"
            value={draft}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="e.g. chisel"
            autoComplete="off"
            enterKeyHint="search"
            onFocus={startTyping}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-sort`} className="text-sm font-semibold">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            name="sort"
            className="select w-full"
            value={filters.sort}
            onChange={(event) => onChange({ sort: event.target.value as ToolSort, search: typed })}
          >
            {sortList.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-kind`} className="text-sm font-semibold">
            Kind
          </label>
          <select
            id={`${id}-kind`}
            name="kind"
            className="select w-full"
            value={filters.kind}
            onChange={(event) => onChange({ kind: event.target.value as ToolKind | '', search: typed })}
          >
            <option value="">All kinds</option>
            {toolKindList.map((kind) => (
              <option key={kind} value={kind}>
                {toolKindNames[kind].many}
              </option>
            ))}
          </select>
        </div>
      </form>
    </search>
  );
}
