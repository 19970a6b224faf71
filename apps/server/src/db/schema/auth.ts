import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Better Auth's tables (user, session, account, verification, rateLimit), written here so one
 * set of drizzle-kit migrations covers the whole database. The user row also holds the shop's
 * role and profile fields (spec §3 "User record").
 */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    phone: text('phone'),
    district: text('district'),
    city: text('city'),
    streetAddress: text('street_address'),
    /** The country the buyer's goods usually go to (migration 0024): the checkout starts from it. */
    country: text('country'),
    /** Who the buyer is as a business, 会社名 and 部署 (migration 0040). */
    company: text('company'),
    department: text('department'),
    facebook: text('facebook'),
    linkedin: text('linkedin'),
    /** An admin's word that this trade buyer may hold unpaid orders past the value and half-stock caps. */
    approved: boolean('approved').notNull().default(false),
    /** The language the account reads the shop in, once its owner chose one (migration 0021). */
    language: text('language', { enum: ['en', 'ja'] }),
    ...timestamps,
  },
  (t) => [
    // The admin's Users list: newest first, by role, and searched by e-mail or name.
    index('user_created_idx').on(t.createdAt, t.id),
    index('user_role_created_idx').on(t.role, t.createdAt, t.id),
    index('user_search_idx').using('gin', sql`lower(${t.email} || ' ' || ${t.name}) gin_trgm_ops`),
    check('user_language_known', sql`${t.language} is null or ${t.language} in ('en', 'ja')`),
    check('user_country_code', sql`${t.country} is null or ${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * The addresses ADMIN_EMAILS has made administrators, each once (migration 0026,
 * modules/users/listed-admins.ts): kept by address, so the list never grants the role to it again —
 * not after an admin took it away, nor to a new account at that address.
 */
export const adminEmailGrants = pgTable('admin_email_grants', {
  email: text('email').primaryKey(),
  grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
