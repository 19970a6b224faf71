import { removeReview as removeReviewEndpoint } from '@kanna/shared/api/reviews';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** Removes a review from the public list (admin), saying why; the server keeps it for the record. */
const removeReview = ({ id, reason }: { id: string; reason: string }) =>
  call(removeReviewEndpoint, { params: { id }, body: { reason } });

/** Removes a review; home and /allReview then load again without it. */
export const useRemoveReview = () =>
  useMutationThenReload(removeReview, { reload: 'success', keys: [queryKeys.reviews.all] });
