import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { type Endpoint, refusalsOf } from '@kanna/shared/api/endpoint';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Guards } from './auth';

/**
 * The OpenAPI document served at /api/docs, generated from the routes' zod contracts and
 * completed here, in one place, with what a client generator and a linter need: how to sign
 * in (security schemes, and which operations need them — read from the route's guard), an
 * operationId per operation, the error answers every operation can give, the server, and the
 * identity endpoints (Better Auth's, mounted under /api/auth) that the web app uses.
 */

/** A message by key: its name in messages.ts, the values it is made from, and the text made in the reader's language. */
const keyedMessage = {
  key: {
    type: 'string',
    description:
      'The message’s key in messages.ts (dotted for a grouped text, `zod.<code>` for a check zod made itself).',
  },
  params: {
    type: 'array',
    items: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
    description: 'The values the message is made from, in the order its text takes them.',
  },
  message: { type: 'string', description: 'The text made from `key` and `params` in the reader’s language.' },
};

const errorSchema = {
  type: 'object',
  required: ['statusCode', 'error', 'code', 'key', 'params', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    code: {
      type: 'string',
      description:
        'The kind of refusal: invalid, unauthenticated, forbidden, not_found, conflict, too_large, too_many, unsupported_type, payment_failed, server_failed.',
    },
    ...keyedMessage,
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'key', 'params', 'message'],
        properties: { path: { type: 'string' }, ...keyedMessage },
      },
    },
  },
};
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const signedIn = [{ sessionCookie: [] }, { bearerToken: [] }];

/** `GET /api/order/:email` → `getOrderByEmail`; `PATCH /api/order/:id/ship` → `patchOrderByIdShip`. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join('');
}

function guardedBy(route: RouteOptions, guards: Guards): 'user' | 'admin' | null {
  const hooks = [route.onRequest ?? []].flat();
  if (hooks.includes(guards.requireAdmin)) return 'admin';
  if (hooks.includes(guards.requireUser)) return 'user';
  return null;
}

type Schema = Record<string, unknown> & {
  response?: Record<string, unknown>;
  querystring?: { properties?: Record<string, unknown> };
};

/** The body of the picture uploads: one file in the multipart field `image`. */
const pictureUpload = {
  type: 'object',
  required: ['image'],
  properties: {
    image: { type: 'string', format: 'binary', description: 'JPEG, PNG, WebP or AVIF, up to 5 MB' },
  },
};

/** What a success answer of each non-JSON media type carries. */
const bodyOf: Record<NonNullable<Endpoint['produces']>, Record<string, unknown>> = {
  'application/pdf': { type: 'string', format: 'binary' },
  'text/csv': { type: 'string' },
  'application/zip': { type: 'string', format: 'binary' },
};

/**
 * Every answer of an endpoint, from its contract: the success one in its media type (with the
 * `Link` header of a paged list, whose query has a `cursor`), and each refusal `refusalsOf`
 * derives, in the one error body (429 with `Retry-After`).
 */
function answersOf(contract: Endpoint, documented: Schema): Record<string, unknown> {
  const status = contract.status ?? 200;
  const paged = Boolean(documented.querystring?.properties?.cursor);
  const success =
    status === 204
      ? { type: 'null', description: contract.summary }
      : {
          description: contract.summary,
          ...(paged
            ? {
                headers: {
                  link: {
                    type: 'string',
                    description:
                      'When more items exist: `<the same URL with cursor=…>; rel="next"`, the next page.',
                  },
                },
              }
            : {}),
          content: {
            [contract.produces ?? 'application/json']: {
              schema: contract.produces ? bodyOf[contract.produces] : documented.response?.[status],
            },
          },
        };
  const refusals = Object.entries(refusalsOf(contract)).map(([code, why]) => [
    code,
    code === '429' ? { ...errorResponse(why), headers: retryAfter } : errorResponse(why),
  ]);
  return { [status]: success, ...Object.fromEntries(refusals) };
}

const retryAfter = {
  'retry-after': { type: 'integer', description: 'Seconds to wait before trying again.' },
};

/**
 * Better Auth's endpoints the web app calls, documented by hand (the library serves them, not
 * our routes). The library refuses in its own body, `{ message, code? }` (AuthError); the shop's
 * Origin check and body limit in front of it answer in the shop's `Error`.
 */
