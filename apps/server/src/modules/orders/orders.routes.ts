import { constants } from 'node:zlib';
import {
  addOrderNote,
  approveOrder,
  cancelOrder,
  cancelOrderByShop,
  declineOrder,
  enterOrder,
  exportOrders,
  getOrder,
  getOrderDesk,
  getOrderDocument,
  getTransferInstructions,
  listMyOrders,
  listOrders,
  placeOrder,
  recordPayment,
  setPaymentMethod,
  shipOrder,
} from '@kanna/shared/api/orders';
import { MATCHING_COUNT_HEADER } from '@kanna/shared/domain/limits';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../../lib/language';
import { sendPage } from '../../lib/paging';
import { perAccountLimit, route } from '../../lib/route';
import { assertSelfOrAdmin, type Guards } from '../../plugins/auth';
import { DownloadStalled } from './orders.export';
import type { OrdersService } from './orders.service';

/**
 * The export can be hundreds of megabytes: compressed at the fastest settings, which cost a
 * fraction of the default ones (gzip 6, Brotli 4) for a few per cent larger files.
 */
const exportCompression = {
  compress: {
    zlibOptions: { level: 1 },
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  },
};

export const ordersRoutes =
  (
    orders: OrdersService,
    guards: Guards,
    /** Document downloads per account a minute (a client address: twice as many); null: the contract's. */
    documentRateLimit: number | null = null,
  ): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, placeOrder, async ({ body, user, request }) => ({
      acknowledged: true as const,
      insertedId: await orders.place(user, body, requestLanguage(request)),
    }));

    await route(app, guards, enterOrder, async ({ body, user, request }) => ({
      acknowledged: true as const,
      insertedId: await orders.enterFor(user, body, requestLanguage(request)),
    }));

    await route(app, guards, listMyOrders, async ({ params, query, user, request, reply }) => {
      assertSelfOrAdmin(user, params.email);
      return sendPage(request, reply, await orders.listFor(user, params.email, query));
    });

    await route(app, guards, listOrders, async ({ query, request, reply }) => {
      const page = await orders.listAll(query);
      if (page.matching)
        reply.header(MATCHING_COUNT_HEADER, `${page.matching.count}${page.matching.more ? '+' : ''}`);
      return sendPage(request, reply, page);
    });

    await route(
      app,
      guards,
      exportOrders,
      async ({ query, request, reply }) => {
        // Everything that can fail before the first byte has failed by now: a JSON error instead.
        const csv = await orders.exportCsv(query, undefined, undefined, requestLanguage(request));
        // Past the first byte, a failure can only break the download off: it is logged here.
        csv.once('error', (err) =>
          err instanceof DownloadStalled
            ? request.log.warn({ err }, 'order export cut off: its client stopped reading')
            : request.log.error({ err }, 'order export broke off'),
        );
        reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="kanna-orders-${new Date().toISOString().slice(0, 10)}.csv"`,
          );
        return reply.send(csv);
      },
      exportCompression,
    );

    await route(app, guards, getOrder, async ({ params, user }) => orders.get(params.id, user));

    await route(app, guards, cancelOrder, async ({ params, user }) => ({
      acknowledged: true as const,
      deletedCount: await orders.cancel(params.id, user),
    }));

    await route(app, guards, shipOrder, async ({ params, body, user }) =>
      orders.ship(params.id, user, body ?? {}),
    );

    await route(app, guards, getOrderDesk, async ({ params, user }) => orders.desk(params.id, user));

    await route(
      app,
      guards,
      getOrderDocument,
      async ({ params, query, user, reply }) => {
        const { fileName, pdf } = await orders.document(params.id, params.kind, user, query.lang);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(pdf);
      },
      // Its streams are compressed already.
      { compress: false, ...perAccountLimit(documentRateLimit) },
    );

    await route(app, guards, cancelOrderByShop, async ({ params, body, user }) =>
      orders.cancelByShop(params.id, body.reason, user),
    );

    // Approvals (decision 0067): the owner of the order's company decides; an admin may decline.
    await route(app, guards, approveOrder, async ({ params, user }) => orders.approve(params.id, user));

    await route(app, guards, declineOrder, async ({ params, body, user }) =>
      orders.decline(params.id, body.reason, user),
    );

    await route(app, guards, addOrderNote, async ({ params, body, user }) =>
      orders.addNote(params.id, body.text, user),
    );

    // Bank transfers (docs/orders.md, "Bank transfers").
    await route(app, guards, recordPayment, async ({ params, body, user }) =>
      orders.recordPayment(params.id, body, user),
    );

    await route(app, guards, setPaymentMethod, async ({ params, body, user }) =>
      orders.setPaymentMethod(params.id, body.paymentMethod, user),
    );

    await route(app, guards, getTransferInstructions, async ({ params, user }) =>
      orders.transferInstructions(params.id, user),
    );
  };
