import { type IncomingMessage, STATUS_CODES } from 'node:http';
import { says } from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import type { Said } from '@kanna/shared/domain/translation';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { AppError, type ErrorKind } from '../lib/errors';
import { languageHeaders, requestLanguage, textIn } from '../lib/language';
import { type Told, validationTold } from '../lib/validation-language';

/** A message by its key, with the text made from it in the caller's language. */
const told = (said: Said, language: Language): Told => ({
  key: said.key,
  params: said.params,
  message: textIn(said, language),
});

/**
 * The one error body: `code` the kind of refusal, `key` and `params` its message by key
 * (messages.ts), `message` the text made from them in the caller's language, and for refused
 * fields the same per field. The same status, code, keys and paths in every language; only the
 * sentences differ.
 */
const body = (statusCode: number, code: string, main: Told, errors?: (Told & { path: string })[]) => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  code,
  key: main.key,
  params: main.params,
  message: main.message,
  ...(errors
    ? { errors: errors.map((e) => ({ path: e.path, key: e.key, params: e.params, message: e.message })) }
    : {}),
});

/** The one place where what went wrong becomes an HTTP status. */
const statusOf: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  unsupported_type: 415,
  payment_failed: 402,
};

/** The kind of a refusal Fastify made itself, by its status (the body's `code`). */
const kindOf: Record<number, ErrorKind> = Object.fromEntries(
  Object.entries(statusOf).map(([kind, status]) => [status, kind as ErrorKind]),
);

/**
 * What a refusal Fastify made itself says, by key: its message is English only and names no
 * key, so it is known by its code (a body it cannot read) or its status.
 */
function fastifySaid(err: FastifyError, status: number): Said {
  if (status === 429) return says.tooManyRequests;
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return says.bodyNotJson;
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return says.bodyEmpty;
  if (status === 415) return says.mediaTypeUnsupported;
  if (status === 400) return says.requestInvalid;
  return says.requestRefused;
}

/**
 * A body over the limit is still read (and thrown away) up to this many bytes before the 413
 * goes out: Fastify answers a too-large body at once and closes the connection, and a client
 * still sending then gets a reset (EPIPE) instead of the answer. Beyond this, it is cut off.
 */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/** Resolves when the request's body has been read to its end, or `limit` bytes of it were. */
function drain(raw: IncomingMessage, limit: number): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      raw.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) done();
    };
    raw.on('data', onData).on('end', done).on('error', done).on('close', done);
    raw.resume();
  });
}

/**
 * One error shape for the whole API: `{ statusCode, error, code, key, params, message, errors? }`.
 * Anything ≥ 500 is logged with the request and answered with a generic message; with
 * `config.debug` (KANNA_DEBUG) it is also printed to stderr, stack and all.
 */
export function registerErrorHandling(app: FastifyInstance, config: Pick<Config, 'debug'>): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    reply.headers(languageHeaders(language));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.'),
        ...validationTold(v, language),
      }));
      return reply
        .code(400)
        .send(body(400, 'invalid', errors[0] ?? told(says.requestInvalid, language), errors));
    }
    if (err instanceof AppError) {
      const status = statusOf[err.kind];
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      const errors = err.errors?.map((e) => ({ path: e.path, ...told(e.said, language) }));
      const main = told(err.said, language);
      if (err.atPath !== undefined) main.message = `${err.atPath}: ${main.message}`;
      return reply.code(status).send(body(status, err.kind, main, errors));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      await drain(request.raw, DRAIN_LIMIT_BYTES);
      const kilobytes = Math.floor(request.routeOptions.bodyLimit / 1024);
      return reply.code(413).send(body(413, 'too_large', told(says.bodyTooLarge(kilobytes), language)));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const kind = kindOf[status] ?? 'invalid';
      return reply.code(status).send(body(status, kind, told(fastifySaid(err, status), language)));
    }
    request.log.error({ err }, 'request failed');
    if (config.debug) console.error(err);
    return reply.code(500).send(body(500, 'server_failed', told(says.serverFailed, language)));
  });
}

export const apiNotFound = (path: string, language: Language = 'en') =>
  body(404, 'not_found', told(says.noApiRoute(path), language));

/**
 * Fastify's own refusals before any route (a path it cannot decode, a parameter over the length
 * limit): an invalid request, 400 in the one error body.
 */
export function unroutable(_err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const language = requestLanguage(request);
  reply
    .headers(languageHeaders(language))
    .code(400)
    .send(body(400, 'invalid', told(says.requestInvalid, language)));
}
