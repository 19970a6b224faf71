import {
  cancelOrder,
  getCart,
  getOrder,
  listMyOrders,
  listOrders,
  placeOrder,
  putCart,
  sendEnquiry,
  shipOrder,
} from '@kanna/shared/api/orders';
import { messages } from '@kanna/shared/domain/messages';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { assertSelfOrAdmin, type Guards } from '../../plugins/auth';
import type { OrdersService } from './orders.service';

export const ordersRoutes =
  (orders: OrdersService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, placeOrder, async ({ body, user }) => ({
      acknowledged: true as const,
      insertedId: await orders.place(user, body),
    }));

    await route(app, guards, listMyOrders, async ({ params, user }) => {
      assertSelfOrAdmin(user, params.email);
      return orders.listFor(user, params.email);
    });

    await route(app, guards, listOrders, async ({ query }) => orders.listAll(query.status));

    await route(app, guards, getOrder, async ({ params, user }) => orders.get(params.id, user));

    await route(app, guards, cancelOrder, async ({ params, user }) => ({
      acknowledged: true as const,
      deletedCount: await orders.cancel(params.id, user),
    }));

    await route(app, guards, shipOrder, async ({ params }) => orders.ship(params.id));

    await route(app, guards, sendEnquiry, async ({ body, user }) => {
      const { id, quoteRequest } = await orders.enquire(user, body);
      return {
        acknowledged: true as const,
        insertedId: id,
        quoteRequest,
        message: quoteRequest ? messages.quoteRequested : messages.enquirySent,
      };
    });

    await route(app, guards, getCart, async ({ user }) => orders.cart(user));

    await route(app, guards, putCart, async ({ body, user }) => orders.saveCart(user, body));
  };
