import formbody from '@fastify/formbody';
import { messages } from '@kanna/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { SessionCache } from '../lib/session-cache';
import type { Auth } from '../modules/auth/auth';

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: 'user' | 'admin';
  /** The session's token: usable as `Authorization: Bearer` (Better Auth's bearer plugin). */
  sessionToken: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`/`requireAdmin`; read it through `userOf(request)`. */
    sessionUser: SessionUser | null;
  }
}

/** Headers for Better Auth: the client address as Fastify resolved it (TRUST_PROXY), never the client's claim. */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/**
 * Mounts Better Auth at /api/auth/* and gives routes `requireUser` / `requireAdmin`.
 * Identity comes from the session cookie or a bearer token only (DESIGN §4).
 */
export async function registerAuth(app: FastifyInstance, auth: Auth): Promise<void> {
  app.decorateRequest('sessionUser', null);

  await app.register(async (scope) => {
    // OpenID providers may post their callback as a form.
    await scope.register(formbody);
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      async handler(request, reply) {
        const url = new URL(request.url, `${request.protocol}://${request.host}`);
        const headers = authHeaders(request);
        let body: string | undefined;
        if (request.method === 'POST' && request.body !== undefined) {
          const form = String(request.headers['content-type'] ?? '').includes(
            'application/x-www-form-urlencoded',
          );
          body = form
            ? new URLSearchParams(request.body as Record<string, string>).toString()
            : JSON.stringify(request.body);
        }
        const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
        reply.code(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  });
}

async function lookUpSession(auth: Auth, request: FastifyRequest) {
  const found = await auth.api.getSession({ headers: authHeaders(request) });
  if (!found) return null;
  const u = found.user as typeof found.user & { role?: string };
  const value: SessionUser = {
    id: u.id,
    email: u.email,
    name: u.name,
    image: u.image ?? null,
    role: u.role === 'admin' ? 'admin' : 'user',
    sessionToken: found.session.token,
  };
  return { value, userId: u.id, expiresAt: new Date(found.session.expiresAt) };
}

/** The request's signed-in user, from the session cache or Better Auth; null when there is none. */
export function loadSessionUser(
  auth: Auth,
  sessions: SessionCache<SessionUser>,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const { authorization, cookie } = request.headers;
  if (!authorization && !cookie) return Promise.resolve(null);
  return sessions.get(`${authorization ?? ''}\n${cookie ?? ''}`, () => lookUpSession(auth, request));
}

export const guards = (auth: Auth, sessions: SessionCache<SessionUser>) => ({
  /** 401 unless signed in. */
  async requireUser(request: FastifyRequest): Promise<void> {
    request.sessionUser = await loadSessionUser(auth, sessions, request);
    if (!request.sessionUser) throw new AppError(401, messages.noUserLoggedIn);
  },
  /** 401 unless signed in, 403 unless an administrator. */
  async requireAdmin(request: FastifyRequest): Promise<void> {
    request.sessionUser = await loadSessionUser(auth, sessions, request);
    if (!request.sessionUser) throw new AppError(401, messages.noUserLoggedIn);
    if (request.sessionUser.role !== 'admin') throw new AppError(403, 'Only administrators can do this.');
  },
});
export type Guards = ReturnType<typeof guards>;

/** The signed-in user of a route behind `requireUser`/`requireAdmin`. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError(401, messages.noUserLoggedIn);
  return request.sessionUser;
}

/** `{email}` paths must be the caller's own unless the caller is an administrator. */
export function assertSelfOrAdmin(caller: SessionUser, email: string): void {
  if (caller.email.toLowerCase() !== email.toLowerCase() && caller.role !== 'admin') {
    throw new AppError(403, 'You can only see or change your own account.');
  }
}
