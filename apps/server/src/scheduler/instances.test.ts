import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { repoRoot } from '../config';
import { rowsOf } from '../db/rows';
import { onPostgres, startTestShop, type TestShop } from '../test/harness';
import { createScheduler, type ScheduledJob, type Scheduler } from './scheduler';
import { jobRow } from './scheduler.repository';

/**
 * Several instances on one PostgreSQL database: a job one of them schedules runs exactly once
 * across all; and when the instance running it is killed (kill -9, a real process:
 * test-instance.ts), another runs it once after the lease has run out, never beside it.
 */
const HOUR = 60 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(done: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

describe.skipIf(!onPostgres())('two instances on one database', () => {
  let a: TestShop;
  let b: TestShop;
  const started: Scheduler[] = [];
  const log = { error: vi.fn(), warn: vi.fn() };
  beforeAll(async () => {
    a = await startTestShop();
    b = await startTestShop({ databaseUrl: a.databaseUrl });
  });
  afterEach(async () => {
    for (const s of started.splice(0)) await s.stop();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('run a job one of them schedules exactly once, round after round', async () => {
    const runs: { by: string; round: number }[] = [];
    let round = 0;
    let running = 0;
    let overlapped = false;
    const job = (by: string): ScheduledJob => ({
      name: 'shared',
      everyMs: HOUR,
      async run() {
        if (running++ > 0) overlapped = true;
        runs.push({ by, round });
        await sleep(100);
        running--;
      },
    });
    // Each polls every 5 ms: the two try to claim the job within moments of each other.
    const schedulers = { a: createScheduler(a.database.db, [job('a')], { log, pollMs: 5 }) };
    const other = createScheduler(b.database.db, [job('b')], { log, pollMs: 5 });
    started.push(schedulers.a, other);
    await schedulers.a.start();
    await other.start();
    for (round = 1; round <= 8; round++) {
      const by = round % 2 ? schedulers.a : other;
      await by.scheduleAt('shared', new Date());
      await until(() => runs.length === round);
      await sleep(150); // the run is over and both have polled thirty times more
      expect(runs).toHaveLength(round);
    }
    expect(overlapped).toBe(false);
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe.skipIf(!onPostgres())('an instance killed (kill -9)', () => {
  let shop: TestShop;
  const children: ChildProcess[] = [];
  const started: Scheduler[] = [];
  const log = { error: vi.fn(), warn: vi.fn() };
  const LEASE_MS = 3000;

  beforeAll(async () => {
    shop = await startTestShop();
    await shop.database.db.execute(sql`
      create table scheduler_test_runs (
        id serial primary key,
        instance text not null,
        started_at timestamptz not null default clock_timestamp(),
        finished_at timestamptz
      )`);
  });
  afterEach(async () => {
    for (const s of started.splice(0)) await s.stop();
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await shop.database.db.execute(sql`truncate scheduler_test_runs`);
    await shop.database.db.execute(sql`delete from scheduled_jobs`);
  });
  afterAll(async () => {
    await shop?.close();
  });

  type Run = { instance: string; started: Date; finished: Date | null };
  const runs = async () =>
    rowsOf(
      await shop.database.db.execute(
        sql`select instance, started_at, finished_at from scheduler_test_runs order by id`,
      ),
      z.object({
        instance: z.string(),
        started_at: z.union([z.string(), z.date()]),
        finished_at: z.union([z.string(), z.date()]).nullable(),
      }),
    ).map(
      (r): Run => ({
        instance: r.instance,
        started: new Date(r.started_at),
        finished: r.finished_at === null ? null : new Date(r.finished_at),
      }),
    );

  /** The scheduler in a process of its own (test-instance.ts); resolves once it printed `line`. */
  function instance(
    name: string,
    firstAfterMs: number,
  ): { child: ChildProcess; printed(line: string): Promise<void> } {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot(), 'apps/server/src/scheduler/test-instance.ts')],
      {
        cwd: repoRoot(),
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          DATABASE_URL: shop.databaseUrl ?? '',
          INSTANCE: name,
          LEASE_MS: String(LEASE_MS),
          SLEEP_MS: String(10 * 60_000),
          FIRST_AFTER_MS: String(firstAfterMs),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const printed = (line: string) =>
      until(() => {
        if (child.exitCode !== null) throw new Error(`the instance exited (${child.exitCode}):\n${out}`);
        return out.split('\n').includes(line);
      }, 30_000);
    return { child, printed };
  }

  /** The survivor, in this process: the same job, recording its runs the same way. */
  function survivor(): Scheduler {
    const s = createScheduler(
      shop.database.db,
      [
        {
          name: 'slow',
          everyMs: HOUR,
          async run() {
            const [row] = rowsOf(
              await shop.database.db.execute(
                sql`insert into scheduler_test_runs (instance) values ('survivor') returning id`,
              ),
              z.object({ id: z.number() }),
            );
            await sleep(300);
            await shop.database.db.execute(
              sql`update scheduler_test_runs set finished_at = clock_timestamp() where id = ${row?.id}`,
            );
          },
        },
      ],
      { log, pollMs: 20, leaseMs: LEASE_MS },
    );
    started.push(s);
    return s;
  }

  const kill = async (child: ChildProcess) => {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    return Date.now();
  };

  it('mid-run: another instance runs the job once after the lease, never beside it', async () => {
    const dying = instance('dying', 0); // schedules the job, due at once
    await dying.printed('started');
    const other = survivor();
    await other.start();
    // Twice the lease while the dying instance lives and renews it: the other does not run it.
    await sleep(2 * LEASE_MS);
    expect((await runs()).map((r) => r.instance)).toEqual(['dying']);

    const killedAt = await kill(dying.child);
    await until(async () => (await runs()).some((r) => r.instance === 'survivor' && r.finished));
    await sleep(500); // twenty-five polls more
    const [first, second, ...more] = await runs();
    expect(more).toEqual([]);
    expect(first).toMatchObject({ instance: 'dying', finished: null });
    expect(second?.instance).toBe('survivor');
    // Not before the dying instance was gone, and not long after its lease ran out.
    const wait = (second?.started.getTime() ?? 0) - killedAt;
    expect(wait).toBeGreaterThanOrEqual(0);
    expect(wait).toBeLessThan(LEASE_MS + 5000);
    const row = await jobRow(shop.database.db, 'slow');
    expect(row?.lockedBy).toBeNull();
    expect(row?.lastError).toBeNull();
    expect(row?.dueAt.getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);
  });

  it('before the job is due: the job it scheduled runs once, on time, on another instance', async () => {
    const dying = instance('dying', 3000); // schedules the job, due in three seconds
    await dying.printed('polling');
    const due = (await jobRow(shop.database.db, 'slow'))?.dueAt.getTime() ?? 0;
    await kill(dying.child);
    const other = survivor();
    await other.start();
    await until(async () => (await runs()).some((r) => r.finished));
    await sleep(500);
    const all = await runs();
    expect(all.map((r) => r.instance)).toEqual(['survivor']);
    expect(all[0]?.started.getTime()).toBeGreaterThanOrEqual(due);
  });
});
