import type { Language } from '@kanna/shared/domain/languages';
import type { QueryClient } from '@tanstack/react-query';
import { primeFirstToolPage } from '../features/catalog/api/get-tools';
import {
  ALL_PRODUCTS_PAGE,
  type AllProductsData,
  allProductsMeta,
  opensAtFirstPage,
} from '../features/catalog/pages/all-products-page-data';
import { catalogueStructuredData } from '../features/catalog/structured-data';
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
export type PageRead = { from: 'tools' | 'reviews'; query: { limit?: number } };

/** What the server writes into the head: the page's title, description and canonical address, and its structured data. */
export type PageHead = Required<PageMeta> & { structuredData?: object };

/** A page the server renders (entry-server.tsx), described once for the server and for rendering. */
export interface ServerPage<D> {
  /** The name of its data block (lib/page-data.ts), which the page's own module reads when it loads. */
  name: string;
  /** Where each part of its data comes from. */
  reads: { [K in keyof D]: PageRead };
  /**
   * Whether the browser draws, for these query parameters, exactly the page the server renders;
   * for any other the server sends the plain shell and the browser renders the page itself.
   */
  serves(params: URLSearchParams): boolean;
  /** Loads parts of the page that are lazy inside it, beyond the route's own chunks. */
  preload?(): Promise<unknown>;
  /** Puts the data where the page's queries look for it. */
  prime(client: QueryClient, data: D): void;
  /** The head in the page's language `lang` (the structured data names each tool in it). */
  head(data: D, origin: string, lang: Language): PageHead;
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

/**
 * The pages rendered on the server, by address: the pages buyers land on. Any other address gets
 * the plain shell, which the browser renders.
 */
export const serverPages: Readonly<Record<string, ServerPage<unknown>>> = {
  '/': home,
  '/home': home,
  '/allProduct': allProducts,
  '/allReview': allReviews,
};
