import { messages, type Named, says } from '@kanna/shared/domain/messages';
import { type Said, textOf } from '@kanna/shared/domain/translation';

/**
 * What went wrong, in the service's words; `plugins/errors.ts` alone turns a kind into an HTTP
 * status, so services never speak HTTP. It is also the error body's `code`.
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

/** One field's refusal: where (a dotted path of the request) and what, by its key. */
export type FieldError = { path: string; said: Said };

/**
 * An error a service raises on purpose, naming its message by key (`says.*`): the error handler
 * answers with the key, its params and the text made from them in the caller's language.
 */
export class AppError extends Error {
  /** When the same request may be tried again (sent as Retry-After), for a refusal that will pass. */
  retryAfterSeconds?: number;
  /** The field the message is about, said before it (`lines.1.quantity: only 3 left`). */
  atPath?: string;

  constructor(
    readonly kind: ErrorKind,
    readonly said: Said,
    readonly errors?: FieldError[],
  ) {
    // In English for logs; the answer is said in the caller's language from the key.
    super(textOf(said, messages) ?? said.key);
  }
}

/** A refusal of one field: the answer's message and its one `errors[]` entry say the same. */
export const fieldError = (kind: ErrorKind, path: string, said: Said): AppError =>
  new AppError(kind, said, [{ path, said }]);

export const notFound = (what: Named) => new AppError('not_found', says.notFound(what));

/**
 * Refused for several fields at once: the message is the first field's, after its path
 * (`lines.1.quantity: only 3 left`), and `errors` names every one.
 */
export function fieldsRefused(kind: ErrorKind, errors: [FieldError, ...FieldError[]]): AppError {
  const err = new AppError(kind, errors[0].said, errors);
  err.atPath = errors[0].path;
  return err;
}

/** Refused for now: the server is busy with the same work for others; try again after `seconds`. */
export function busy(said: Said, seconds: number): AppError {
  const err = new AppError('too_many', said);
  err.retryAfterSeconds = seconds;
  return err;
}
