import type { ApiError as ApiErrorBody } from '@kanna/shared/common';

// The bare JSON request under the API client (./api-client.ts), without the session: the
// session store (./session.ts) asks Better Auth through it, and the API client ends the session.

/** One refused field: where, its message's key and params, and the message in the reader's language. */
export type RefusedField = { path: string; message: string; key?: string; params?: readonly unknown[] };

/**
 * A failed API call. `message` is what the user is shown: the server's own message when it
 * answered with its error JSON `{ statusCode, error, code, key, params, message }`, otherwise a
 * plain explanation; `code` and `key` say which refusal it is, whatever the language.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly error: string;
  /** Which fields were refused and why (`lines.1.quantity`), when the server said. */
  readonly errors: RefusedField[];
  /** The kind of refusal (`not_found`, `conflict`, …) and its message's key and params, when the server said. */
  readonly code?: string;
  readonly key?: string;
  readonly params?: readonly unknown[];

  constructor(
    statusCode: number,
    error: string,
    message: string,
    errors: RefusedField[] = [],
    keyed: { code?: string; key?: string; params?: readonly unknown[] } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.error = error;
    this.errors = errors;
    this.code = keyed.code;
    this.key = keyed.key;
    this.params = keyed.params;
  }
}

const isErrorBody = (body: unknown): body is ApiErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { message?: unknown }).message === 'string' &&
  typeof (body as { statusCode?: unknown }).statusCode === 'number';

/** What a request that never reached the shop says (no connection, the server down). */
export const unreachable = 'Could not reach the shop. Check your connection and try again.';

/**
 * Same-origin JSON request; resolves with the parsed body or throws an {@link ApiError}.
 * `onRefused` hears the status of every refusal first (the API client ends the session on a 401).
 */
export async function request<T>(
  path: string,
  init: RequestInit = {},
  onRefused?: (status: number) => void,
): Promise<{ body: T; response: Response }> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.body !== undefined && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Network Error', unreachable);
  }

  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }

  if (!response.ok) {
    onRefused?.(response.status);
    if (isErrorBody(body))
      throw new ApiError(body.statusCode, body.error, body.message, body.errors, {
        code: body.code,
        key: body.key,
        params: body.params,
      });
    // Better Auth answers `{ code, key, params, message }`.
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message) {
      const { code, key, params } = body as { code?: unknown; key?: unknown; params?: unknown };
      throw new ApiError(
        response.status,
        typeof code === 'string' ? code : response.statusText,
        message,
        [],
        {
          key: typeof key === 'string' ? key : undefined,
          params: Array.isArray(params) ? params : undefined,
        },
      );
    }
    throw new ApiError(
      response.status,
      response.statusText || 'Error',
      `The shop could not answer (error ${response.status}). Please try again.`,
    );
  }
  return { body: body as T, response };
}

/**
 * Better Auth's own endpoints (under /api/auth), which have no contract of ours: a POST with
 * `body` when one is given, otherwise a GET.
 */
export const authRequest = <T>(
  path: `/api/auth/${string}`,
  body?: unknown,
  init: Pick<RequestInit, 'cache' | 'signal'> = {},
): Promise<T> =>
  request<T>(path, body === undefined ? init : { ...init, method: 'POST', body: JSON.stringify(body) }).then(
    (r) => r.body,
  );
