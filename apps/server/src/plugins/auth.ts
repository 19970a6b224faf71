import { createHmac, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import { says } from '@kanna/shared';
import { isLanguage } from '@kanna/shared/domain/languages';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Ready } from '../lib/cache';
import { AppError } from '../lib/errors';
import { carriesSession, type SessionUser, safePicture } from '../lib/identity';
import { languageHeaders, requestLanguage } from '../lib/language';
import { PRIVATE_ANSWER } from '../lib/route';
import type { Found, SessionCache } from '../lib/session-cache';
import type { Auth } from '../modules/auth/auth';
import { authRefusalIn } from '../modules/auth/auth-errors-ja';
import { siteLocation } from '../modules/auth/redirects';

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

/** The request's address for Better Auth; a Host header that is no host name is refused (400), not a 500. */
function requestUrl(request: FastifyRequest): URL {
  try {
    return new URL(request.url, `${request.protocol}://${request.host}`);
  } catch {
    throw new AppError('invalid', says.hostInvalid);
  }
}

const refusedOrigin = new Set(['INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN']);
const refusedReturn = new Set([
  'INVALID_CALLBACK_URL',
  'INVALID_REDIRECT_URL',
  'INVALID_ERROR_CALLBACK_URL',
  'INVALID_NEW_USER_CALLBACK_URL',
]);

/**
 * Better Auth's refusals of a page's origin and of a page to return to, in the shop's words:
 * where to open the shop (403), and that the page must be one of the shop's (400, as the
 * shop's own check of these fields answers).
 */
async function explainedRefusal(response: Response, publicUrl: string): Promise<void> {
  if (response.status !== 403) return;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : '';
  if (refusedOrigin.has(code)) throw new AppError('forbidden', says.openAtPublicUrl(publicUrl));
  if (refusedReturn.has(code)) throw new AppError('invalid', says.redirectInvalid);
}

/**
 * Mounts Better Auth at /api/auth/* and gives routes `requireUser` / `requireAdmin`.
 * Identity comes from the session cookie or a bearer token only (docs/api.md, "The API contract").
 * Every `Location` it answers with stays on the site (`siteLocation`), whatever a link asked for.
 */
export async function registerAuth(app: FastifyInstance, auth: Auth, config: Config): Promise<void> {
  app.decorateRequest('sessionUser', null);
  const otherOrigins = [
    ...config.trustedOrigins,
    ...(config.google ? [new URL(config.google.issuer).origin] : []),
  ];

  await app.register(async (scope) => {
    // OpenID providers may post their callback as a form.
    await scope.register(formbody);
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      async handler(request, reply) {
        const url = requestUrl(request);
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
        await explainedRefusal(response, config.publicUrl);
        // A refusal is said in the caller's language, as the shop's own answers are.
        const refusedIn =
          response.status >= 400 && String(response.headers.get('content-type')).includes('json')
            ? requestLanguage(request)
            : null;
        reply.code(response.status);
        response.headers.forEach((value, key) => {
          if (key === 'location') reply.header(key, siteLocation(value, config.publicUrl, otherOrigins));
          else if (key !== 'set-cookie' && !(refusedIn && key === 'content-length')) reply.header(key, value);
        });
        // The sign-in service answers about an account (its session, its user): privately.
        reply.header('cache-control', PRIVATE_ANSWER);
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        const bytes = response.body ? Buffer.from(await response.arrayBuffer()) : null;
        if (refusedIn && bytes) {
          reply.headers(languageHeaders(refusedIn));
          return reply.send(authRefusalIn(bytes, response.status, refusedIn));
        }
        return reply.send(bytes);
      },
    });
  });
}

async function lookUpSession(auth: Auth, request: FastifyRequest): Promise<Found<SessionUser> | null> {
  const found = await auth.api.getSession({ headers: authHeaders(request) });
  if (!found) return null;
  const u = found.user as typeof found.user & { role?: string; language?: string | null };
  const value: SessionUser = {
    id: u.id,
    email: u.email,
    name: u.name,
    image: safePicture(u.image),
    role: u.role === 'admin' ? 'admin' : 'user',
    language: isLanguage(u.language) ? u.language : null,
    sessionToken: found.session.token,
  };
  return { value, userId: u.id, expiresAt: new Date(found.session.expiresAt), key: found.session.token };
}

const tryDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * Signatures found good, by secret, as `<token>.<signature>`: every signed-in request presents the
 * same cookie again, and its HMAC cost a few per cent of an order's time on the request thread.
 * Only good pairs are kept, at most `WELL_SIGNED_MAX` a secret (all dropped when full), so a
 * client sending made-up cookies adds nothing.
 */
const wellSigned = new Map<string, Set<string>>();
const WELL_SIGNED_MAX = 10_000;

/** Whether `signature` (base64) is the HMAC-SHA256 of `token` under the auth secret, as Better Auth signs its cookies. */
function signedBy(secret: string, token: string, signature: string): boolean {
  const known = wellSigned.get(secret) ?? new Set<string>();
  const pair = `${token}.${signature}`;
  if (known.has(pair)) return true;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  if (known.size >= WELL_SIGNED_MAX) known.clear();
  wellSigned.set(secret, known);
  known.add(pair);
  return true;
}

/**
 * The session token a request presents, read the way Better Auth reads it: a bearer token
 * (unsigned, or signed and checked) wins; else the session cookie (`<token>.<signature>`,
 * `__Secure-` prefixed on https), its signature checked. Null when neither holds a well-signed
 * token. Other cookies and padding play no part, so they cannot multiply cache entries.
 */
function presentedSessionToken(
  headers: { authorization?: string; cookie?: string },
  cookieName: string,
  secret: string,
): string | null {
  const { authorization, cookie } = headers;
  if (authorization && authorization.slice(0, 7).toLowerCase() === 'bearer ') {
    const raw = authorization.slice(7).trim();
    if (raw && !raw.includes('.')) return raw;
    const [token, signature] = (raw.includes('%') ? tryDecode(raw) : raw).split('.');
    if (token && signature && signedBy(secret, token, signature)) return token;
  }
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== cookieName) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    value = tryDecode(value);
    const dot = value.lastIndexOf('.');
    const signature = value.slice(dot + 1);
    if (dot < 1 || signature.length !== 44 || !signature.endsWith('=')) return null;
    const token = value.slice(0, dot);
    return signedBy(secret, token, signature) ? token : null;
  }
  return null;
}

/**
 * The request's signed-in user, from the session cache or Better Auth; null when there is none.
 * Cached by session token only; a request whose token cannot be read here is asked of Better
 * Auth directly and not cached.
 */
async function loadSessionUser(
  auth: Auth,
  sessions: SessionCache<SessionUser>,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const { authorization, cookie } = request.headers;
  if (!authorization && !cookie) return null;
  const context = await auth.$context;
  const token = presentedSessionToken(
    { authorization, cookie },
    context.authCookies.sessionToken.name,
    context.secret,
  );
  if (!token) return (await lookUpSession(auth, request))?.value ?? null;
  return sessions.get(token, () => lookUpSession(auth, request));
}

export const guards = (auth: Auth, sessions: SessionCache<SessionUser>) => ({
  /**
   * The caller when signed in, else null, refusing nobody: for a public read that answers a
   * signed-in buyer in their own way (their price list's prices). Null at once, with no promise,
   * for a request that carries no session (`carriesSession`), as every visitor's does.
   */
  signedInOrNull(request: FastifyRequest): Ready<SessionUser | null> {
    if (!carriesSession(request.headers)) return null;
    return loadSessionUser(auth, sessions, request).then((found) => {
      request.sessionUser = found;
      return found;
    });
  },
  /** 401 unless signed in. */
  async requireUser(request: FastifyRequest): Promise<void> {
    request.sessionUser = await loadSessionUser(auth, sessions, request);
    if (!request.sessionUser) throw new AppError('unauthenticated', says.noUserLoggedIn);
  },
  /** 401 unless signed in, 403 unless an administrator. */
  async requireAdmin(request: FastifyRequest): Promise<void> {
    request.sessionUser = await loadSessionUser(auth, sessions, request);
    if (!request.sessionUser) throw new AppError('unauthenticated', says.noUserLoggedIn);
    if (request.sessionUser.role !== 'admin') throw new AppError('forbidden', says.adminOnly);
  },
});
export type Guards = ReturnType<typeof guards>;

/** `{email}` paths must be the caller's own unless the caller is an administrator. */
export function assertSelfOrAdmin(caller: SessionUser, email: string): void {
  if (caller.email.toLowerCase() !== email.toLowerCase() && caller.role !== 'admin') {
    throw new AppError('forbidden', says.ownAccountOnly);
  }
}
