import { shopSettings } from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

/**
 * GET /api/settings — which optional integrations this shop has: the login page's Google
 * button, and whether card payments are real (Stripe) or test mode, which every page announces.
 */
export const settingsRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/settings', { schema: { tags: ['settings'], response: { 200: shopSettings } } }, async () => ({
      google: config.google !== null,
      payments: config.paymentMode,
      stripePublishableKey: config.stripe?.publishableKey ?? null,
    }));
  };
