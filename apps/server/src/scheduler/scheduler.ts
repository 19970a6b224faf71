import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/client';
import { claimDue, finishRun, registerJobs, renewLease, setDue } from './scheduler.repository';

/**
 * The shop's one scheduler for timed work (docs/decisions/0030-one-scheduler.md): the jobs'
 * due times live in the database (`scheduled_jobs`), so they survive a restart, and every
 * instance on it polls, but each due run is claimed by one of them. A claim is a lease, renewed
 * while the job runs: an instance that dies mid-run (kill -9) stops renewing it, and once it
 * runs out the job is due again for another instance. A job may therefore be started again
 * after a crash, never twice at once: its work must be idempotent.
 */
export type ScheduledJob = {
  /** Its row's key: keep it when changing the interval, or the old row stays behind, unused. */
  name: string;
  everyMs: number;
  /** When a job the database does not know yet is first due (default: one interval from now). */
  firstAfterMs?: number;
  run(): Promise<unknown>;
};

type SchedulerLog = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export type SchedulerOptions = {
  log: SchedulerLog;
  /** How often the database is asked for due jobs (default 5 s). */
  pollMs?: number;
  /**
   * How long a claim holds a job without being renewed (default 60 s): a run is renewed every
   * third of it, and a job whose instance died is due again this long after its last renewal.
   */
  leaseMs?: number;
  /** Names this instance's claims (default: host, process id and a random part). */
  instance?: string;
};

export type Scheduler = {
  /** Registers the jobs (their rows) and starts polling. */
  start(): Promise<void>;
  /** Stops polling and waits for this instance's running jobs to finish. */
  stop(): Promise<void>;
  /** Makes a job due at `at` for whichever instance polls first; false for an unknown job. */
  scheduleAt(name: string, at: Date): Promise<boolean>;
};

const DEFAULT_POLL_MS = 5_000;
const DEFAULT_LEASE_MS = 60_000;

export function createScheduler(
  db: Database,
  jobs: readonly ScheduledJob[],
  options: SchedulerOptions,
): Scheduler {
  const { log } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const instance = options.instance ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const byName = new Map(jobs.map((j) => [j.name, j]));
  if (byName.size !== jobs.length) throw new Error('two scheduled jobs with one name');
  /** This instance's runs in progress, by job name. */
  const running = new Map<string, Promise<void>>();
  let claims = 0;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<void> | null = null;

  async function run(job: ScheduledJob, claim: string): Promise<void> {
    const renewal = setInterval(() => {
      renewLease(db, job.name, claim, leaseMs).then(
        (held) => {
          if (!held)
            log.error({ job: job.name, claim }, 'a scheduled job ran past its lease and was claimed again');
        },
        (err) => log.warn({ err, job: job.name }, 'could not renew a scheduled job’s lease'),
      );
    }, leaseMs / 3);
    renewal.unref();
    let error: string | null = null;
    try {
      await job.run();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      log.error({ err, job: job.name }, 'a scheduled job failed');
    } finally {
      clearInterval(renewal);
    }
    // Not recorded (the database is away): the lease runs out and the job is due again.
    await finishRun(db, job.name, claim, error).catch((err) =>
      log.warn(
        { err, job: job.name },
        'could not record a scheduled job’s run: it runs again after its lease',
      ),
    );
  }

  async function poll(): Promise<void> {
    const idle = jobs.filter((j) => !running.has(j.name)).map((j) => j.name);
    const claim = `${instance}#${++claims}`;
    let claimed: string[] = [];
    try {
      claimed = await claimDue(db, idle, claim, leaseMs);
    } catch (err) {
      log.warn({ err }, 'could not look for due scheduled jobs');
    }
    for (const name of claimed) {
      const job = byName.get(name);
      if (!job) continue;
      running.set(
        name,
        run(job, claim).finally(() => running.delete(name)),
      );
    }
  }

  function next(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      polling = poll().finally(() => {
        polling = null;
        next();
      });
    }, pollMs);
    timer.unref();
  }

  return {
    async start() {
      if (!stopped) return;
      await registerJobs(
        db,
        jobs.map((j) => ({ name: j.name, everyMs: j.everyMs, firstAfterMs: j.firstAfterMs ?? j.everyMs })),
      );
      stopped = false;
      next();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await polling;
      await Promise.all(running.values());
    },
    scheduleAt: (name, at) => setDue(db, name, at),
  };
}
