import {
  createProduct,
  deleteProduct,
  getStockHistory,
  getTool,
  getToolBySlug,
  listTools,
  updateProduct,
} from '@kanna/shared/api/catalog';
import type { PriceListTerms } from '@kanna/shared/domain/price-lists';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Ready } from '../../lib/cache';
import { sendPage } from '../../lib/paging';
import { PRIVATE_ANSWER, route } from '../../lib/route';
import { sendCached } from '../../lib/send-cached';
import { uncachedReadLimit } from '../../lib/uncached-reads';
import type { Guards } from '../../plugins/auth';
import type { CatalogService } from './catalog.service';
import type { BuyerTerms } from './priced-tool';

// sendCached answers with its own compressed bytes.
const precompressed = { compress: false } as const;

export const catalogRoutes =
  (catalog: CatalogService, guards: Guards, termsOf: BuyerTerms): FastifyPluginAsync =>
  async (app) => {
    // Reads the cache cannot answer are limited per address; cached ones are not (lib/uncached-reads.ts).
    const admit = uncachedReadLimit(app);

    /**
     * Everyone's answer (`everyone`: the public cache's), unless the caller is a signed-in buyer
     * with a price list (decision 0060): then `theirs`, at their prices, answered privately and
     * kept nowhere. A visitor's request carries no session and is answered at once, as before.
     */
    function forTheCaller<V, B>(
      request: FastifyRequest,
      reply: FastifyReply,
      everyone: () => Ready<V>,
      theirs: (terms: PriceListTerms) => Promise<B>,
    ): Ready<V | B> {
      const caller = guards.signedInOrNull(request);
      if (caller === null) return everyone();
      return Promise.resolve(caller).then(async (found) => {
        const terms = found ? await termsOf(found.id) : null;
        if (!terms) return everyone();
        reply.header('cache-control', PRIVATE_ANSWER);
        return theirs(terms);
      });
    }

    await route(
      app,
      guards,
      listTools,
      ({ query, request, reply }) =>
        forTheCaller(
          request,
          reply,
          () => sendCached(request, reply, catalog.list(query, admit(request, reply))),
          async (terms) => sendPage(request, reply, await catalog.listAt(query, terms)),
        ),
      precompressed,
    );

    await route(
      app,
      guards,
      getTool,
      ({ params, request, reply }) =>
        forTheCaller(
          request,
          reply,
          () => sendCached(request, reply, catalog.get(params.id, admit(request, reply))),
          (terms) => catalog.getAt(params.id, terms),
        ),
      precompressed,
    );

    await route(app, guards, getToolBySlug, ({ params, request, reply }) =>
      forTheCaller(
        request,
        reply,
        () => catalog.bySlug(params.slug),
        (terms) => catalog.bySlugAt(params.slug, terms),
      ),
    );

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
