import type { ToolKind } from '@kanna/shared/catalog';
import { SEARCH_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { useCallback, useId } from 'react';
import { FilterBar, FilterSearch, FilterSelect } from '../../../components/ui/filter-bar';
import { useTypedSearch } from '../../../components/ui/typed-search';
import { toolKindList, toolKindNames } from '../../../lib/tools';
import type { CatalogFilters as Filters } from '../catalog-filters-address';
import { sortLabels, sortList, type ToolSort } from '../tool-format';

/** How long typing pauses before the list follows the search box. */
const SEARCH_DELAY_MS = 350;

const sortOptions = sortList.map((sort) => ({ value: sort, label: sortLabels[sort] }));
const kindOptions: { value: ToolKind | ''; label: string }[] = [
  { value: '', label: 'All kinds' },
  ...toolKindList.map((kind) => ({ value: kind, label: toolKindNames[kind].many })),
];

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
    <FilterBar label="Find tools" onSubmit={submit} className="grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
      <FilterSearch
        id={`${id}-search`}
        label="Search by name"
        name="search"
        value={draft}
        onChange={setDraft}
        onFocus={startTyping}
        placeholder="e.g. chisel"
        className="col-span-2 lg:col-span-1"
      />
      <FilterSelect
        id={`${id}-sort`}
        label="Sort by"
        name="sort"
        value={filters.sort}
        options={sortOptions}
        onChange={(sort: ToolSort) => onChange({ sort, search: typed })}
      />
      <FilterSelect
        id={`${id}-kind`}
        label="Kind"
        name="kind"
        value={filters.kind}
        options={kindOptions}
        onChange={(kind) => onChange({ kind, search: typed })}
      />
    </FilterBar>
  );
}
