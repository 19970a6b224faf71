import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

const body = (statusCode: number, message: string, errors?: { path: string; message: string }[]) => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(errors ? { errors } : {}),
});

/**
 * One error shape for the whole API (DESIGN §4): `{ statusCode, error, message, errors? }`.
 * Anything ≥ 500 is logged with the request and answered with a generic message.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.'),
        message: v.message ?? 'is invalid',
      }));
      return reply.code(400).send(body(400, errors[0]?.message ?? 'The request is invalid.', errors));
    }
    if (err instanceof AppError) return reply.code(err.statusCode).send(body(err.statusCode, err.message));
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429)
        return reply.code(429).send(body(429, 'Too many requests. Please wait a moment and try again.'));
      return reply.code(status).send(body(status, err.message));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send(body(500, 'Something went wrong on our side. Please try again.'));
  });
}

export const apiNotFound = (path: string) => body(404, `There is no API route ${path}.`);
