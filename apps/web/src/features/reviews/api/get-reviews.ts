import { listReviews } from '@kanna/shared/api/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callAll } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The newest first; `limit` keeps only the first N (home shows 4). Without it, every review,
 * page after page, until /allReview pages itself.
 */
export const getReviews = (limit?: number, signal?: AbortSignal) =>
  limit === undefined
    ? callAll(listReviews, {}, { signal })
    : call(listReviews, { query: { limit } }, { signal });

export const reviewsQueryOptions = (limit?: number) =>
  queryOptions({
    queryKey: queryKeys.reviews.list({ limit: limit ?? 'all' }),
    queryFn: ({ signal }) => getReviews(limit, signal),
  });

export const useReviews = (limit?: number) => useQuery(reviewsQueryOptions(limit));
