import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { Mailer } from '../mail/mailer';

/**
 * Identity (DESIGN §1): Better Auth on the shop's own database — e-mail and password (6+
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
  return betterAuth({
    appName: 'Kanna',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [new URL(config.publicUrl).origin],
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
      },
    },
    databaseHooks: {
      user: {
        create: {
          // ADMIN_EMAILS bootstraps the first administrators; nobody else can ask for a role.
          before: async (u) => ({
            data: { ...u, role: config.adminEmails.includes(u.email.toLowerCase()) ? 'admin' : 'user' },
          }),
        },
        update: { after: async (u) => accountChanged(u.id) },
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
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Kanna password',
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Kanna account. To choose a new password, open:\n\n${url}\n\nThe link works for one hour. If you did not ask for this, ignore this message.\n`,
          link: url,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Confirm your e-mail address for Kanna',
          text: `Welcome to Kanna, ${user.name}!\n\nPlease confirm your e-mail address by opening:\n\n${url}\n`,
          link: url,
        });
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
