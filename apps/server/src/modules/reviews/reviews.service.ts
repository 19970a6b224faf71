import { randomUUID } from 'node:crypto';
import { type PageQuery, paidStatuses, type Review, says } from '@kanna/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, reviews, user } from '../../db/schema';
import type { PublicCache } from '../../lib/cache';
import { AppError, notFound } from '../../lib/errors';
import { DEFAULT_PAGE_SIZE, newestFirst, type Page, pageOf } from '../../lib/paging';
import type { Admit } from '../../lib/uncached-reads';
import { type AuditActor, recordAudit } from '../audit/audit.service';

const REVIEWS = 'reviews';

const toReviewDto = (row: typeof reviews.$inferSelect): Review => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  rating: row.rating,
  img: row.img,
  verified: row.verified,
  createdAt: row.createdAt.toISOString(),
});

export type NewReview = {
  name: string;
  description: string;
  rating: number;
  img?: string | null;
  authorEmail?: string | null;
  verified?: boolean;
  createdAt?: Date;
};

export function reviewsService(db: Database, cache: PublicCache) {
  const service = {
    /**
     * One page of the reviews still shown (removed ones never are), newest first, served from
     * the cache among a bounded set of recent pages (visitors choose the page size and cursor);
     * `admit` may refuse a caller a page not kept.
     */
    list(query: PageQuery = {}, admit?: Admit) {
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const load = async (): Promise<Page<Review>> => {
        const keyset = newestFirst(reviews.createdAt, reviews.id, query.cursor, 'uuid');
        const rows = await db
          .select({ row: reviews, at: keyset.at })
          .from(reviews)
          .where(and(isNull(reviews.removedAt), keyset.where))
          .orderBy(...keyset.orderBy)
          .limit(limit + 1);
        const page = pageOf(rows, limit, (r) => [r.at, r.row.id]);
        return { items: page.items.map((r) => toReviewDto(r.row)), next: page.next };
      };
      return cache.get(REVIEWS, `list:${limit}:${query.cursor ?? ''}`, load, { bounded: true, admit });
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

    /**
     * A signed-in customer's review: name and picture come from their account, whatever the
     * request says; 'verified buyer' when they have an order paid with real money. A test-card
     * payment (test mode) never counts, in any environment: the badge is stored with the review,
     * so one earned with a test card on a laptop would otherwise be shown to the public once the
     * same database goes live. Stripe's own test keys still earn it, for trying the badge out.
     * Like ordering, posting needs a confirmed e-mail address: reviews go onto the home page
     * at once, so a throwaway address must not be enough.
     */
    async post(
      author: { id: string; email: string },
      input: { rating: number; description: string },
    ): Promise<Review> {
      const [account] = await db
        .select({ name: user.name, image: user.image, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, author.id));
      if (!account?.emailVerified) throw new AppError('forbidden', says.verifyEmailToReview);
      const paid = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.userId, author.id),
            inArray(orders.status, [...paidStatuses]),
            eq(orders.testPayment, false),
          ),
        )
        .limit(1);
      return service.create({
        name: account.name,
        img: account.image,
        authorEmail: author.email,
        description: input.description,
        rating: input.rating,
        verified: paid.length > 0,
      });
    },

    /**
     * Reviews are moderated after the fact: an admin removes one, and it is kept for the record
     * (when, by whom — their e-mail — and why) but never shown again; every instance's cached
     * pages, and so the home page, are renewed at once. Removing it again changes nothing:
     * 1 when this call removed it, 0 when it was removed already.
     */
    async remove(id: string, admin: AuditActor, reason: string): Promise<0 | 1> {
      const removed = await db.transaction(async (tx) => {
        const done = await tx
          .update(reviews)
          .set({ removedAt: sql`now()`, removedBy: admin.email, removalReason: reason })
          .where(and(eq(reviews.id, id), isNull(reviews.removedAt)))
          .returning();
        const [row] = done;
        if (row) {
          const text = row.description.length > 40 ? `${row.description.slice(0, 39)}…` : row.description;
          await recordAudit(tx, admin, {
            kind: 'review.remove',
            target: { type: 'review', id, label: `${row.name}’s review “${text}”` },
            before: { shown: true },
            after: { shown: false, reason },
          });
        }
        return done;
      });
      if (removed.length > 0) {
        await cache.changed(REVIEWS);
        return 1;
      }
      const known = await db.$count(reviews, eq(reviews.id, id));
      if (known === 0) throw notFound('This review');
      return 0;
    },

    count: () => db.$count(reviews),
  };
  return service;
}
export type ReviewsService = ReturnType<typeof reviewsService>;
