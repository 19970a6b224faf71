import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedBody, type ContentEncoding, encodedBody, type Ready } from './cache';
import { nextPageUrl } from './paging';

/** Below this a compressed body saves less than its own headers cost. */
const COMPRESS_FROM_BYTES = 1024;
const encodings = new Negotiator<ContentEncoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
});

/** The headers of one cached answer, made once: the hot reads set them as one object. */
type Prepared = {
  headers: Record<string, string>;
  /** The compressed forms once made: sent without waiting on a promise. */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  /** The `Link` header of the last request URL that asked for this page (the hot reads repeat one). */
  link: { url: string; value: string } | null;
};
const prepared = new WeakMap<CachedBody, Prepared>();

function prepare(cached: CachedBody): Prepared {
  let p = prepared.get(cached);
  if (!p) {
    p = {
      headers: {
        etag: cached.etag,
        'cache-control': 'no-cache',
        vary: 'accept-encoding',
        'content-type': cached.type ?? 'application/json; charset=utf-8',
      },
      encoded: {},
      link: null,
    };
    prepared.set(cached, p);
  }
  return p;
}

/**
 * Answers with an already-serialised body and its ETag: no per-request JSON work, and no
 * per-request compression (the compressed forms are made once per cached answer). A matching
 * If-None-Match gets 304, which saves a phone the download. Routes using this turn
 * @fastify/compress off (`compress: false`).
 *
 * Synchronous whenever it can be (the answer kept, its compressed form already made): a hot
 * read then costs no promise here.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Ready<CachedBody>,
): Ready<FastifyReply> {
  if (answer instanceof Promise) return answer.then((cached) => sendCached(request, reply, cached));
  const cached = answer;
  const p = prepare(cached);
  if (cached.next) {
    if (p.link?.url !== request.url)
      p.link = { url: request.url, value: `<${nextPageUrl(request, cached.next)}>; rel="next"` };
    reply.header('link', p.link.value);
  }
  if (request.headers['if-none-match'] === cached.etag) {
    const { 'content-type': _, ...notModified } = p.headers;
    return reply.headers(notModified).code(304).send();
  }
  reply.headers(p.headers);
  const accepted = request.headers['accept-encoding'];
  const encoding =
    accepted && cached.body.length >= COMPRESS_FROM_BYTES ? encodings.negotiate(accepted) : null;
  if (!encoding || encoding === 'identity') return reply.send(cached.body);
  reply.header('content-encoding', encoding);
  const ready = p.encoded[encoding];
  if (ready) return reply.send(ready);
  return encodedBody(cached, encoding).then((bytes) => {
    p.encoded[encoding] = bytes;
    return reply.send(bytes);
  });
}
