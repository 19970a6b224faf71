import { type Endpoint, type RequestOf, type ResponseOf, urlOf } from '@kanna/shared/api/endpoint';
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
  /** Which fields were refused and why (`lines.1.quantity`), when the server said. */
  readonly errors: { path: string; message: string }[];

  constructor(statusCode: number, error: string, message: string, errors: { path: string; message: string }[] = []) {
    super(message);
    this.statusCode = statusCode;
    this.error = error;
    this.errors = errors;
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
async function request<T>(path: string, options: ApiRequestInit = {}): Promise<{ body: T; response: Response }> {
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
    if (isErrorBody(body)) throw new ApiError(body.statusCode, body.error, body.message, body.errors);
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
  return { body: body as T, response };
}

/** How a call is made: cancellation, and the spec's sign-out on a 403 (see ApiRequestInit). */
export type CallOptions = Pick<ApiRequestInit, 'signal' | 'signOutOn403'>;

type CallArgs<E> = {} extends RequestOf<E>
  ? [input?: RequestOf<E>, options?: CallOptions]
  : [input: RequestOf<E>, options?: CallOptions];

function send<E extends Endpoint>(endpoint: E, args: CallArgs<E>) {
  const [input, options] = args as [
    { params?: Record<string, string>; query?: Record<string, string | number | undefined>; body?: unknown }?,
    CallOptions?,
  ];
  return request<ResponseOf<E>>(urlOf(endpoint.path, input?.params, input?.query), {
    ...options,
    method: endpoint.method,
    ...(input?.body === undefined ? {} : { body: JSON.stringify(input.body) }),
  });
}

/**
 * Calls an endpoint of the shop's API through its contract (packages/shared/src/api): the path
 * and method come from the contract, the input and the answer are typed by its schemas.
 */
export async function call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> {
  return (await send(endpoint, args)).body;
}

/** One page of a list: its items, and the cursor of the next page from the `Link` header (null on the last). */
export type PageOf<T> = { items: T; next: string | null };

export async function callPage<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<PageOf<ResponseOf<E>>> {
  const { body, response } = await send(endpoint, args);
  const link = response.headers.get('link') ?? '';
  const target = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
  const next = target ? new URL(target, 'http://shop.invalid').searchParams.get('cursor') : null;
  return { items: body, next };
}

/** Better Auth's own endpoints (under /api/auth), which have no contract of ours. */
export const authRequest = <T>(path: `/api/auth/${string}`, body?: unknown): Promise<T> =>
  request<T>(path, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }).then((r) => r.body);
