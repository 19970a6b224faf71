import { z } from 'zod';

export const review = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  rating: z.number().int().min(1).max(5),
  /** The author's picture, or null for the default avatar. */
  img: z.string().nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;
export const reviewList = z.array(review);
