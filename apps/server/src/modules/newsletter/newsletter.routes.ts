import { subscribeNewsletter } from '@kanna/shared/api/shop';
import { says } from '@kanna/shared/domain/messages';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage, textIn } from '../../lib/language';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { NewsletterService } from './newsletter.service';

export const newsletterRoutes =
  (newsletter: NewsletterService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, subscribeNewsletter, async ({ body, request }) => {
      await newsletter.subscribe(body.email);
      return {
        subscribed: true as const,
        message: textIn(says.newsletterSubscribed, requestLanguage(request)),
      };
    });
  };
