import { insertedResponse, listQuery, reviewList, reviewRequest } from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../lib/send-cached';
import { type Guards, userOf } from '../../plugins/auth';
import type { ReviewsService } from './reviews.service';

export const reviewsRoutes =
  (reviews: ReviewsService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/review',
      {
        compress: false, // sendCached answers with its own compressed bytes
        schema: {
          tags: ['reviews'],
          summary: 'Client reviews, newest first',
          querystring: listQuery,
          response: { 200: reviewList },
        },
      },
      async (request, reply) => sendCached(request, reply, await reviews.list(request.query.limit)),
    );
    app.post(
      '/review',
      {
        onRequest: guards.requireUser,
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['reviews'],
          summary: 'Post a review (signed in)',
          body: reviewRequest,
          response: { 201: insertedResponse },
        },
      },
      async (request, reply) => {
        const created = await reviews.post(userOf(request), request.body);
        return reply.code(201).send({ acknowledged: true as const, insertedId: created._id });
      },
    );
  };
