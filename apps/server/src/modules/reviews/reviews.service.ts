import { randomUUID } from 'node:crypto';
import {
  type PageQuery,
  paidStatuses,
  type Review,
  says,
  type ToolReviews,
  toolReviewStates,
} from '@kanna/shared';
import { TOOL_PAGE_REVIEWS } from '@kanna/shared/domain/limits';
import { and, desc, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { violates } from '../../db/errors';
import { orderLines, orders, reviews, tools, user } from '../../db/schema';
import type { CachedBody, PublicCache, Ready } from '../../lib/cache';
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
  authorId?: string | null;
  toolId?: string | null;
  verified?: boolean;
  createdAt?: Date;
};

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tool a public address names: by its slug, or by its id when the address is one. */
const toolNamed = (slugOrId: string): SQL =>
  (uuidShape.test(slugOrId)
    ? or(eq(tools.slug, slugOrId), eq(tools.id, slugOrId))
    : eq(tools.slug, slugOrId)) as SQL;

export function reviewsService(db: Database, cache: PublicCache) {
  /**
   * The tool's reviews still shown (an admin's removal takes one out of the list and the rating
   * alike): their count and average to one decimal, and the newest of them.
   */
  const loadToolReviews = async (slugOrId: string): Promise<ToolReviews> => {
    const shown = and(isNull(reviews.removedAt), toolNamed(slugOrId));
    const [summary] = await db
      .select({
        count: sql<number>`count(*)::int`,
        average: sql<string | null>`round(avg(${reviews.rating}), 1)`,
      })
      .from(reviews)
      .innerJoin(tools, eq(tools.id, reviews.toolId))
      .where(shown);
    const rows = await db
      .select({ row: reviews })
      .from(reviews)
      .innerJoin(tools, eq(tools.id, reviews.toolId))
      .where(shown)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(TOOL_PAGE_REVIEWS);
    const reviewCount = summary?.count ?? 0;
    return {
      ratingValue: reviewCount > 0 && summary?.average != null ? Number(summary.average) : null,
      reviewCount,
      items: rows.map((r) => toReviewDto(r.row)),
    };
  };

  /**
   * The author's name and picture, as their account has them; posting a review needs a confirmed
   * e-mail address (403 otherwise), as ordering does: reviews are shown to the public at once.
   */
  const reviewer = async (id: string) => {
    const [account] = await db
      .select({ name: user.name, image: user.image, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, id));
    if (!account?.emailVerified) throw new AppError('forbidden', says.verifyEmailToReview);
    return account;
  };

  const service = {
    /**
     * One page of the reviews still shown (removed ones never are), the shop's and the tools'
     * (decision 0058: an admin moderates both here), newest first, served from
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

    /**
     * GET /api/handTools/by-slug/{slug}/reviews: a tool's rating and newest reviews, kept with the
     * reviews' answers among the recent few hundred (any slug may be asked for).
     */
    ofTool(slugOrId: string, admit?: Admit): Ready<CachedBody> {
      return cache.get(REVIEWS, `tool:${slugOrId}`, () => loadToolReviews(slugOrId), {
        bounded: true,
        admit,
      });
    },

    /** A tool's public page's read (plugins/server-pages.ts): the same as a list of it alone. */
    toolPage(slugOrId: string): Ready<CachedBody> {
      return cache.get(
        REVIEWS,
        `tool-page:${slugOrId}`,
        async () => ({ items: [await loadToolReviews(slugOrId)], next: null }),
        { bounded: true },
      );
    },

    /**
     * A buyer's review of a tool (decision 0058). They must have received it: an order of theirs
     * holding it (on any line) in a state `toolReviewStates` names — shipped — else 403. One
     * review per buyer per tool, a removed one included (moderation is not undone by posting
     * again): a second is 409, decided by the unique index when two arrive at once. The rest is
     * as for a review of the shop (`post`): a confirmed address, the name and picture from the
     * account; "verified buyer" when that order was paid with real money.
     */
    async postForTool(
      author: { id: string; email: string },
      toolId: string,
      input: { rating: number; description: string },
    ): Promise<Review> {
      const account = await reviewer(author.id);
      const received = await db
        .select({ testPayment: orders.testPayment })
        .from(orders)
        .where(
          and(
            eq(orders.userId, author.id),
            inArray(orders.status, [...toolReviewStates]),
            or(
              eq(orders.toolId, toolId),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(orderLines)
                  .where(and(eq(orderLines.orderId, orders.id), eq(orderLines.toolId, toolId))),
              ),
            ),
          ),
        );
      if (received.length === 0) throw new AppError('forbidden', says.toolNotReceived);
      const before = await db.$count(
        reviews,
        and(eq(reviews.toolId, toolId), eq(reviews.authorId, author.id)),
      );
      if (before > 0) throw new AppError('conflict', says.toolReviewedAlready);
      return service
        .create({
          name: account.name,
          img: account.image,
          authorEmail: author.email,
          authorId: author.id,
          toolId,
          description: input.description,
          rating: input.rating,
          verified: received.some((o) => !o.testPayment),
        })
        .catch((error: unknown) => {
          if (violates(error, 'reviews_one_per_buyer_tool'))
            throw new AppError('conflict', says.toolReviewedAlready);
          throw error;
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
      const account = await reviewer(author.id);
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
