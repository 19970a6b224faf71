import { getPostalCode } from '@kanna/shared/api/addresses';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import { lookUpPostalCode } from './postal-codes';

/** GET /api/postal-codes/{code}: the places a Japanese postal code names; the table changes monthly at most. */
export const addressesRoutes =
  (guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, getPostalCode, ({ params, reply }) => {
      const found = lookUpPostalCode(params.code);
      if (!found) throw notFound('This postal code');
      reply.header('cache-control', 'public, max-age=86400');
      return found;
    });
  };
