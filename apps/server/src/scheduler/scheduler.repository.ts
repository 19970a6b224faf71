import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { scheduledJobs } from '../db/schema';

/**
 * The SQL of the scheduler (scheduler.ts): every statement is one row-locking UPDATE or
 * INSERT, so the database decides between instances, on its own clock. Decides nothing.
 */

/** A row naming a job, as the statements below return them. */
const jobName = z.object({ name: z.string() });

/** `ms` milliseconds as an SQL interval (a parameter, typed, so both drivers agree). */
const millis = (ms: number | SQL): SQL => sql`(${ms}::double precision * interval '1 millisecond')`;

/**
 * Makes each job known to the database. A job already there keeps its due time (a restart
 * neither runs it early nor puts it off), unless its interval has shrunk below the wait left;
 * a new one is first due `firstAfterMs` from now.
 */
export async function registerJobs(
  db: Database,
  jobs: readonly { name: string; everyMs: number; firstAfterMs: number }[],
): Promise<void> {
  if (jobs.length === 0) return;
  const values = sql.join(
    jobs.map((j) => sql`(${j.name}, now() + ${millis(j.firstAfterMs)}, ${j.everyMs}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${scheduledJobs} (name, due_at, every_ms) values ${values}
    on conflict (name) do update set
      every_ms = excluded.every_ms,
      due_at = least(${scheduledJobs.dueAt}, now() + ${millis(sql`excluded.every_ms`)})`);
}

/**
 * Claims those of `names` that are due and held by nobody (never locked, or their lease ran
 * out), for `leaseMs`, in the name of `claim`; answers the names claimed. Two instances that
 * try at once: PostgreSQL makes the second UPDATE wait for the first and judge the row again
 * as the first left it (locked, so not claimed): one winner.
 */
export async function claimDue(
  db: Database,
  names: readonly string[],
  claim: string,
  leaseMs: number,
): Promise<string[]> {
  if (names.length === 0) return [];
  const result = await db.execute(sql`
    update ${scheduledJobs}
       set locked_by = ${claim}, locked_until = now() + ${millis(leaseMs)}, last_run_at = now()
     where name in (${sql.join(
       names.map((n) => sql`${n}`),
       sql`, `,
     )})
       and due_at <= now()
       and (locked_until is null or locked_until < now())
    returning name`);
  return rowsOf(result, jobName).map((r) => r.name);
}

/** Extends a running job's lease; false when `claim` no longer holds it. */
export async function renewLease(
  db: Database,
  name: string,
  claim: string,
  leaseMs: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    update ${scheduledJobs} set locked_until = now() + ${millis(leaseMs)}
     where name = ${name} and locked_by = ${claim}
    returning name`);
  return rowsOf(result, jobName).length === 1;
}

/**
 * A run is over: the job is next due one interval after the time it was due (so a daily job
 * keeps its hour), or one interval from now when that has passed too (after a long stop), and
 * nobody holds it. Only the claim that ran it can do this; false when another holds it now.
 */
export async function finishRun(
  db: Database,
  name: string,
  claim: string,
  error: string | null,
): Promise<boolean> {
  const every = millis(sql`${scheduledJobs.everyMs}`);
  const result = await db.execute(sql`
    update ${scheduledJobs}
       set due_at = case when ${scheduledJobs.dueAt} + ${every} > now()
                         then ${scheduledJobs.dueAt} + ${every}
                         else now() + ${every} end,
           locked_by = null, locked_until = null, last_error = ${error}
     where name = ${name} and locked_by = ${claim}
    returning name`);
  return rowsOf(result, jobName).length === 1;
}

/** Makes a job due at `at` (now, to run it at the next poll of any instance); false for an unknown job. */
export async function setDue(db: Database, name: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(scheduledJobs)
    .set({ dueAt: at })
    .where(eq(scheduledJobs.name, name))
    .returning({ name: scheduledJobs.name });
  return rows.length === 1;
}

/** A job's row as it stands, for the shop's operators and the tests. */
export async function jobRow(db: Database, name: string) {
  const [row] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
  return row ?? null;
}
