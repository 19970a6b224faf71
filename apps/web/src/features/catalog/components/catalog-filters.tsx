import type { ToolKind } from '@kanna/shared/catalog';
import type { Translation } from '@kanna/shared/domain/translation';
import { useMemo } from 'react';
import { type SearchBarLayout, SearchFilterBar } from '../../../components/ui/filter-bar';
import { useTexts } from '../../../lib/i18n';
import { toolKindList } from '../../../lib/tools';
import type { CatalogFilters as Filters } from '../catalog-filters-address';
import { catalogTexts } from '../i18n';
import type en from '../i18n/en';
import { sortLabels, sortList } from '../tool-format';

/** Search by name, sort and kind, in the reader's words; the list follows the search box after a pause of 350 ms. */
const layoutIn = (t: Translation<typeof en>): SearchBarLayout<Filters> => ({
  label: t.findTools,
  className: 'grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]',
  search: {
    label: t.searchByName,
    name: 'search',
    placeholder: t.searchExample,
    className: 'col-span-2 lg:col-span-1',
  },
  choices: [
    {
      label: t.sortBy,
      name: 'sort',
      options: sortList.map((sort) => ({ value: sort, label: t[sortLabels[sort]] })),
    },
    {
      label: t.kind,
      name: 'kind',
      options: [
        { value: '' as ToolKind | '', label: t.allKinds },
        ...toolKindList.map((kind) => ({ value: kind, label: t.kinds[kind] })),
      ],
    },
  ],
  delayMs: 350,
});

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
  const t = useTexts(catalogTexts);
  const layout = useMemo(() => layoutIn(t), [t]);
  return <SearchFilterBar layout={layout} filters={filters} onChange={onChange} />;
}
