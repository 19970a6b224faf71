import { getSettings } from '@kanna/shared/api/shop';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';

/**
 * GET /api/settings — which optional integrations this shop has: the login page's Google
 * button, and whether card payments are real (Stripe) or test mode, which every page announces.
 */
export const settingsRoutes =
  (config: Config, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, getSettings, async () => ({
      google: config.google !== null,
      payments: config.paymentMode,
      stripePublishableKey: config.stripe?.publishableKey ?? null,
    }));
  };
