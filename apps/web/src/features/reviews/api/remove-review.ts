import { removeReview as removeReviewEndpoint } from '@kanna/shared/api/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Removes a review from the public list (admin), saying why; the server keeps it for the record. */
const removeReview = ({ id, reason }: { id: string; reason: string }) =>
  call(removeReviewEndpoint, { params: { id }, body: { reason } });

/** Removes a review; home and /allReview then load again without it. */
export function useRemoveReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeReview,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
