import { listReviews } from '@kanna/shared/api/reviews';
import type { Review } from '@kanna/shared/reviews';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { flattenPages } from '../../../components/ui/load-more';
import { call, callAll, callPage, type PageOf } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The newest first; `limit` keeps only the first N (home shows 4). Without it, every review,
 * page after page (/allReview pages: `useReviewPages`).
 */
const getReviews = (limit?: number, signal?: AbortSignal) =>
  limit === undefined
    ? callAll(listReviews, {}, { signal })
    : call(listReviews, { query: { limit } }, { signal });

export const reviewsQueryOptions = (limit?: number) =>
  queryOptions({
    queryKey: queryKeys.reviews.list({ limit: limit ?? 'all' }),
    queryFn: ({ signal }) => getReviews(limit, signal),
  });

export const useReviews = (limit?: number) => useQuery(reviewsQueryOptions(limit));

/** One page of reviews, newest first, after `cursor` (null: from the newest), and the next page's cursor. */
const getReviewsPage = (cursor: string | null, signal?: AbortSignal) =>
  callPage(listReviews, { query: { cursor: cursor ?? undefined } }, { signal });

/** /allReview: the reviews page by page, after `start` when the address names a cursor. */
const reviewPagesQueryOptions = (start: string | null = null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews.pages({ start }),
    queryFn: ({ pageParam, signal }) => getReviewsPage(pageParam, signal),
    initialPageParam: start,
    getNextPageParam: (last) => last.next,
    select: (data) => flattenPages(data),
  });

export const useReviewPages = (start: string | null = null) =>
  useInfiniteQuery(reviewPagesQueryOptions(start));

/**
 * Puts the newest reviews' first page (as the server read it for the page it rendered) where
 * /allReview looks for it: the list then renders without a request.
 */
export function primeFirstReviewPage(client: QueryClient, page: PageOf<Review[]>): void {
  client.setQueryData(reviewPagesQueryOptions().queryKey, { pages: [page], pageParams: [null] });
}
