import type { ApiError as ApiErrorBody } from '@kanna/shared/common';
import { clearSession } from './session';

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

export interface ApiRequestInit extends RequestInit {
  /**
   * Treat a 403 as "your session is no longer good enough" and sign out, as the spec asks for
   * the my-orders list and the users list (§4). Off by default: a 403 elsewhere is a plain
   * refusal the screen shows ('you are not make a admin').
   */
  signOutOn403?: boolean;
}

/** Better Auth's own endpoints answer 401 for a wrong password: that is not an ended session. */
const isAuthEndpoint = (path: string) => path.startsWith('/api/auth/');

/**
 * Same-origin JSON request; resolves with the parsed body or throws an {@link ApiError}.
 * A 401 from the shop's API (and a 403 when `signOutOn403` is set) means the session is gone:
 * it is cleared, and the layout sends the user to /login (docs/ARCHITECTURE.md, "The web app").
 */
export async function apiRequest<T>(path: string, options: ApiRequestInit = {}): Promise<T> {
  const { signOutOn403 = false, ...init } = options;
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
    if (!isAuthEndpoint(path) && (response.status === 401 || (response.status === 403 && signOutOn403))) {
      clearSession('expired');
    }
    if (isErrorBody(body)) throw new ApiError(body.statusCode, body.error, body.message);
    // Better Auth answers `{ code, message }`.
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message) {
      const code = (body as { code?: unknown }).code;
      throw new ApiError(response.status, typeof code === 'string' ? code : response.statusText, message);
    }
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

export const apiPut = <T>(path: string, body: unknown): Promise<T> =>
  apiRequest<T>(path, { method: 'PUT', body: JSON.stringify(body) });
