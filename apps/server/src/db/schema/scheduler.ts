import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's timed work (src/scheduler/scheduler.ts, docs/decisions/0030-one-scheduler.md): one
 * row per job, shared by every instance on the database. A job is due when `due_at` has passed;
 * the instance that claims it holds it until `locked_until` (its lease, renewed while the job
 * runs), then moves `due_at` on by `every_ms` and lets go. A lease that ran out belongs to an
 * instance that died: the job is due again for whoever claims it next.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    name: text('name').primaryKey(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    everyMs: bigint('every_ms', { mode: 'number' }).notNull(),
    /** The claim (an instance's run of the job) holding it; null when nobody runs it. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
    /** The last run's failure, null after a run that succeeded. */
    lastError: text('last_error'),
  },
  (t) => [
    check('scheduled_jobs_every_positive', sql`${t.everyMs} > 0`),
    check('scheduled_jobs_lock_whole', sql`(${t.lockedBy} is null) = (${t.lockedUntil} is null)`),
  ],
);
