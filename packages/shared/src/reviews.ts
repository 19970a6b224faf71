import { z } from 'zod';
import { RATING_MAX, REMOVAL_REASON_MAX_LENGTH, REVIEW_MAX_LENGTH } from './domain/limits';
import { messages } from './domain/messages';

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
    .number({ message: 'Rating is required' })
    .int({ message: 'Rating must be a whole number of stars from 1 to 5' })
    .min(1, { message: 'Rating must be a whole number of stars from 1 to 5' })
    .max(RATING_MAX, { message: 'Rating must be a whole number of stars from 1 to 5' }),
  description: z
    .string({ message: 'Review is required' })
    .trim()
    .min(1, { message: 'Review is required' })
    .max(REVIEW_MAX_LENGTH, { message: 'Review must be at most 1,000 characters long' }),
});
export type ReviewRequest = z.input<typeof reviewRequest>;

/** Control characters other than tabs and line breaks: a reason is plain text, over several lines if need be. */
const controlCharacters = /[^\P{Cc}\t\n\r]/u;

/** Why an admin removes a review (docs/rules.md, "Where every rule lives": reviews). */
export const removeReviewRequest = z.object(
  {
    reason: z
      .string({ message: messages.removalReasonRequired })
      .trim()
      .min(1, { message: messages.removalReasonRequired })
      .max(REMOVAL_REASON_MAX_LENGTH, { message: messages.removalReasonTooLong(REMOVAL_REASON_MAX_LENGTH) })
      .refine((v) => !controlCharacters.test(v), { message: messages.removalReasonInvalid }),
  },
  { message: messages.removalReasonRequired },
);
