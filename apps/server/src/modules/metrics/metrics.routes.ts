import { createHash, timingSafeEqual } from 'node:crypto';
import { says } from '@kanna/shared/domain/messages';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors';
import type { ShopMetrics } from './metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics (docs/operations.md, "Metrics"): the Prometheus text of this instance, only with
 * `Authorization: Bearer $METRICS_TOKEN` (401 otherwise). Registered only when METRICS_TOKEN is
 * set, so without it the path is a 404 like any unknown one. Outside /api and the API's OpenAPI
 * document (`hide`, as /media): it is for the operator's scraper, not for the shop's clients,
 * and it answers text, not JSON.
 */
export const metricsRoutes =
  (metrics: ShopMetrics, token: string): FastifyPluginAsync =>
  async (app) => {
    // Compared as SHA-256 digests: equal lengths whatever is sent, so `timingSafeEqual` never
    // throws and the time taken says nothing about the token, not even its length.
    const expected = digest(token);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const sent = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(sent), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthenticated', says.metricsTokenRequired);
      }
      const { body, contentType } = await metrics.scrape();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
  };
