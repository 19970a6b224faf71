import { listQuery, reviewList } from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../lib/send-cached';
import type { ReviewsService } from './reviews.service';

export const reviewsRoutes =
  (reviews: ReviewsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/review',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Client reviews, newest first',
          querystring: listQuery,
          response: { 200: reviewList },
        },
      },
      async (request, reply) => sendCached(request, reply, await reviews.list(request.query.limit)),
    );
  };
