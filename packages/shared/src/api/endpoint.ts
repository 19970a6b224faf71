import type { z } from 'zod';

/**
 * One contract per endpoint (docs/api.md, "The API contract"): method, path, who may
 * call it and its zod schemas, in one object that the server registers its route from and the
 * web calls through. The schemas load lazily (`schemas()`), so a bundle that only calls an
 * endpoint — the home page — never loads zod; its types still come from the schemas.
 */
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `public`: anyone; `user`: signed in (401 otherwise); `admin`: administrators (403 for others). */
export type Access = 'public' | 'user' | 'admin';

/** The refusals an endpoint can answer with (every one the one error body, `{ statusCode, error, message, errors? }`). */
type RefusalStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/**
 * The refusals particular to an endpoint, each with when it happens: those its access, method,
 * path and limits imply (`refusalsOf`) are not repeated here.
 */
export type Refusals = Partial<Record<RefusalStatus, string>>;

export type EndpointSchemas = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer's body. */
  response: z.ZodType;
};

export type Endpoint<S extends EndpointSchemas = EndpointSchemas, A extends Access = Access> = {
  readonly method: HttpMethod;
  /** The path with `:name` parameters, e.g. `/api/order/:id`. */
  readonly path: `/api/${string}`;
  readonly access: A;
  /** The success status: 200 unless said. */
  readonly status?: 200 | 201 | 204;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Requests per client address per minute, when the endpoint is rate limited. */
  readonly perMinute?: number;
  /**
   * Requests per signed-in account per minute, when the endpoint is limited per account too (its
   * answers cost the server's thread, whatever address they are asked from).
   */
  readonly perAccountPerMinute?: number;
  /** A body other than JSON (the picture uploads). */
  readonly consumes?: 'multipart/form-data';
  /** A success body other than JSON: its media type (the PDF documents, the CSV export). */
  readonly produces?: 'application/pdf' | 'text/csv' | 'application/zip';
  /** Refusals this endpoint gives besides those `refusalsOf` derives, and when. */
  readonly refusals?: Refusals;
  readonly schemas: () => Promise<S>;
};

/**
 * Marked free of side effects for the bundler, so the web's build drops the contracts no page
 * calls (the health check's). A contract some page calls stays in the chunk of the file it is
 * in, wherever that chunk goes: hence the administrator's shop contracts are a file apart from
 * the public ones the storefront's first download needs (api/shop-admin.ts, api/shop.ts).
 */
export const endpoint = /* @__NO_SIDE_EFFECTS__ */ <S extends EndpointSchemas, const A extends Access>(
  definition: Endpoint<S, A>,
): Endpoint<S, A> => definition;

const WRITES = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every refusal an endpoint can answer with, and when: derived from its contract — its input
 * (400), its access (401; 403 for admins' endpoints), its method (a write from another site's
 * Origin is 403, a body of another type 415, one over the limit 413), its path (an id that
 * names nothing is 404), its rate limit (429) — then the endpoint's own `refusals`.
 */
export function refusalsOf(e: Endpoint): Refusals {
  const write = WRITES.has(e.method);
  const why = new Map<RefusalStatus, string[]>();
  const add = (status: RefusalStatus, reason: string | undefined) => {
    if (reason) why.set(status, [...(why.get(status) ?? []), reason]);
  };
  add(400, 'the request is invalid (`errors` says which field and why)');
  if (e.access !== 'public') add(401, 'not signed in');
  if (e.access === 'admin') add(403, 'only administrators can do this');
  if (write) add(403, "the request's Origin is not this shop's");
  if (e.path.includes(':')) add(404, 'what the path names does not exist');
  if (write) {
    add(413, 'the body is over the size limit');
    add(415, `the body is not ${e.consumes ?? 'application/json'}`);
  }
  if (e.perMinute) add(429, `over ${e.perMinute} requests a minute from this address: wait (Retry-After)`);
  for (const [status, reason] of Object.entries(e.refusals ?? {}))
    add(Number(status) as RefusalStatus, reason);
  const sentence = (reasons: string[]) => {
    const text = reasons.join('; or ');
    return `${text[0]?.toUpperCase()}${text.slice(1)}.`;
  };
  return Object.fromEntries([...why].map(([status, reasons]) => [status, sentence(reasons)]));
}

/** An object type with no fields: what an absent part of a request adds. */
export type Empty = Record<never, never>;

type SchemasOf<E> = E extends Endpoint<infer S, Access> ? S : never;
type Part<S, K extends string, Sent extends boolean> =
  S extends Record<K, infer T extends z.ZodType>
    ? Sent extends true
      ? Empty extends z.input<T>
        ? { [P in K]?: z.input<T> }
        : { [P in K]: z.input<T> }
      : { [P in K]: z.output<T> }
    : Empty;

/** What a client sends: `params`, `query` and `body` as the schemas accept them. */
export type RequestOf<E> = Part<SchemasOf<E>, 'params', true> &
  Part<SchemasOf<E>, 'query', true> &
  Part<SchemasOf<E>, 'body', true>;

/** What a handler receives once the schemas have parsed the request. */
export type ParsedRequestOf<E> = Part<SchemasOf<E>, 'params', false> &
  Part<SchemasOf<E>, 'query', false> &
  Part<SchemasOf<E>, 'body', false>;

/** The success answer's body. */
export type ResponseOf<E> = z.output<SchemasOf<E>['response']>;

/**
 * The URL of a call: `:name` parameters filled in (encoded), and the query's defined values
 * appended in the order given.
 */
export function urlOf(
  path: string,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | boolean | null | undefined> = {},
): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const qs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return qs ? `${filled}?${qs}` : filled;
}
