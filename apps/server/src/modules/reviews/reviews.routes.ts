import {
  listReviews,
  listToolReviews,
  postReview,
  postToolReview,
  removeReview,
} from '@kanna/shared/api/reviews';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { sendCached } from '../../lib/send-cached';
import { uncachedReadLimit } from '../../lib/uncached-reads';
import type { Guards } from '../../plugins/auth';
import type { ReviewsService } from './reviews.service';

export const reviewsRoutes =
  (reviews: ReviewsService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    const admit = uncachedReadLimit(app);
    await route(
      app,
      guards,
      listReviews,
      ({ query, request, reply }) => sendCached(request, reply, reviews.list(query, admit(request, reply))),
      { compress: false }, // sendCached answers with its own compressed bytes
    );

    await route(app, guards, postReview, async ({ body, user }) => {
      const created = await reviews.post(user, body);
      return { acknowledged: true as const, insertedId: created._id };
    });

    await route(
      app,
      guards,
      listToolReviews,
      ({ params, request, reply }) =>
        sendCached(request, reply, reviews.ofTool(params.slug, admit(request, reply))),
      { compress: false },
    );

    await route(app, guards, postToolReview, async ({ params, body, user }) => {
      const created = await reviews.postForTool(user, params.id, body);
      return { acknowledged: true as const, insertedId: created._id };
    });

    await route(app, guards, removeReview, async ({ params, body, user }) => ({
      acknowledged: true as const,
      deletedCount: await reviews.remove(params.id, user, body.reason),
    }));
  };
