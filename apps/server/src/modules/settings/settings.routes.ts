import { getSettings } from '@kanna/shared/api/shop';
import { getShopSettings, putShopSettings } from '@kanna/shared/api/shop-admin';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { ShopSettingsService } from './shop-settings.service';

/**
 * GET /api/settings — which optional integrations this shop has: the login page's Google
 * button, and whether card payments are real (Stripe) or test mode, which every page announces;
 * what an order costs besides its goods (minimum, shipping, tax, bank transfer), which the cart
 * and checkout show before the buyer commits; and the shop's time zone, which the order pages' times are in.
 * GET/PUT /api/shop-settings — the shop's own settings (admin; docs/rules.md, "Shop settings").
 */
export const settingsRoutes =
  (config: Config, shopSettings: ShopSettingsService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, getSettings, async () => ({
      google: config.google !== null,
      payments: config.paymentMode,
      stripePublishableKey: config.stripe?.publishableKey ?? null,
      timeZone: config.shop.timeZone,
      ...(await shopSettings.forBuyers()),
    }));

    await route(app, guards, getShopSettings, () => shopSettings.get());

    await route(app, guards, putShopSettings, ({ body, user }) => shopSettings.save(user, body));
  };
