import type { ApiError as ApiErrorBody } from '@kanna/shared/common';

/**
 * A failed API call. `message` is what the user is shown: the server's own message when it
 * answered with its error JSON `{ statusCode, error, message }`, otherwise a plain explanation.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly error: string;

  constructor(statusCode: number, error: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.error = error;
  }
}

const isErrorBody = (body: unknown): body is ApiErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { message?: unknown }).message === 'string' &&
  typeof (body as { statusCode?: unknown }).statusCode === 'number';

const unreachable = 'Could not reach the shop. Check your connection and try again.';

/** Same-origin JSON request; resolves with the parsed body or throws an {@link ApiError}. */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
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
    if (isErrorBody(body)) throw new ApiError(body.statusCode, body.error, body.message);
    throw new ApiError(
      response.status,
      response.statusText || 'Error',
      `The shop could not answer (error ${response.status}). Please try again.`,
    );
  }
  return body as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal): Promise<T> => apiRequest<T>(path, { signal });

export const apiPost = <T>(path: string, body: unknown): Promise<T> =>
  apiRequest<T>(path, { method: 'POST', body: JSON.stringify(body) });