const identityPaths = (() => {
  const str = { type: 'string' };
  const email = { type: 'string', format: 'email' };
  const object = (properties: Record<string, unknown>, required: string[] = []) => ({
    type: 'object',
    required,
    properties,
  });
  const account = object({ id: str, email: str, name: str, emailVerified: { type: 'boolean' } }, [
    'id',
    'email',
  ]);
  const json = (properties: Record<string, unknown>, required: string[]) => ({
    required: true,
    content: { 'application/json': { schema: object(properties, required) } },
  });
  const refusal = (description: string) => ({
    description,
    content: {
      'application/json': {
        schema: {
          anyOf: [{ $ref: '#/components/schemas/AuthError' }, { $ref: '#/components/schemas/Error' }],
        },
      },
    },
  });
  const answers = (
    description: string,
    body: Record<string, unknown>,
    more: Record<number, string> = {},
  ) => ({
    200: { description, content: { 'application/json': { schema: body } } },
    400: refusal('The request is invalid (`code` says why, e.g. VALIDATION_ERROR, PASSWORD_TOO_SHORT).'),
    403: refusal("The request's Origin is not this shop's."),
    413: refusal('The body is over the size limit.'),
    415: refusal('The body is not application/json.'),
    429: refusal('Too many attempts from this address; wait a minute.'),
    ...Object.fromEntries(Object.entries(more).map(([status, why]) => [status, refusal(why)])),
  });
  const post = (
    operationId: string,
    summary: string,
    body: ReturnType<typeof json> | null,
    success: Record<string, unknown>,
    more: Record<number, string> = {},
    auth = false,
  ) => ({
    post: {
      tags: ['identity'],
      operationId,
      summary,
      security: auth ? signedIn : [],
      ...(body ? { requestBody: body } : {}),
      responses: answers(summary, success, more),
    },
  });
  const status = object({ status: { type: 'boolean' }, message: str }, ['status']);
  return {
    '/api/auth/sign-up/email': post(
      'signUpEmail',
      'Create an account (sends a verification e-mail)',
      json({ name: str, email, password: str }, ['name', 'email', 'password']),
      object({ token: { type: 'string', nullable: true }, user: account }, ['user']),
      { 422: 'An account with this e-mail address exists.' },
    ),
    '/api/auth/sign-in/email': post(
      'signInEmail',
      'Sign in with e-mail and password (sets the session cookie)',
      json({ email, password: str }, ['email', 'password']),
      object({ redirect: { type: 'boolean' }, token: str, user: account }, ['user']),
      { 401: 'Wrong e-mail address or password.', 403: 'The e-mail address is not confirmed yet.' },
    ),
    '/api/auth/sign-in/social': post(
      'signInSocial',
      'Start Google sign-in (OpenID Connect)',
      json({ provider: str, callbackURL: str }, ['provider']),
      object({ url: str, redirect: { type: 'boolean' } }),
      { 404: 'The shop has no such sign-in provider.' },
    ),
    '/api/auth/sign-out': post(
      'signOut',
      'Sign out (ends the session on the server)',
      null,
      object({ success: { type: 'boolean' } }, ['success']),
      {},
      true,
    ),
    '/api/auth/request-password-reset': post(
      'requestPasswordReset',
      'E-mail a password reset link',
      json({ email, redirectTo: str }, ['email']),
      status,
    ),
    '/api/auth/reset-password': post(
      'resetPassword',
      'Set a new password with the token from the reset link',
      json({ token: str, newPassword: str }, ['token', 'newPassword']),
      status,
    ),
    '/api/auth/send-verification-email': post(
      'sendVerificationEmail',
      'E-mail the verification link again',
      json({ email, callbackURL: str }, ['email']),
      status,
    ),
    '/api/auth/change-password': post(
      'changePassword',
      "Change the password (ends the account's other sessions)",
      json({ currentPassword: str, newPassword: str }, ['currentPassword', 'newPassword']),
      object({ token: { type: 'string', nullable: true }, user: account }, ['user']),
      { 401: 'Not signed in.' },
      true,
    ),
    '/api/auth/get-session': {
      get: {
        tags: ['identity'],
        operationId: 'getSession',
        summary: 'The signed-in user and session, or null',
        security: signedIn,
        responses: {
          200: {
            description: 'The session, or null when not signed in',
            content: {
              'application/json': {
                schema: {
                  ...object({ session: { type: 'object' }, user: account }, ['session', 'user']),
                  nullable: true,
                },
              },
            },
          },
          429: refusal('Too many requests from this address; wait a minute.'),
        },
      },
    },
    '/api/auth/verify-email': {
      get: {
        tags: ['identity'],
        operationId: 'verifyEmail',
        summary: 'Confirm an e-mail address (the link in the verification e-mail)',
        security: [],
        parameters: [
          { name: 'token', in: 'query', required: true, schema: str },
          { name: 'callbackURL', in: 'query', required: false, schema: str },
        ],
        responses: {
          200: {
            description: 'Verified',
            content: { 'application/json': { schema: object({ status: { type: 'boolean' } }, ['status']) } },
          },
          302: {
            description: 'Verified (or not: the callback URL says `error=…`); redirects to the callback URL',
          },
          400: refusal('The token is missing.'),
          401: refusal('The link is invalid or has expired.'),
          429: refusal('Too many requests from this address; wait a minute.'),
        },
      },
    },
  };
})();

