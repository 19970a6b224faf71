import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { companies } from './companies';

/** One rate's line of a statement's tax: what is taxed at it and the tax, rounded once. */
export type StatementTaxRow = { rateBp: number; taxableMinor: number; taxMinor: number };

/**
 * Monthly statements (migration 0048; docs/rules.md, "Statements and money received"): one per company and
 * closing date, numbered in the archive's `ST-` series; the orders it bills point at it
 * (`orders.statement_id`). Amounts in the currency's minor unit.
 */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    closingDate: date('closing_date', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    currency: text('currency', { enum: ['USD', 'JPY'] }).notNull(),
    previousBalanceMinor: bigint('previous_balance_minor', { mode: 'number' }).notNull(),
    receivedMinor: bigint('received_minor', { mode: 'number' }).notNull(),
    carriedForwardMinor: bigint('carried_forward_minor', { mode: 'number' }).notNull(),
    ordersTotalMinor: bigint('orders_total_minor', { mode: 'number' }).notNull(),
    taxByRate: jsonb('tax_by_rate').$type<StatementTaxRow[]>().notNull(),
    amountDueMinor: bigint('amount_due_minor', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true, mode: 'date' }),
    remindedOverdueAt: timestamp('reminded_overdue_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('statements_number').on(t.number),
    uniqueIndex('statements_company_closing').on(t.companyId, t.closingDate),
    check('statements_currency_known', sql`${t.currency} IN ('USD', 'JPY')`),
    check('statements_orders_total', sql`${t.ordersTotalMinor} >= 0`),
    check(
      'statements_carried_forward',
      sql`${t.carriedForwardMinor} = ${t.previousBalanceMinor} - ${t.receivedMinor}`,
    ),
    check(
      'statements_amount_due',
      sql`${t.amountDueMinor} = ${t.carriedForwardMinor} + ${t.ordersTotalMinor}`,
    ),
  ],
);

/** Money a company paid the shop (by transfer), as an administrator recorded it. */
export const companyPayments = pgTable(
  'company_payments',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['USD', 'JPY'] }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /** The statement that counts it as money received (the next issued after it). */
    countedOn: uuid('counted_on').references(() => statements.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Reversed by an administrator (migration 0050): when, by whom and why; the row is never deleted. */
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
    reversedBy: text('reversed_by').references(() => user.id, { onDelete: 'set null' }),
    reversalReason: text('reversal_reason'),
    /** The statement that counts its reversal as money taken back (the next issued after it). */
    reversalCountedOn: uuid('reversal_counted_on').references(() => statements.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('company_payments_company_idx').on(t.companyId, t.receivedOn),
    check('company_payments_amount_positive', sql`${t.amountMinor} > 0`),
    check('company_payments_currency_known', sql`${t.currency} IN ('USD', 'JPY')`),
    check('company_payments_reversal_whole', sql`(${t.reversedAt} IS NULL) = (${t.reversalReason} IS NULL)`),
    check(
      'company_payments_reversal_counted',
      sql`${t.reversalCountedOn} IS NULL OR ${t.reversedAt} IS NOT NULL`,
    ),
  ],
);

/** How much of a payment went to which statement (消込); never more than the payment in all. */
export const paymentApplications = pgTable(
  'payment_applications',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => companyPayments.id, { onDelete: 'restrict' }),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => statements.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payment_applications_pk', columns: [t.paymentId, t.statementId] }),
    index('payment_applications_statement_idx').on(t.statementId),
    check('payment_applications_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);
