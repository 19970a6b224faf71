import type { ToolKind } from '@kanna/shared/catalog';
import { type SearchBarLayout, SearchFilterBar } from '../../../components/ui/filter-bar';
import { toolKindList, toolKindNames } from '../../../lib/tools';
import type { CatalogFilters as Filters } from '../catalog-filters-address';
import { sortLabels, sortList } from '../tool-format';

/** Search by name, sort and kind; the list follows the search box after a pause of 350 ms. */
const layout: SearchBarLayout<Filters> = {
  label: 'Find tools',
  className: 'grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]',
  search: {
    label: 'Search by name',
    name: 'search',
    placeholder: 'e.g. chisel',
    className: 'col-span-2 lg:col-span-1',
  },
  choices: [
    {
      label: 'Sort by',
      name: 'sort',
      options: sortList.map((sort) => ({ value: sort, label: sortLabels[sort] })),
    },
    {
      label: 'Kind',
      name: 'kind',
      options: [
        { value: '' as ToolKind | '', label: 'All kinds' },
        ...toolKindList.map((kind) => ({ value: kind, label: toolKindNames[kind].many })),
      ],
    },
  ],
  delayMs: 350,
};

/**
 * Search by name, sort and kind. The list follows the search box as the user types; one
 * typing session makes one history entry, so Back returns to the list before the search.
 */
export function CatalogFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (change: Partial<Filters>, options?: { replace?: boolean }) => void;
}) {
  return <SearchFilterBar layout={layout} filters={filters} onChange={onChange} />;
}
