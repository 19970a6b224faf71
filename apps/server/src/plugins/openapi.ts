import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
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

const errorSchema = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
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

type Schema = Record<string, unknown> & { response?: Record<string, unknown> };

/** Better Auth's endpoints the web app calls, documented by hand (the library serves them, not our routes). */
const identityPaths = (() => {
  const json = (properties: Record<string, unknown>, required: string[]) => ({
    required: true,
    content: { 'application/json': { schema: { type: 'object', required, properties } } },
  });
  const ok = (description: string) => ({
    200: { description, content: { 'application/json': { schema: { type: 'object' } } } },
    400: errorResponse('The request is invalid.'),
    401: errorResponse('Wrong credentials, or not signed in.'),
    429: errorResponse('Too many attempts from this address; wait a minute.'),
  });
  const str = { type: 'string' };
  const post = (
    operationId: string,
    summary: string,
    body: ReturnType<typeof json> | null,
    auth = false,
  ) => ({
    post: {
      tags: ['identity'],
      operationId,
      summary,
      security: auth ? signedIn : [],
      ...(body ? { requestBody: body } : {}),
      responses: ok(summary),
    },
  });
  return {
    '/api/auth/sign-up/email': post(
      'signUpEmail',
      'Create an account (sends a verification e-mail)',
      json({ name: str, email: { type: 'string', format: 'email' }, password: str }, [
        'name',
        'email',
        'password',
      ]),
    ),
    '/api/auth/sign-in/email': post(
      'signInEmail',
      'Sign in with e-mail and password (sets the session cookie)',
      json({ email: { type: 'string', format: 'email' }, password: str }, ['email', 'password']),
    ),
    '/api/auth/sign-in/social': post(
      'signInSocial',
      'Start Google sign-in (OpenID Connect)',
      json({ provider: str, callbackURL: str }, ['provider']),
    ),
    '/api/auth/sign-out': post('signOut', 'Sign out (ends the session on the server)', null, true),
    '/api/auth/request-password-reset': post(
      'requestPasswordReset',
      'E-mail a password reset link',
      json({ email: { type: 'string', format: 'email' }, redirectTo: str }, ['email']),
    ),
    '/api/auth/reset-password': post(
      'resetPassword',
      'Set a new password with the token from the reset link',
      json({ token: str, newPassword: str }, ['token', 'newPassword']),
    ),
    '/api/auth/send-verification-email': post(
      'sendVerificationEmail',
      'E-mail the verification link again',
      json({ email: { type: 'string', format: 'email' }, callbackURL: str }, ['email']),
    ),
    '/api/auth/change-password': post(
      'changePassword',
      "Change the password (ends the account's other sessions)",
      json({ currentPassword: str, newPassword: str }, ['currentPassword', 'newPassword']),
      true,
    ),
    '/api/auth/get-session': {
      get: {
        tags: ['identity'],
        operationId: 'getSession',
        summary: 'The signed-in user and session, or null',
        security: signedIn,
        responses: ok('The session'),
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
          200: { description: 'Verified' },
          302: { description: 'Verified; redirects to the callback URL' },
          401: errorResponse('The link is invalid or has expired.'),
        },
      },
    },
  };
})();

export function openApiOptions(config: Config, guards: Guards): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Kanna API',
        version: '1.0.0',
        description:
          'The storefront API of Kanna. Prices travel as dollars with at most two decimals; errors are `{ statusCode, error, message, errors? }`. See docs/ARCHITECTURE.md in the repository.',
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
      documented.response = {
        ...documented.response,
        400: errorResponse('The request is invalid (`errors` says which field and why).'),
        ...(guard ? { 401: errorResponse('Not signed in.') } : {}),
        ...(guard === 'admin' ? { 403: errorResponse('Only administrators can do this.') } : {}),
        429: errorResponse('Too many requests; wait a moment.'),
      };
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
      return {
        ...document,
        components: {
          ...document.components,
          schemas: { ...document.components?.schemas, Error: errorSchema },
        },
        paths: { ...paths, ...identityPaths },
      } as unknown as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
    },
  };
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
