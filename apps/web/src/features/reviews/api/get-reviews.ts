import type { Review } from '@kanna/shared/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Every reviews query (home's four, /allReview's all) starts with this key. */
export const reviewsKey = ['reviews'] as const;

/** GET /api/review — the newest first; `limit` keeps only the first N (home shows 4). */
export const getReviews = (limit?: number, signal?: AbortSignal): Promise<Review[]> =>
  apiGet<Review[]>(limit === undefined ? '/api/review' : `/api/review?limit=${limit}`, signal);

export const reviewsQueryOptions = (limit?: number) =>
  queryOptions({
    queryKey: [...reviewsKey, 'list', { limit: limit ?? 'all' }],
    queryFn: ({ signal }) => getReviews(limit, signal),
  });

export const useReviews = (limit?: number) => useQuery(reviewsQueryOptions(limit));
