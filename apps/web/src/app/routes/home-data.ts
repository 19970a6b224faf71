import type { Tool } from '@kanna/shared/catalog';
import type { Review } from '@kanna/shared/reviews';
import type { QueryClient } from '@tanstack/react-query';
import { toolsQueryOptions } from '../../features/catalog/api/get-tools';
import { HOME_TOOL_COUNT } from '../../features/catalog/components/newest-tools';
import { reviewsQueryOptions } from '../../features/reviews/api/get-reviews';
import { HOME_REVIEW_COUNT } from '../../features/reviews/components/newest-reviews';
import type { PageOf } from '../../lib/api-client';

/**
 * What the home page shows from the API: the first page of each of its two reads. A page rendered
 * on the server (entry-server.tsx) carries it as its data block, so the browser hydrates the very
 * cards the server drew, without asking the API again.
 */
export type HomeData = { tools: PageOf<Tool[]>; reviews: PageOf<Review[]> };

/** The block's name for the home page's data (lib/page-data.ts). */
export const HOME_PAGE = 'home';

/** What the server reads for the home page: as many of each as its sections show. */
export const homeReads = {
  tools: { from: 'tools', query: { limit: HOME_TOOL_COUNT } },
  reviews: { from: 'reviews', query: { limit: HOME_REVIEW_COUNT } },
} as const;

/** Puts the home page's data in `client` under the keys its sections ask for. */
export function primeHomeData(client: QueryClient, data: HomeData): void {
  client.setQueryData(toolsQueryOptions({ limit: HOME_TOOL_COUNT }).queryKey, data.tools.items);
  client.setQueryData(reviewsQueryOptions(HOME_REVIEW_COUNT).queryKey, data.reviews.items);
}
