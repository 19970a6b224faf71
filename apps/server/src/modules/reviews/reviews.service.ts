import { randomUUID } from 'node:crypto';
import type { Review } from '@kanna/shared';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reviews } from '../../db/schema';
import type { PublicCache } from '../../lib/cache';

export const REVIEWS = 'reviews';

const toReviewDto = (row: typeof reviews.$inferSelect): Review => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  rating: row.rating,
  img: row.img,
  createdAt: row.createdAt.toISOString(),
});

export type NewReview = {
  name: string;
  description: string;
  rating: number;
  img?: string | null;
  authorEmail?: string | null;
  createdAt?: Date;
};

export function reviewsService(db: Database, cache: PublicCache) {
  return {
    /** Reviews, newest first; served from the cache. */
    list(limit?: number) {
      return cache.get(REVIEWS, `list:${limit ?? 'all'}`, async () => {
        const rows = await db
          .select()
          .from(reviews)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit ?? 1000);
        return rows.map(toReviewDto);
      });
    },

    async create(input: NewReview): Promise<Review> {
      const [row] = await db
        .insert(reviews)
        .values({ id: randomUUID(), ...input })
        .returning();
      await cache.changed(REVIEWS);
      if (!row) throw new Error('insert returned no row');
      return toReviewDto(row);
    },

    count: () => db.$count(reviews),
  };
}
export type ReviewsService = ReturnType<typeof reviewsService>;
