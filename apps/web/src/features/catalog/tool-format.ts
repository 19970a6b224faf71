import type { CatalogQuery } from '@kanna/shared/catalog';

export type ToolSort = NonNullable<CatalogQuery['sort']>;

export const sortLabels = {
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
} as const satisfies Record<ToolSort, string>;

export const sortList = Object.keys(sortLabels) as ToolSort[];
