import type { CatalogQuery } from '@kanna/shared/catalog';
import type { WordKey } from '../../lib/i18n';
import type en from './i18n/en';

export type ToolSort = NonNullable<CatalogQuery['sort']>;

/** Each sort the catalogue offers, by its words' key in the catalogue's texts (./i18n). */
export const sortLabels = {
  newest: 'newestFirst',
  'price-asc': 'priceLowToHigh',
  'price-desc': 'priceHighToLow',
} as const satisfies Record<ToolSort, WordKey<typeof en>>;

export const sortList = Object.keys(sortLabels) as ToolSort[];
