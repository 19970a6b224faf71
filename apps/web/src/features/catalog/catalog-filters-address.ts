import type { ToolKind } from '@kanna/shared/catalog';
import { SEARCH_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { toolKindNames } from '../../lib/tools';
import { sortLabels, type ToolSort } from './tool-format';

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
