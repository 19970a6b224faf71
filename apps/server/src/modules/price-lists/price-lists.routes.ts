import {
  assignPriceList,
  createPriceList,
  deletePriceList,
  listPriceLists,
  updatePriceList,
} from '@kanna/shared/api/price-lists';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { PriceListsService } from './price-lists.service';

export const priceListsRoutes =
  (lists: PriceListsService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, listPriceLists, () => lists.list());

    await route(app, guards, createPriceList, ({ body, user }) => lists.create(body, user));

    await route(app, guards, updatePriceList, ({ params, body, user }) =>
      lists.update(params.id, body, user),
    );

    await route(app, guards, deletePriceList, async ({ params, user }) => ({
      acknowledged: true as const,
      deletedCount: await lists.remove(params.id, user),
    }));

    await route(app, guards, assignPriceList, async ({ params, body, user }) => ({
      acknowledged: true as const,
      modifiedCount: await lists.assign(params.email, body.priceListId, user),
    }));
  };
