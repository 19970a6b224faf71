import { displayNameField, inEnglish, pictureField, pictureId, picturePath, says } from '@kanna/shared';
import { isSaid, type Said } from '@kanna/shared/domain/translation';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins/bearer';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import { mediaService } from '../media/media.service';
import { grantListedAdminOnce } from '../users/listed-admins';
import { languageChosenAtSignUp, languageCookieOf } from './account-language';
import { authMailLanguage, authMailTexts } from './auth-mails';
import { isReturnAddress, returnFields } from './redirects';

/** A shop's refusal on Better Auth's endpoints: 400 with its message by key (plugins/auth.ts says it). */
const refusal = (said: Said) =>
  new APIError('BAD_REQUEST', { message: inEnglish(said), key: said.key, params: said.params });

/** The first message of a failed check, as Better Auth's 400 answer. */
function check<S extends z.ZodType>(rule: S, value: unknown): z.output<S> {
  const parsed = rule.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0] as { said?: unknown } | undefined;
  throw refusal(isSaid(issue?.said) ? issue.said : says.textInvalid);
}

/** A name from an identity provider, made to fit the shop's rule rather than refused (the user cannot fix it here). */
function fittedName(name: unknown): string | undefined {
  const plain = String(name ?? '')
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return plain || undefined;
}

/** The fields of `source` that name a page to return to which is not a plain page of this shop (`isReturnAddress`). */
function badReturnFields(source: unknown, trustedOrigins: readonly string[]): string[] {
  if (!source || typeof source !== 'object') return [];
  return returnFields.filter((field) => {
    const value = (source as Record<string, unknown>)[field];
    if (value === undefined || value === null || value === '') return false;
    return typeof value !== 'string' || !isReturnAddress(value, trustedOrigins);
  });
}

/** The account's language (an additional field of Better Auth's user), when it has one. */
const languageOf = (user: object): unknown => (user as { language?: unknown }).language;

/** Where a verification link opened by a browser that is not signed in leads: log in, told the address is confirmed. */
const confirmedLogin = '/login?confirmed=1';

/** Whether a link's redirect reports a refusal (Better Auth adds `error=`); one that cannot be read counts as one. */
function refusedLink(location: string, publicUrl: string): boolean {
  try {
    return new URL(location, publicUrl).searchParams.has('error');
  } catch {
    return true;
  }
}

/**
 * Identity (docs/ARCHITECTURE.md, "The stack and why"): Better Auth on the shop's own database — e-mail and password (6+
 * characters), verification and reset mails, Google through OpenID Connect discovery,
 * sessions in httpOnly cookies and as bearer tokens, rate limits kept in the database so
 * every instance counts together. `accountChanged` hears of every change to an account or its
 * sessions (the session cache forgets that user everywhere).
 */
