import {
  adminOrdersQuery,
  confirmPaymentRequest,
  deletedResponse,
  emailParam,
  enquiryRequest,
  enquiryResponse,
  idParam,
  insertedResponse,
  messages,
  order,
  orderList,
  placeOrderRequest,
} from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSelfOrAdmin, type Guards, userOf } from '../../plugins/auth';
import type { OrdersService } from './orders.service';

const tags = ['orders'];
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export const ordersRoutes =
  (ordersService: OrdersService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/order',
      {
        onRequest: guards.requireUser,
        config: writeLimit,
        schema: {
          tags,
          summary: 'Place an order (reserves the stock)',
          body: placeOrderRequest,
          response: { 201: insertedResponse },
        },
      },
      async (request, reply) => {
        const insertedId = await ordersService.place(userOf(request), request.body);
        return reply.code(201).send({ acknowledged: true as const, insertedId });
      },
    );

    app.get(
      '/order/:email',
      {
        onRequest: guards.requireUser,
        schema: { tags, summary: "A user's orders", params: emailParam, response: { 200: orderList } },
      },
      async (request) => {
        const caller = userOf(request);
        assertSelfOrAdmin(caller, request.params.email);
        return ordersService.listFor(caller, request.params.email);
      },
    );

    app.get(
      '/order',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary: 'All orders (admin)',
          querystring: adminOrdersQuery,
          response: { 200: orderList },
        },
      },
      async (request) => ordersService.listAll(request.query.status),
    );

    app.get(
      '/orders/order/:id',
      {
        onRequest: guards.requireUser,
        schema: { tags, summary: 'One order, for payment', params: idParam, response: { 200: order } },
      },
      async (request) => ordersService.get(request.params.id, userOf(request)),
    );

    app.delete(
      '/order/:id',
      {
        onRequest: guards.requireUser,
        schema: {
          tags,
          summary: 'Cancel an unpaid order (returns its stock)',
          params: idParam,
          response: { 200: deletedResponse },
        },
      },
      async (request) => ({
        acknowledged: true as const,
        deletedCount: await ordersService.cancel(request.params.id, userOf(request)),
      }),
    );

    app.patch(
      '/order/:id',
      {
        onRequest: guards.requireUser,
        schema: {
          tags,
          summary: 'Report a payment; verified with the provider',
          params: idParam,
          body: confirmPaymentRequest,
          response: { 200: order },
        },
      },
      async (request) =>
        ordersService.confirmPaid(request.params.id, userOf(request), request.body.transactionId),
    );

    app.patch(
      '/order/:id/ship',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary: 'Mark a paid order shipped (admin)',
          params: idParam,
          response: { 200: order },
        },
      },
      async (request) => ordersService.ship(request.params.id),
    );

    app.post(
      '/enquiries',
      {
        onRequest: guards.requireUser,
        config: writeLimit,
        schema: {
          tags,
          summary: 'Contact Supplier about a tool',
          body: enquiryRequest,
          response: { 201: enquiryResponse },
        },
      },
      async (request, reply) => {
        const { id, quoteRequest } = await ordersService.enquire(userOf(request), request.body);
        return reply.code(201).send({
          acknowledged: true as const,
          insertedId: id,
          quoteRequest,
          message: quoteRequest ? messages.quoteRequested : messages.enquirySent,
        });
      },
    );
  };
