import { type IncomingMessage, STATUS_CODES } from 'node:http';
import { messages } from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { AppError, type ErrorKind } from '../lib/errors';
import { languageHeaders, requestLanguage, say } from '../lib/language';
import { validationMessage } from '../lib/validation-language';

type FieldError = { path: string; message: string };

/**
 * The one error body, its messages said in the caller's language (lib/language.ts): the same
 * status, paths and shape in every language, only the sentences differ.
 */
const body = (statusCode: number, message: string, errors?: FieldError[], language: Language = 'en') => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message: say(message, language),
  ...(errors ? { errors: errors.map((e) => ({ path: e.path, message: say(e.message, language) })) } : {}),
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
 * One error shape for the whole API: `{ statusCode, error, message, errors? }`.
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
        message: validationMessage(v, language),
      }));
      return reply.code(400).send(body(400, errors[0]?.message ?? messages.requestInvalid, errors, language));
    }
    if (err instanceof AppError) {
      const status = statusOf[err.kind];
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(status).send(body(status, err.message, err.errors, language));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      await drain(request.raw, DRAIN_LIMIT_BYTES);
      const kilobytes = Math.floor(request.routeOptions.bodyLimit / 1024);
      return reply.code(413).send(body(413, messages.bodyTooLarge(kilobytes), undefined, language));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429)
        return reply.code(429).send(body(429, messages.tooManyRequests, undefined, language));
      return reply.code(status).send(body(status, err.message, undefined, language));
    }
    request.log.error({ err }, 'request failed');
    if (config.debug) console.error(err);
    return reply.code(500).send(body(500, messages.serverFailed, undefined, language));
  });
}

export const apiNotFound = (path: string, language: Language = 'en') =>
  body(404, messages.noApiRoute(path), undefined, language);

/**
 * Fastify's own refusals before any route (a path it cannot decode, a parameter over the length
 * limit): an invalid request, 400 in the one error body.
 */
export function unroutable(_err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const language = requestLanguage(request);
  reply
    .headers(languageHeaders(language))
    .code(400)
    .send(body(400, messages.requestInvalid, undefined, language));
}
