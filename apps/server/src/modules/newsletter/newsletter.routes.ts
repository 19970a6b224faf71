import { messages, newsletterRequest, newsletterResponse } from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NewsletterService } from './newsletter.service';

export const newsletterRoutes =
  (newsletter: NewsletterService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/newsletter',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Subscribe an e-mail address',
          body: newsletterRequest,
          response: { 200: newsletterResponse },
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => {
        await newsletter.subscribe(request.body.email);
        return { subscribed: true as const, message: messages.newsletterSubscribed };
      },
    );
  };
