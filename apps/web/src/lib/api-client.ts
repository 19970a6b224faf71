import { type Endpoint, type RequestOf, type ResponseOf, urlOf } from '@kanna/shared/api/endpoint';
import { MATCHING_COUNT_HEADER } from '@kanna/shared/domain/limits';
import { request } from './http';
import { clearSession } from './session';

export { ApiError, authRequest, unreachable } from './http';

/**
 * Treat a 403 as "your session is no longer good enough" and sign out, as the spec asks for
 * the my-orders list and the users list (§4). Off by default: a 403 elsewhere is a plain
 * refusal the screen shows ('you are not make a admin').
 */
type SignOutOn403 = { signOutOn403?: boolean };

/** How a call is made: cancellation, and the spec's sign-out on a 403 (see SignOutOn403). */
type CallOptions = Pick<RequestInit, 'signal'> & SignOutOn403;

/** The input is optional when nothing in it is required. */
type CallArgs<E> =
  Record<never, never> extends RequestOf<E>
    ? [input?: RequestOf<E>, options?: CallOptions]
    : [input: RequestOf<E>, options?: CallOptions];

function send<E extends Endpoint>(endpoint: E, args: CallArgs<E>) {
  const [input, options] = args as [
    { params?: Record<string, string>; query?: Record<string, string | number | undefined>; body?: unknown }?,
    CallOptions?,
  ];
  const { signOutOn403 = false, signal } = options ?? {};
  return request<ResponseOf<E>>(
    urlOf(endpoint.path, input?.params, input?.query),
    {
      method: endpoint.method,
      ...(signal ? { signal } : {}),
      ...(input?.body === undefined ? {} : { body: JSON.stringify(input.body) }),
    },
    // A 401 (and a 403 when `signOutOn403` is set) means the session is gone: it is cleared,
    // and the layout sends the user to /login (docs/web.md, "The web app").
    (status) => {
      if (status === 401 || (status === 403 && signOutOn403)) clearSession('expired');
    },
  );
}

/**
 * Calls an endpoint of the shop's API through its contract (packages/shared/src/api): the path
 * and method come from the contract, the input and the answer are typed by its schemas.
 */
export async function call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> {
  return (await send(endpoint, args)).body;
}

/** One page of a list: its items, and the cursor of the next page from the `Link` header (null on the last). */
/**
 * One page of a list: its items, the next page's cursor, and (on a first page that says so, in
 * the Matching-Count header) how many items match in all, counted up to a cap: `more` past it.
 */
export type PageOf<T> = { items: T; next: string | null; matching?: Matching };
export type Matching = { count: number; more: boolean };

/** The Matching-Count header read: `12` → 12 exactly, `1000+` → 1000 and more. */
function matchingOf(header: string | null): Matching | undefined {
  const found = header ? /^(\d+)(\+?)$/.exec(header.trim()) : null;
  return found ? { count: Number(found[1]), more: found[2] === '+' } : undefined;
}

export async function callPage<E extends Endpoint>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<PageOf<ResponseOf<E>>> {
  const { body, response } = await send(endpoint, args);
  const link = response.headers.get('link') ?? '';
  const target = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
  const next = target ? new URL(target, 'http://shop.invalid').searchParams.get('cursor') : null;
  const matching = matchingOf(response.headers.get(MATCHING_COUNT_HEADER));
  return { items: body, next, ...(matching ? { matching } : {}) };
}

/**
 * Every item of a list that pages, following the `Link` header's next page to the end (at most
 * 100 pages). For the screens that show a whole list until they get paging of their own.
 */
export async function callAll<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> {
  const [input, options] = args as [{ query?: Record<string, unknown> }?, CallOptions?];
  const items: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const pageArgs = [{ ...input, query: { ...input?.query, cursor } }, options] as unknown as CallArgs<E>;
    const { items: got, next } = await callPage(endpoint, ...pageArgs);
    items.push(...(got as unknown[]));
    if (!next) break;
    cursor = next;
  }
  return items as ResponseOf<E>;
}
