import { z } from 'zod';
import { RATING_MAX, REVIEW_MAX_LENGTH } from './domain/limits';

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
