import { getSettings, getShopSettings, putShopSettings } from '@kanna/shared/api/shop';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { ShopSettingsService } from './shop-settings.service';

/**
 * GET /api/settings — which optional integrations this shop has: the login page's Google
 * button, and whether card payments are real (Stripe) or test mode, which every page announces;
 * and the minimum order, which the cart tells a buyer before checkout.
 * GET/PUT /api/shop-settings — the shop's own settings (admin; docs/ARCHITECTURE.md, "Shop settings").
 */
export const settingsRoutes =
  (config: Config, shopSettings: ShopSettingsService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, getSettings, async () => ({
      google: config.google !== null,
      payments: config.paymentMode,
      stripePublishableKey: config.stripe?.publishableKey ?? null,
      minimumOrder: await shopSettings.minimumOrder(),
    }));

    await route(app, guards, getShopSettings, () => shopSettings.get());

    await route(app, guards, putShopSettings, ({ body, user }) => shopSettings.save(user, body));
  };
