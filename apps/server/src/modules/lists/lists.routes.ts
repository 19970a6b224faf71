import {
  createListFromOrder,
  createSavedList,
  deleteSavedList,
  getSavedList,
  listSavedLists,
  savedListToCart,
  updateSavedList,
} from '@kanna/shared/api/quick-order';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../../lib/language';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { ListsService } from './lists.service';

export const listsRoutes =
  (lists: ListsService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, listSavedLists, async ({ user }) => lists.list(user));

    await route(app, guards, getSavedList, async ({ params, user, request }) =>
      lists.get(user, params.id, requestLanguage(request)),
    );

    await route(app, guards, createSavedList, async ({ body, user, request }) =>
      lists.create(user, body, requestLanguage(request)),
    );

    await route(app, guards, createListFromOrder, async ({ params, body, user, request }) =>
      lists.fromOrder(user, params.id, body, requestLanguage(request)),
    );

    await route(app, guards, updateSavedList, async ({ params, body, user, request }) =>
      lists.update(user, params.id, body, requestLanguage(request)),
    );

    await route(app, guards, deleteSavedList, async ({ params, user }) => ({
      acknowledged: true as const,
      deletedCount: await lists.remove(user, params.id),
    }));

    await route(app, guards, savedListToCart, async ({ params, user, request }) =>
      lists.toCart(user, params.id, requestLanguage(request)),
    );
  };
