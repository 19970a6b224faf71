import type { Language } from '@kanna/shared/domain/languages';
import { pathParams } from '@kanna/shared/routes';
import type { QueryClient } from '@tanstack/react-query';
import { primeToolPage } from '../features/catalog/api/get-tool-page';
import { primeFirstToolPage } from '../features/catalog/api/get-tools';
import {
  ALL_PRODUCTS_PAGE,
  type AllProductsData,
  allProductsMeta,
  opensAtFirstPage,
} from '../features/catalog/pages/all-products-page-data';
import { TOOL_PAGE, type ToolPageData, toolMeta } from '../features/catalog/pages/tool-page-data';
import { catalogueStructuredData, productStructuredData } from '../features/catalog/structured-data';
import { primeFirstReviewPage } from '../features/reviews/api/get-reviews';
import {
  ALL_REVIEWS_PAGE,
  type AllReviewsData,
  allReviewsMeta,
  opensAtNewest,
} from '../features/reviews/pages/all-reviews-page-data';
import type { PageMeta } from '../lib/page-meta';
import { HOME_PAGE, type HomeData, homeReads, primeHomeData } from './routes/home-data';
import { homeMeta, preloadHomeSections } from './routes/home-page';

/**
 * One read a page's data comes from: the server answers it from the same cached page as the
 * public list it names (`tools`: GET /api/handTools, `reviews`: GET /api/review) for `query`,
 * and hands the page its items and the next page's cursor.
 */
export type PageRead = {
  from: 'tools' | 'reviews' | 'tool' | 'toolReviews';
  query: { limit?: number; slug?: string };
};

/** What the server writes into the head: the page's title, description and canonical address, and its structured data. */
export type PageHead = Required<PageMeta> & { structuredData?: object };

/** A page the server renders (entry-server.tsx), described once for the server and for rendering. */
export interface ServerPage<D> {
  /** The name of its data block (lib/page-data.ts), which the page's own module reads when it loads. */
  name: string;
  /**
   * Where each part of its data comes from. On a page whose address has a parameter
   * (`/tools/:slug`), a query's value `:slug` is that part of the address.
   */
  reads: { [K in keyof D]: PageRead };
  /**
   * Whether the browser draws, for these query parameters, exactly the page the server renders;
   * for any other the server sends the plain shell and the browser renders the page itself.
   */
  serves(params: URLSearchParams): boolean;
  /** Loads parts of the page that are lazy inside it, beyond the route's own chunks. */
  preload?(): Promise<unknown>;
  /** Puts the data where the page's queries look for it (`params`: the address's parameters). */
  prime(client: QueryClient, data: D, params: Record<string, string>): void;
  /** The head in the page's language `lang` (the structured data names each tool in it). */
  head(data: D, origin: string, lang: Language): PageHead;
  /** What the page's data block carries besides its data (the address's parameters). */
  block?(params: Record<string, string>): object;
}

const home: ServerPage<HomeData> = {
  name: HOME_PAGE,
  reads: homeReads,
  // The home page reads nothing from its address.
  serves: () => true,
  preload: preloadHomeSections,
  prime: primeHomeData,
  head: (_data, _origin, lang) => homeMeta(lang),
};

const allProducts: ServerPage<AllProductsData> = {
  name: ALL_PRODUCTS_PAGE,
  // The first page, as the catalogue asks for it: no limit (the API's page size), newest first.
  reads: { tools: { from: 'tools', query: {} } },
  serves: opensAtFirstPage,
  prime: (client, data) => primeFirstToolPage(client, data.tools),
  head: (data, origin, lang) => ({
    ...allProductsMeta(lang),
    structuredData: catalogueStructuredData(data.tools.items, origin, lang),
  }),
};

const allReviews: ServerPage<AllReviewsData> = {
  name: ALL_REVIEWS_PAGE,
  reads: { reviews: { from: 'reviews', query: {} } },
  serves: opensAtNewest,
  prime: (client, data) => primeFirstReviewPage(client, data.reviews),
  head: (_data, _origin, lang) => allReviewsMeta(lang),
};

const tool: ServerPage<ToolPageData> = {
  name: TOOL_PAGE,
  reads: {
    tool: { from: 'tool', query: { slug: ':slug' } },
    reviews: { from: 'toolReviews', query: { slug: ':slug' } },
  },
  // The page reads nothing from its query string.
  serves: () => true,
  prime: (client, data, params) => {
    const found = data.tool.items[0];
    if (found) primeToolPage(client, params.slug ?? '', found, data.reviews.items[0]);
  },
  head: (data, origin, lang) => {
    const found = data.tool.items[0];
    if (!found) throw new Error('a tool page is rendered only for a tool on sale');
    return {
      ...toolMeta(found, lang),
      structuredData: productStructuredData(found, origin, lang, data.reviews.items[0]),
    };
  },
  block: (params) => ({ slug: params.slug }),
};

/**
 * The pages rendered on the server, by address (`:name` is one part of the address, any): the
 * pages buyers land on. Any other address gets the plain shell, which the browser renders.
 */
export const serverPages: Readonly<Record<string, ServerPage<unknown>>> = {
  '/': home,
  '/home': home,
  '/allProduct': allProducts,
  '/allReview': allReviews,
  '/tools/:slug': tool as ServerPage<unknown>,
};

/** The page the server renders at `path` (unprefixed), with the address's parameters; undefined for none. */
export function serverPageAt(
  path: string,
): { pattern: string; page: ServerPage<unknown>; params: Record<string, string> } | undefined {
  if (Object.hasOwn(serverPages, path)) {
    return { pattern: path, page: serverPages[path] as ServerPage<unknown>, params: {} };
  }
  for (const [pattern, page] of Object.entries(serverPages)) {
    const params = pattern.includes(':') ? pathParams(pattern, path) : undefined;
    if (params) return { pattern, page, params };
  }
  return undefined;
}
