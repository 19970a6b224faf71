import { languages } from '@kanna/shared/domain/languages';
import type { FastifyPluginAsync } from 'fastify';
import { sendCached } from '../../lib/send-cached';
import type { ReachService } from './reach.service';

// Documents for crawlers rather than API endpoints: outside /api and the OpenAPI document.
const hidden = { schema: { hide: true }, compress: false } as const;

/**
 * GET /robots.txt (unless the web app's build ships its own), /sitemap.xml and
 * /feeds/google-<lang>.xml, each answered from the kept document (ETag, 304, compressed once).
 */
export const reachRoutes =
  (reach: ReachService, options: { robots: boolean }): FastifyPluginAsync =>
  async (app) => {
    if (options.robots)
      app.get('/robots.txt', hidden, (request, reply) => sendCached(request, reply, reach.robots()));
    app.get('/sitemap.xml', hidden, (request, reply) => sendCached(request, reply, reach.sitemap()));
    for (const language of languages)
      app.get(`/feeds/google-${language}.xml`, hidden, (request, reply) =>
        sendCached(request, reply, reach.feed(language)),
      );
  };
