import { idParam, listQuery, tool, toolList } from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../lib/send-cached';
import type { CatalogService } from './catalog.service';

export const catalogRoutes =
  (catalog: CatalogService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/handTools',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Tools on sale, newest first',
          querystring: listQuery,
          response: { 200: toolList },
        },
      },
      async (request, reply) => sendCached(request, reply, await catalog.list(request.query.limit)),
    );
    app.get(
      '/handTools/:id',
      { schema: { tags: ['catalog'], summary: 'One tool', params: idParam, response: { 200: tool } } },
      async (request, reply) => sendCached(request, reply, await catalog.get(request.params.id)),
    );
  };
