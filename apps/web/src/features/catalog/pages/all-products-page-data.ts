import type { Tool } from '@kanna/shared/catalog';
import { readCursor } from '../../../components/ui/list-address';
import type { PageOf } from '../../../lib/api-client';
import type { PageMeta } from '../../../lib/page-meta';
import { readFilters } from '../catalog-filters-address';

// What /allProduct and its rendering on the server (app/server-pages.ts) share, apart from the
// page itself so that the server's table does not pull the page's chunk into its own.

/** The page's title, description and the address search engines index it under. */
export const allProductsMeta = {
  title: 'All wooden tools',
  description:
    'Every Japanese wooden hand tool Kanna makes — hammers, chisels, drivers, saw blades and planes — with bulk prices and order quantities.',
  canonical: '/allProduct',
} satisfies PageMeta;

/** The name of this page's data block (lib/page-data.ts) and what it holds. */
export const ALL_PRODUCTS_PAGE = 'allProduct';
export type AllProductsData = { tools: PageOf<Tool[]> };

/**
 * Whether the address opens the catalogue as it first is — newest first, no search or kind, from
 * the first tool — which is the only view the server renders. Parameters the page does not
 * understand (a campaign's tag) and values it ignores change nothing, as they change nothing here.
 */
export function opensAtFirstPage(params: URLSearchParams): boolean {
  const { search, sort, kind } = readFilters(params);
  return search === '' && sort === 'newest' && kind === '' && readCursor(params) === null;
}
