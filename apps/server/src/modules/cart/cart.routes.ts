import { getCart, putCart } from '@kanna/shared/api/orders';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../../lib/language';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { CartService } from './cart.service';

export const cartRoutes =
  (cart: CartService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, getCart, async ({ user, request }) => cart.cart(user, requestLanguage(request)));

    await route(app, guards, putCart, async ({ body, user, request }) =>
      cart.saveCart(user, body, requestLanguage(request)),
    );
  };
