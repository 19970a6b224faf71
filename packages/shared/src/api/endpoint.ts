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
  /** A body other than JSON (the picture uploads). */
  readonly consumes?: 'multipart/form-data';
  readonly schemas: () => Promise<S>;
};

export const endpoint = <S extends EndpointSchemas, const A extends Access>(
  definition: Endpoint<S, A>,
): Endpoint<S, A> => definition;

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
