import { z } from 'zod';
import { RATING_MAX, REMOVAL_REASON_MAX_LENGTH, REVIEW_MAX_LENGTH } from './domain/limits';
import { says, told } from './domain/messages';

const review = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  rating: z.number().int().min(1).max(5),
  /** The author's picture, or null for the default avatar. */
  img: z.string().nullable(),
  /** The author has a paid order with the shop. */
  verified: z.boolean(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;
export const reviewList = z.array(review);

export const reviewRequest = z.object({
  rating: z
    .number(told(says.ratingRequired))
    .int(told(says.ratingInvalid))
    .min(1, told(says.ratingInvalid))
    .max(RATING_MAX, told(says.ratingInvalid)),
  description: z
    .string(told(says.reviewRequired))
    .trim()
    .min(1, told(says.reviewRequired))
    .max(REVIEW_MAX_LENGTH, told(says.reviewTooLong)),
});
export type ReviewRequest = z.input<typeof reviewRequest>;

/**
 * A tool's reviews as its page shows them (decision 0058): its rating over every review of it still
 * shown — `ratingValue` the average to one decimal, null while it has none — and the newest of them.
 */
export const toolReviews = z.object({
  ratingValue: z.number().nullable(),
  reviewCount: z.number().int(),
  items: reviewList,
});
export type ToolReviews = z.infer<typeof toolReviews>;

/** Control characters other than tabs and line breaks: a reason is plain text, over several lines if need be. */
const controlCharacters = /[^\P{Cc}\t\n\r]/u;

/** Why an admin removes a review (docs/rules.md, "Where every rule lives": reviews). */
export const removeReviewRequest = z.object(
  {
    reason: z
      .string(told(says.removalReasonRequired))
      .trim()
      .min(1, told(says.removalReasonRequired))
      .max(REMOVAL_REASON_MAX_LENGTH, told(says.removalReasonTooLong(REMOVAL_REASON_MAX_LENGTH)))
      .refine((v) => !controlCharacters.test(v), told(says.removalReasonInvalid)),
  },
  told(says.removalReasonRequired),
);
