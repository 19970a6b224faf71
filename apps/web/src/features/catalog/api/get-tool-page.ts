import { getToolBySlug } from '@kanna/shared/api/catalog';
import { listReviews } from '@kanna/shared/api/reviews';
import type { Tool } from '@kanna/shared/catalog';
import type { Review } from '@kanna/shared/reviews';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many of the shop's newest reviews a tool's page shows. */
export const TOOL_PAGE_REVIEWS = 4;

/**
 * A tool's public page's tool, by the slug in its address (or its id). Under the catalogue's key,
 * so an order or an admin's edit, which invalidate `queryKeys.tools.all`, refresh it too.
 */
const toolPageQuery = (slug: string) =>
  queryOptions({
    queryKey: [...queryKeys.tools.all, 'page', slug] as const,
    queryFn: ({ signal }) => call(getToolBySlug, { params: { slug } }, { signal }),
  });

/** The shop's newest reviews as a tool's page shows them. */
const toolPageReviewsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.reviews.all, 'tool-page'] as const,
    queryFn: ({ signal }) => call(listReviews, { query: { limit: TOOL_PAGE_REVIEWS } }, { signal }),
  });

export const useToolPage = (slug: string) => useQuery(toolPageQuery(slug));
export const useToolPageReviews = () => useQuery(toolPageReviewsQuery());

/** Puts what the server read for the page in `client`, where the page's queries look for it. */
export function primeToolPage(client: QueryClient, slug: string, tool: Tool, reviews: Review[]): void {
  client.setQueryData(toolPageQuery(slug).queryKey, tool);
  client.setQueryData(toolPageReviewsQuery().queryKey, reviews);
}
