import { postReview as postReviewEndpoint } from '@kanna/shared/api/reviews';
import type { ReviewRequest } from '@kanna/shared/reviews';
import { call } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** Posts a review; the server takes the author's name and picture from the account. */
const postReview = (body: ReviewRequest) => call(postReviewEndpoint, { body });

/** Posts a review; home and /allReview then load again, so the new review shows first. */
export const usePostReview = () =>
  useMutationThenReload(postReview, { reload: 'success', keys: [queryKeys.reviews.all] });
