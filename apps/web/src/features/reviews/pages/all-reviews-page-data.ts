import type { Review } from '@kanna/shared/reviews';
import { readCursor } from '../../../components/ui/list-address';
import type { PageOf } from '../../../lib/api-client';
import type { PageMeta } from '../../../lib/page-meta';

// What /allReview and its rendering on the server (app/server-pages.ts) share, apart from the
// page itself so that the server's table does not pull the page's chunk into its own.

/** The page's title, description and the address search engines index it under. */
export const allReviewsMeta = {
  title: 'Client reviews',
  description: 'What woodworkers and trade buyers say about Kanna’s Japanese wooden hand tools.',
  canonical: '/allReview',
} satisfies PageMeta;

/** The name of this page's data block (lib/page-data.ts) and what it holds. */
export const ALL_REVIEWS_PAGE = 'allReview';
export type AllReviewsData = { reviews: PageOf<Review[]> };

/** Whether the address opens the newest reviews (no later page named), the one view the server renders. */
export const opensAtNewest = (params: URLSearchParams): boolean => readCursor(params) === null;
