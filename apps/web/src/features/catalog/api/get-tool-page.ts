import { getToolBySlug } from '@kanna/shared/api/catalog';
import { listToolReviews } from '@kanna/shared/api/reviews';
import type { Tool } from '@kanna/shared/catalog';
import type { ToolReviews } from '@kanna/shared/reviews';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A tool's public page's tool, by the slug in its address (or its id). Under the catalogue's key,
 * so an order or an admin's edit, which invalidate `queryKeys.tools.all`, refresh it too.
 */
const toolPageQuery = (slug: string) =>
  queryOptions({
    queryKey: [...queryKeys.tools.all, 'page', slug] as const,
    queryFn: ({ signal }) => call(getToolBySlug, { params: { slug } }, { signal }),
  });

/** The tool's rating and newest reviews (decision 0058), under the reviews' key: a new or removed review refreshes them. */
const toolReviewsQuery = (slug: string) =>
  queryOptions({
    queryKey: [...queryKeys.reviews.all, 'tool', slug] as const,
    queryFn: ({ signal }) => call(listToolReviews, { params: { slug } }, { signal }),
  });

export const useToolPage = (slug: string) => useQuery(toolPageQuery(slug));
export const useToolReviews = (slug: string) => useQuery(toolReviewsQuery(slug));

/** Puts what the server read for the page in `client`, where the page's queries look for it. */
export function primeToolPage(client: QueryClient, slug: string, tool: Tool, reviews?: ToolReviews): void {
  client.setQueryData(toolPageQuery(slug).queryKey, tool);
  if (reviews) client.setQueryData(toolReviewsQuery(slug).queryKey, reviews);
}
