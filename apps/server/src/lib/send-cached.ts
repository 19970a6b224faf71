import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedBody, type ContentEncoding, encodedBody } from './cache';
import { nextPageUrl } from './paging';

/** Below this a compressed body saves less than its own headers cost. */
const COMPRESS_FROM_BYTES = 1024;
const encodings = new Negotiator<ContentEncoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
});

/**
 * Answers with an already-serialised body and its ETag: no per-request JSON work, and no
 * per-request compression (the compressed forms are made once per cached answer). A matching
 * If-None-Match gets 304, which saves a phone the download. Routes using this turn
 * @fastify/compress off (`compress: false`).
 */
export async function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (cached.next) reply.header('link', `<${nextPageUrl(request, cached.next)}>; rel="next"`);
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  const encoding =
    accepted && cached.body.length >= COMPRESS_FROM_BYTES ? encodings.negotiate(accepted) : null;
  if (!encoding || encoding === 'identity') return reply.send(cached.body);
  return reply.header('content-encoding', encoding).send(await encodedBody(cached, encoding));
}