/** `{ message, code? }`: how Better Auth refuses, on its own paths. */
const authErrorSchema = {
  type: 'object',
  required: ['message'],
  properties: { code: { type: 'string' }, ...keyedMessage },
};

export function openApiOptions(config: Config, guards: Guards): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Kanna API',
        version: '1.0.0',
        description:
          'The storefront API of Kanna. Prices travel as dollars with at most two decimals; errors are `{ statusCode, error, code, key, params, message, errors? }`: `key` and `params` name the message, `message` is it in the reader’s language. See docs/ARCHITECTURE.md in the repository.',
        license: { name: 'Proprietary', url: config.publicUrl },
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          bearerToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform(input) {
      const { schema, url } = jsonSchemaTransform(input);
      const { route } = input;
      const method = [route.method].flat()[0] ?? 'GET';
      const guard = guardedBy(route, guards);
      const documented = { ...(schema as Schema) };
      documented.operationId ??= operationIdFor(method, route.url);
      documented.summary ??= `${method} ${url}`;
      documented.security = guard ? signedIn : [];
      const contract = route.config?.contract;
      if (contract) {
        if (contract.consumes === 'multipart/form-data') documented.body = pictureUpload;
        documented.response = answersOf(contract, documented);
      }
      return { schema: documented, url };
    },
    transformObject(documentObject) {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : {};
      const paths = { ...(document.paths ?? {}) } as Record<string, Record<string, unknown>>;
      // The spec puts a buyer's orders at GET /api/order/{email} and one order at
      // DELETE/PATCH /api/order/{id}: to OpenAPI one path, so it is documented as one path item.
      const byEmail = paths['/api/order/{email}'];
      const byId = paths['/api/order/{id}'];
      if (byEmail && byId) {
        delete paths['/api/order/{email}'];
        delete paths['/api/order/{id}'];
        paths['/api/order/{emailOrId}'] = renameParameter(
          { ...byEmail, ...byId },
          ['email', 'id'],
          'emailOrId',
        );
      }
      const documented: unknown = {
        ...document,
        components: {
          ...document.components,
          schemas: { ...document.components?.schemas, Error: errorSchema, AuthError: authErrorSchema },
        },
        paths: nullableEnums({ ...paths, ...identityPaths }),
      };
      if (!isOpenApiDocument(documented)) throw new Error('the OpenAPI document lost its paths');
      return documented;
    },
  };
}

/** The document @fastify/swagger serves, as its types name it. */
type OpenApiDocument = ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;

/**
 * The document as @fastify/swagger types it: an object with an object of paths. The path
 * items written here (Better Auth's, `identityPaths`) are plain JSON whose literal types are
 * wider than openapi-types' (a schema's `type` is a string); what the document holds is
 * checked whole by the OpenAPI tests (openapi.test.ts, openapi.conformance.test.ts).
 */
function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return (
    typeof value === 'object' &&
    value !== null &&
    'paths' in value &&
    typeof value.paths === 'object' &&
    value.paths !== null
  );
}

/** Renames a path parameter in every operation of a path item. */
function renameParameter(item: Record<string, unknown>, from: string[], to: string) {
  const renamed: Record<string, unknown> = {};
  for (const [method, operation] of Object.entries(item)) {
    const op = operation as { parameters?: { name: string; in: string; description?: string }[] };
    renamed[method] = {
      ...op,
      parameters: op.parameters?.map((p) =>
        p.in === 'path' && from.includes(p.name)
          ? {
              ...p,
              name: to,
              description: p.name === 'email' ? "the buyer's e-mail address" : "the order's id",
            }
          : p,
      ),
    };
  }
  return renamed;
}

/**
 * A nullable enum lists null among its values: OpenAPI 3.0's `nullable` does not widen `enum`,
 * so validators (Prism, Ajv) would refuse the null the schema means to allow.
 */
function nullableEnums<T>(node: T): T {
  if (Array.isArray(node)) return node.map(nullableEnums) as T;
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = nullableEnums(v);
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null];
  return out as T;
}
