import { resolveQuickOrder } from '@kanna/shared/api/quick-order';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../../lib/language';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { QuickOrderService } from './quick-order.service';

export const quickOrderRoutes =
  (quickOrder: QuickOrderService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, resolveQuickOrder, async ({ body, request, user }) =>
      quickOrder.resolve(body, requestLanguage(request), user),
    );
  };
