import type { ReviewRequest } from '@kanna/shared/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { reviewsKey } from './get-reviews';

export type PostReviewResponse = { acknowledged: true; insertedId: string };

/** POST /api/review — the server takes the author's name and picture from the account. */
export const postReview = (body: ReviewRequest): Promise<PostReviewResponse> =>
  apiPost<PostReviewResponse>('/api/review', body);

/** Posts a review; home and /allReview then load again, so the new review shows first. */
export function usePostReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    onSuccess: () => client.invalidateQueries({ queryKey: reviewsKey }),
  });
}
