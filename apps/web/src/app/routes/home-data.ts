import type { Tool } from '@kanna/shared/catalog';
import type { Review } from '@kanna/shared/reviews';
import type { QueryClient } from '@tanstack/react-query';
import { toolsQueryOptions } from '../../features/catalog/api/get-tools';
import { HOME_TOOL_COUNT } from '../../features/catalog/components/newest-tools';
import { reviewsQueryOptions } from '../../features/reviews/api/get-reviews';
import { HOME_REVIEW_COUNT } from '../../features/reviews/components/newest-reviews';

/**
 * What the home page shows from the API. A page rendered on the server (entry-server.tsx) carries
 * it as a JSON data block, so the browser hydrates the very cards the server drew, without asking
 * the API again.
 */
export type HomeData = { tools: Tool[]; reviews: Review[] };

/** How many of each the home page shows: what the server reads for it. */
export const homeLimits = { tools: HOME_TOOL_COUNT, reviews: HOME_REVIEW_COUNT } as const;

/** Puts the home page's data in `client` under the keys its sections ask for. */
export function primeHomeData(client: QueryClient, data: HomeData): void {
  client.setQueryData(toolsQueryOptions({ limit: HOME_TOOL_COUNT }).queryKey, data.tools);
  client.setQueryData(reviewsQueryOptions(HOME_REVIEW_COUNT).queryKey, data.reviews);
}