export function createAuth(
  config: Config,
  db: Database,
  mailer: Mailer,
  accountChanged: (userId: string) => Promise<void>,
) {
  const https = config.publicUrl.startsWith('https://');
  const perMinute = { window: 60, max: config.authRateLimit };
  const media = mediaService(db);
  const isListedAdmin = (email: string) => config.adminEmails.includes(email.toLowerCase());

  /** A picture is one of the shop's own (`/media/<uuid>/<width>.webp`) that exists, or none. */
  const pictureExists = async (path: string) => media.exists(pictureId(path));
  async function checkedPicture(image: unknown): Promise<string | null | undefined> {
    if (image === undefined || image === null || image === '') return image === undefined ? undefined : null;
    const path = check(pictureField, image);
    if (!(await pictureExists(path))) throw refusal(says.pictureMissing);
    return path;
  }
  /** Whatever else writes a user row (an identity provider's profile) keeps only a picture that passes. */
  const keptPicture = async (image: unknown) =>
    typeof image === 'string' && picturePath.test(image) && (await pictureExists(image)) ? image : null;

  return betterAuth({
    appName: 'Kanna',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', defaultValue: 'user', input: false },
        // The reader's language (migration 0021): set by the shop's profile call, read with the session.
        language: { type: 'string', required: false, input: false },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A page to return to that is not a plain page of this shop would end in a Location a
        // browser follows off-site: a request naming one is refused; a link (an old mail) still
        // works and leads to the home page instead. plugins/auth.ts checks every Location too.
        const badInQuery = badReturnFields(ctx.query, config.trustedOrigins);
        if (ctx.request?.method === 'GET') {
          if (badInQuery.length)
            return {
              context: { query: { ...ctx.query, ...Object.fromEntries(badInQuery.map((f) => [f, '/'])) } },
            };
        } else if (badInQuery.length || badReturnFields(ctx.body, config.trustedOrigins).length) {
          throw refusal(says.redirectInvalid);
        }
        // Our profile rules on Better Auth's own endpoints: a name of 1-80 characters of plain
        // text, a picture only one of the shop's own. Refused with 400 before anything is written.
        if (ctx.path === '/sign-up/email' || ctx.path === '/update-user') {
          const body = (ctx.body ?? {}) as { name?: unknown; image?: unknown };
          const name =
            body.name !== undefined || ctx.path === '/sign-up/email'
              ? check(displayNameField, body.name)
              : undefined;
          const image = await checkedPicture(body.image);
          return {
            context: {
              body: {
                ...body,
                ...(name !== undefined ? { name } : {}),
                ...(image !== undefined ? { image } : {}),
              },
            },
          };
        }
        // A new password ends every other session of the account (bearer tokens are sessions
        // too), whatever the client asked for: whoever knew the old one is signed out.
        if (ctx.path === '/change-password') {
          return { context: { body: { ...(ctx.body ?? {}), revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // Signing in (by password, Google or at sign-up) brings the account's language to this
        // browser: its cookie is set from the account, which chose it (account-language.ts).
        const cookie = languageCookieOf(ctx.context.newSession?.user);
        if (cookie) ctx.setCookie(cookie.name, cookie.value, { ...cookie.attributes, secure: https });
        // Opening a verification link confirms the address and signs nobody in
        // (autoSignInAfterVerification is off): a link planted in another site, or opened by
        // someone else, would otherwise sign its visitor into the account of whoever mailed it.
        // A browser that is not signed in is sent to log in, told that the address is confirmed.
        if (ctx.path !== '/verify-email') return;
        const location = ctx.context.responseHeaders?.get('location');
        if (!location || refusedLink(location, config.publicUrl)) return;
        const presented = await ctx.getSignedCookie(
          ctx.context.authCookies.sessionToken.name,
          ctx.context.secret,
        );
        const current = presented ? await ctx.context.internalAdapter.findSession(presented) : null;
        if (current && current.session.expiresAt > new Date()) return;
        throw ctx.redirect(confirmedLogin);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Nobody can ask for a role: every account starts as a customer.
          before: async (u, context) => ({
            data: {
              ...u,
              // The language the visitor chose before signing up becomes the account's.
              language: languageChosenAtSignUp(context),
              name: fittedName(u.name) ?? u.email.split('@')[0],
              image: await keptPicture(u.image),
              role: 'user',
            },
          }),
          // ADMIN_EMAILS bootstraps the first administrators, once per address and only for a
          // verified one (Google's email_verified here; the e-mailed link in update.after):
          // whoever signs up first with a listed address they do not own stays a customer.
          after: async (u) => {
            if (await grantListedAdminOnce(db, u, isListedAdmin)) await accountChanged(u.id);
          },
        },
        update: {
          before: async (data) => {
            const fitted: Record<string, unknown> = { ...data };
            if ('name' in data) {
              const name = fittedName(data.name);
              if (name) fitted.name = name;
              else delete fitted.name;
            }
            if ('image' in data && data.image !== undefined) fitted.image = await keptPicture(data.image);
            return { data: fitted };
          },
          after: async (u) => {
            await grantListedAdminOnce(db, u, isListedAdmin);
            await accountChanged(u.id);
          },
        },
        delete: { after: async (u) => accountChanged(u.id) },
      },
      // Sign-out, revoked sessions and password resets all delete sessions.
      session: { delete: { after: async (s) => accountChanged(s.userId) } },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }, request) {
        const t = authMailTexts[authMailLanguage(request, languageOf(user))].reset;
        await mailer.send({ to: user.email, subject: t.subject, text: t.text(user.name, url), link: url });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, url }, request) {
        const t = authMailTexts[authMailLanguage(request, languageOf(user))].verify;
        await mailer.send({ to: user.email, subject: t.subject, text: t.text(user.name, url), link: url });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': perMinute,
        '/sign-up/email': perMinute,
        '/request-password-reset': perMinute,
        '/reset-password': perMinute,
        '/sign-in/social': perMinute,
      },
    },
    advanced: {
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      // Better Auth would skip its Origin and callbackURL checks under NODE_ENV=test: the API
      // tests check the shop as it runs everywhere else.
      disableOriginCheck: false,
    },
    plugins: [
      bearer(),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}
export type Auth = ReturnType<typeof createAuth>;
