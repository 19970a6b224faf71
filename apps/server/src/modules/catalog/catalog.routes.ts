import {
  createProduct,
  deleteProduct,
  getStockHistory,
  getTool,
  getToolBySlug,
  listTools,
  updateProduct,
} from '@kanna/shared/api/catalog';
import type { FastifyPluginAsync } from 'fastify';
import { sendPage } from '../../lib/paging';
import { route } from '../../lib/route';
import { sendCached } from '../../lib/send-cached';
import { uncachedReadLimit } from '../../lib/uncached-reads';
import type { Guards } from '../../plugins/auth';
import type { CatalogService } from './catalog.service';

// sendCached answers with its own compressed bytes.
const precompressed = { compress: false } as const;

export const catalogRoutes =
  (catalog: CatalogService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    // Reads the cache cannot answer are limited per address; cached ones are not (lib/uncached-reads.ts).
    const admit = uncachedReadLimit(app);
    await route(
      app,
      guards,
      listTools,
      ({ query, request, reply }) => sendCached(request, reply, catalog.list(query, admit(request, reply))),
      precompressed,
    );

    await route(
      app,
      guards,
      getTool,
      ({ params, request, reply }) =>
        sendCached(request, reply, catalog.get(params.id, admit(request, reply))),
      precompressed,
    );

    await route(app, guards, getToolBySlug, ({ params }) => catalog.bySlug(params.slug));

    await route(app, guards, getStockHistory, async ({ params, query, request, reply }) =>
      sendPage(request, reply, await catalog.stockHistory(params.id, query)),
    );

    await route(app, guards, createProduct, async ({ body, user }) => {
      const created = await catalog.createFromRequest(body, user);
      return { acknowledged: true as const, insertedId: created._id };
    });

    await route(app, guards, updateProduct, async ({ params, body, user }) =>
      catalog.update(params.id, body, user.name, user),
    );

    await route(app, guards, deleteProduct, async ({ params, user }) => ({
      acknowledged: true as const,
      deletedCount: await catalog.archive(params.id, user),
    }));
  };
