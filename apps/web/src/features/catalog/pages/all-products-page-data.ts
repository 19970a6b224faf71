import type { Tool } from '@kanna/shared/catalog';
import type { Language } from '@kanna/shared/domain/languages';
import { readCursor } from '../../../components/ui/list-address';
import type { PageOf } from '../../../lib/api-client';
import { textsIn } from '../../../lib/i18n';
import type { PageMeta } from '../../../lib/page-meta';
import { readFilters } from '../catalog-filters-address';
import { catalogTexts } from '../i18n';

// What /allProduct and its rendering on the server (app/server-pages.ts) share, apart from the
// page itself so that the server's table does not pull the page's chunk into its own.

/** The page's title and description in `language`, and the address search engines index it under. */
export function allProductsMeta(language: Language): Required<PageMeta> {
  const t = textsIn(catalogTexts, language);
  return { title: t.allTitle, description: t.allDescription, canonical: '/allProduct' };
}

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
