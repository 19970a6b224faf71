import type { IncomingHttpHeaders } from 'node:http';
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

/** Which form of a cached answer a request gets: 304, or the body in one encoding. */
export type Form = 'not-modified' | 'identity' | ContentEncoding;

export function formFor(headers: IncomingHttpHeaders, cached: CachedBody): Form {
  if (headers['if-none-match'] === cached.etag) return 'not-modified';
  const accepted = headers['accept-encoding'];
  const encoding =
    accepted && cached.body.length >= COMPRESS_FROM_BYTES ? encodings.negotiate(accepted) : null;
  return encoding || 'identity';
}

/** What `sendCached` answered a request with (its body: null on a 304), for lib/replay.ts. */
export type Sent = { cached: CachedBody; form: Form; body: Buffer | null };
const sent = new WeakMap<FastifyReply, Sent>();
export const sentFromCache = (reply: FastifyReply): Sent | undefined => sent.get(reply);

function prepare(cached: CachedBody): Prepared {
  let p = prepared.get(cached);
  if (!p) {
    p = {
      headers: {
        etag: cached.etag,
        'cache-control': 'no-cache',
        vary: 'accept-encoding',
        'content-type': cached.type ?? 'application/json; charset=utf-8',
        ...cached.headers,
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
  const form = formFor(request.headers, cached);
  if (form === 'not-modified') {
    const { 'content-type': _, ...notModified } = p.headers;
    sent.set(reply, { cached, form, body: null });
    return reply.headers(notModified).code(304).send();
  }
  reply.headers(p.headers);
  if (form === 'identity') return sendBody(reply, { cached, form, body: cached.body });
  reply.header('content-encoding', form);
  const ready = p.encoded[form];
  if (ready) return sendBody(reply, { cached, form, body: ready });
  const made = encodedBody(cached, form);
  if (!(made instanceof Promise)) {
    p.encoded[form] = made;
    return sendBody(reply, { cached, form, body: made });
  }
  return made.then((bytes) => {
    p.encoded[form] = bytes;
    return sendBody(reply, { cached, form, body: bytes });
  });
}

function sendBody(reply: FastifyReply, answer: Sent & { body: Buffer }): FastifyReply {
  sent.set(reply, answer);
  return reply.send(answer.body);
}
