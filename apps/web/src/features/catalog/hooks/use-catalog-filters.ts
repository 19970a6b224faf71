import type { ToolKind } from '@kanna/shared/catalog';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { toolKindNames } from '../../../lib/tools';
import { sortLabels, type ToolSort } from '../tool-format';

/** The server accepts searches up to 100 characters. */
export const SEARCH_MAX_LENGTH = 100;

const filterKeys = new Set(['search', 'sort', 'kind']);

export interface CatalogFilters {
  search: string;
  sort: ToolSort;
  kind: ToolKind | '';
}

const isKind = (value: string | null): value is ToolKind =>
  value !== null && Object.hasOwn(toolKindNames, value);
const isSort = (value: string | null): value is ToolSort =>
  value !== null && Object.hasOwn(sortLabels, value);

/** Reads the filters from a query string; anything unknown (an old link, a typo) falls back to the default. */
export function readFilters(params: URLSearchParams): CatalogFilters {
  const sort = params.get('sort');
  const kind = params.get('kind');
  return {
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    sort: isSort(sort) ? sort : 'newest',
    kind: isKind(kind) ? kind : '',
  };
}

/**
 * The catalogue's search, sort and kind, kept in the address (?search=&sort=&kind=) so a
 * reload, a shared link and back/forward all show the same list. Defaults are left out.
 */
export function useCatalogFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);

  const update = useCallback(
    (change: Partial<CatalogFilters>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const merged = { ...readFilters(current), ...change };
          // Always in the same order (search, sort, kind), so equal lists have equal addresses.
          const next = new URLSearchParams();
          const search = merged.search.trim().slice(0, SEARCH_MAX_LENGTH);
          if (search) next.set('search', search);
          if (merged.sort !== 'newest') next.set('sort', merged.sort);
          if (merged.kind) next.set('kind', merged.kind);
          for (const [key, value] of current) if (!filterKeys.has(key)) next.append(key, value);
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => update({ search: '', sort: 'newest', kind: '' }), [update]);

  return { filters, update, clear };
}
