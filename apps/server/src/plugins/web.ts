import fastifyStatic from '@fastify/static';
import { isClientRoute } from '@kanna/shared';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors';

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year; everything
 * else (index.html, favicon, robots.txt) is revalidated. Client routes get the app shell
 * (history fallback) with 200; unknown paths get it with 404, so the app shows its 404 page
 * and crawlers see the right status.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | null): Promise<void> {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/media/') || !webDist) {
      return reply.code(404).send(apiNotFound(path));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(apiNotFound(path));
    }
    return reply
      .code(isClientRoute(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html');
  });
}
