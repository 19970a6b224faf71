import {
  catalogQuery,
  createProductRequest,
  deletedResponse,
  idParam,
  insertedResponse,
  tool,
  toolList,
  updateProductRequest,
} from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../lib/send-cached';
import { type Guards, userOf } from '../../plugins/auth';
import type { CatalogService } from './catalog.service';

const tags = ['catalog'];

export const catalogRoutes =
  (catalog: CatalogService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/handTools',
      {
        compress: false, // sendCached answers with its own compressed bytes
        schema: {
          tags,
          summary: 'Tools on sale (newest first; search, sort and kind optional)',
          querystring: catalogQuery,
          response: { 200: toolList },
        },
      },
      async (request, reply) => sendCached(request, reply, await catalog.list(request.query)),
    );

    app.get(
      '/handTools/:id',
      { compress: false, schema: { tags, summary: 'One tool', params: idParam, response: { 200: tool } } },
      async (request, reply) => sendCached(request, reply, await catalog.get(request.params.id)),
    );

    app.post(
      '/handTools',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary: 'Add a product (admin)',
          body: createProductRequest,
          response: { 201: insertedResponse },
        },
      },
      async (request, reply) => {
        const created = await catalog.createFromRequest(request.body, userOf(request).email);
        return reply.code(201).send({ acknowledged: true as const, insertedId: created._id });
      },
    );

    app.patch(
      '/handTools/:id',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary: 'Edit a product (admin)',
          description:
            'Send `loadedMaxQuantity` (the maxQuantity the form was loaded with) with a new `maxQuantity` to apply the change as a difference, keeping stock that orders reserved meanwhile (409 when they took more than a reduction leaves). Without it, `maxQuantity` is set as sent.',
          params: idParam,
          body: updateProductRequest,
          response: { 200: tool },
        },
      },
      async (request) => catalog.update(request.params.id, request.body),
    );

    app.delete(
      '/handTools/:id',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary: 'Take a product off sale (admin)',
          params: idParam,
          response: { 200: deletedResponse },
        },
      },
      async (request) => ({
        acknowledged: true as const,
        deletedCount: await catalog.archive(request.params.id),
      }),
    );
  };
