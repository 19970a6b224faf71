import { shopSettings } from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

/** GET /api/settings — which optional integrations this shop has (the login page's Google button). */
export const settingsRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/settings', { schema: { tags: ['settings'], response: { 200: shopSettings } } }, async () => ({
      google: config.google !== null,
      payments: config.stripe ? ('stripe' as const) : ('test' as const),
      stripePublishableKey: config.stripe?.publishableKey ?? null,
    }));
  };
