import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { priceLists } from './price-lists';

/**
 * Trade accounts (migration 0042; docs/rules.md, "Companies"): a company applied for by its owner
 * and approved by an administrator with its terms; its members (an account in one company at
 * most: the members' key is the account) and the owner's invitations.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    nameKana: text('name_kana'),
    department: text('department'),
    registrationNumber: text('registration_number'),
    billingAddress: text('billing_address').notNull(),
    billingEmail: text('billing_email').notNull(),
    note: text('note'),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    declineReason: text('decline_reason'),
    /** 1–28, or 31 for the month's end. */
    closingDay: smallint('closing_day'),
    /** 1 or 2: the month after closing payment is due in. */
    payMonthsAfter: smallint('pay_months_after'),
    /** 1–28, or 31 for that month's end. */
    payDay: smallint('pay_day'),
    creditLimitMinor: bigint('credit_limit_minor', { mode: 'number' }),
    /**
     * Its open balance: the amounts due of its orders owed on account (`countsOnCompanyBalance`),
     * kept by the orders' triggers (migration 0049); never written by the application.
     */
    owedMinor: bigint('owed_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency', { enum: ['USD', 'JPY'] }),
    language: text('language', { enum: ['en', 'ja'] }),
    priceListId: uuid('price_list_id').references(() => priceLists.id, { onDelete: 'set null' }),
    appliedBy: text('applied_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_status_idx').on(t.status, t.createdAt),
    index('companies_applied_by_idx').on(t.appliedBy),
    check('companies_status_known', sql`${t.status} IN ('pending', 'approved', 'declined')`),
  ],
);

export const companyMembers = pgTable(
  'company_members',
  {
    /** The key: an account belongs to one company at most. */
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'buyer'] }).notNull(),
    spendingLimitMinor: bigint('spending_limit_minor', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId),
    uniqueIndex('company_members_one_owner').on(t.companyId).where(sql`${t.role} = 'owner'`),
  ],
);

export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The link's token as its SHA-256 (hex); the token itself is only in the mail. */
    tokenHash: text('token_hash').notNull(),
    /** The buyer's spending limit once they join, in the company's minor unit; null: none. */
    spendingLimitMinor: bigint('spending_limit_minor', { mode: 'number' }),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_invitations_token').on(t.tokenHash),
    index('company_invitations_company_idx').on(t.companyId, t.createdAt),
  ],
);
