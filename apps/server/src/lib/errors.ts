import { messages } from '@kanna/shared/domain/messages';

/**
 * What went wrong, in the service's words; `plugins/errors.ts` alone turns a kind into an HTTP
 * status, so services never speak HTTP.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'too_many'
  | 'unsupported_type'
  | 'payment_failed';

export type FieldError = { path: string; message: string };

/** An error a service raises on purpose; the error handler answers with its message (and fields). */
export class AppError extends Error {
  /** When the same request may be tried again (sent as Retry-After), for a refusal that will pass. */
  retryAfterSeconds?: number;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError('not_found', messages.notFound(what));

/** Refused for now: the server is busy with the same work for others; try again after `seconds`. */
export function busy(message: string, seconds: number): AppError {
  const err = new AppError('too_many', message);
  err.retryAfterSeconds = seconds;
  return err;
}
