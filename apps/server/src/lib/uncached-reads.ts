import { says } from '@kanna/shared/domain/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Asked before a public read the cache cannot answer is made (`PublicCache.get`): resolves when
 * the caller may have it, rejects with a 429 when they have had their share.
 */
export type Admit = () => Promise<void>;

/** A client address may have this many public reads a minute that the cache cannot answer. */
export const UNCACHED_READS_PER_MINUTE = 120;

/**
 * The per-address limit on public reads that the cache cannot answer (docs/rules.md,
 * "Public read cache"). Each one costs the server a page made, serialised and compressed, and a
 * visitor chooses how many different ones to ask for (a search, a page, a page size). Reads the
 * cache answers are never counted, so the cached catalogue stays unlimited. The count is kept
 * per instance by @fastify/rate-limit's store, like the routes' own limits.
 */
export function uncachedReadLimit(app: FastifyInstance, perMinute = UNCACHED_READS_PER_MINUTE) {
  const count = app.createRateLimit({ max: perMinute, timeWindow: 60_000 });
  return (request: FastifyRequest, reply: FastifyReply): Admit =>
    () =>
      count(request).then((result) => {
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('too_many', says.tooManyUncachedReads);
      });
}
