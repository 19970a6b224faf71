import { postToolReview } from '@kanna/shared/api/reviews';
import type { ReviewRequest } from '@kanna/shared/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** Reviews a tool the buyer received (decision 0058); the server takes the name and picture from the account. */
const reviewTool = ({ toolId, ...body }: ReviewRequest & { toolId: string }) =>
  call(postToolReview, { params: { id: toolId }, body });

/** Reviews a tool; the tool's page, home and /allReview then load again, so the review shows. */
export function useReviewTool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reviewTool,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
