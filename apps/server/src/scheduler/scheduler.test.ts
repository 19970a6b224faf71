import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { scheduledWork } from '../app';
import { startTestShop, type TestShop } from '../test/harness';
import { createScheduler, type ScheduledJob, type Scheduler } from './scheduler';
import { jobRow } from './scheduler.repository';

/**
 * The one scheduler on both databases: a due job runs once and is due again one interval on;
 * a failure is recorded and the job is still rescheduled; the next due time is kept in the
 * database, so a restart (another scheduler on it) neither runs a job early nor forgets it.
 */
const HOUR = 60 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

let shop: TestShop;
const started: Scheduler[] = [];
const log = { error: vi.fn(), warn: vi.fn() };

beforeAll(async () => {
  shop = await startTestShop();
});
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
  log.error.mockClear();
  log.warn.mockClear();
});
afterAll(async () => {
  await shop?.close();
});

/** A scheduler that polls every 20 ms, stopped after the test. */
function scheduler(jobs: ScheduledJob[], leaseMs?: number): Scheduler {
  const s = createScheduler(shop.database.db, jobs, { log, pollMs: 20, ...(leaseMs ? { leaseMs } : {}) });
  started.push(s);
  return s;
}

describe('a due job', () => {
  it('runs once, then is due one interval after the time it was due, held by nobody', async () => {
    const runs: number[] = [];
    const s = scheduler([{ name: 'once', everyMs: HOUR, run: async () => runs.push(Date.now()) }]);
    const before = Date.now();
    await s.start();
    const registered = await jobRow(shop.database.db, 'once');
    expect(registered?.dueAt.getTime()).toBeGreaterThanOrEqual(before + HOUR - 1000);
    expect(registered?.dueAt.getTime()).toBeLessThanOrEqual(Date.now() + HOUR + 1000);
    expect(registered?.lastRunAt).toBeNull();

    const due = new Date(Date.now() - 5000);
    expect(await s.scheduleAt('once', due)).toBe(true);
    await until(() => runs.length === 1);
    await sleep(300); // fifteen polls more
    expect(runs).toHaveLength(1);
    const row = await jobRow(shop.database.db, 'once');
    expect(row?.dueAt.getTime()).toBe(due.getTime() + HOUR);
    expect(row?.lockedBy).toBeNull();
    expect(row?.lockedUntil).toBeNull();
    expect(row?.lastError).toBeNull();
    expect(row?.lastRunAt?.getTime()).toBeGreaterThanOrEqual(due.getTime());
    expect(log.error).not.toHaveBeenCalled();
  });

  it('that fails is logged, keeps the failure and is still rescheduled; the other jobs run', async () => {
    let tries = 0;
    let others = 0;
    const s = scheduler([
      {
        name: 'failing',
        everyMs: HOUR,
        run: async () => {
          tries++;
          throw new Error('the disk is full');
        },
      },
      { name: 'other', everyMs: HOUR, run: async () => others++ },
    ]);
    await s.start();
    const now = new Date();
    await s.scheduleAt('failing', now);
    await s.scheduleAt('other', now);
    await until(() => tries === 1 && others === 1);
    await until(() => log.error.mock.calls.length === 1);
    await sleep(200);
    expect([tries, others]).toEqual([1, 1]);
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({ job: 'failing' });
    const row = await jobRow(shop.database.db, 'failing');
    expect(row?.lastError).toBe('the disk is full');
    expect(row?.dueAt.getTime()).toBe(now.getTime() + HOUR);
    expect(row?.lockedBy).toBeNull();
  });

  it('long past (the shop was stopped) runs once and is next due one interval from now', async () => {
    let runs = 0;
    const s = scheduler([{ name: 'overdue', everyMs: 60_000, run: async () => runs++ }]);
    await s.start();
    const before = Date.now();
    await s.scheduleAt('overdue', new Date(before - 3 * HOUR));
    await until(() => runs === 1);
    await sleep(200);
    expect(runs).toBe(1);
    const due = (await jobRow(shop.database.db, 'overdue'))?.dueAt.getTime() ?? 0;
    expect(due).toBeGreaterThanOrEqual(before + 60_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('is not run while it is not due', async () => {
    let runs = 0;
    const s = scheduler([{ name: 'later', everyMs: HOUR, firstAfterMs: 0, run: async () => runs++ }]);
    await s.start();
    await until(() => runs === 1); // firstAfterMs 0: due at once when new
    await s.scheduleAt('later', new Date(Date.now() + 60_000));
    await sleep(300);
    expect(runs).toBe(1);
  });
});

describe('a restart', () => {
  it('keeps the next due time: another scheduler on the database neither runs it early nor forgets it', async () => {
    const runs: { by: string; at: number }[] = [];
    const job = (by: string): ScheduledJob => ({
      name: 'kept',
      everyMs: HOUR,
      firstAfterMs: 0,
      run: async () => runs.push({ by, at: Date.now() }),
    });
    const first = scheduler([{ ...job('first'), firstAfterMs: HOUR }]);
    await first.start();
    const due = new Date(Date.now() + 2000);
    await first.scheduleAt('kept', due);
    await first.stop(); // the shop stops before the job is due

    // Restarted: registering again (firstAfterMs 0 would make a new job due at once) keeps the row's time.
    const second = scheduler([job('second')]);
    await second.start();
    expect((await jobRow(shop.database.db, 'kept'))?.dueAt.getTime()).toBe(due.getTime());
    await until(() => runs.length === 1);
    await sleep(200);
    expect(runs.map((r) => r.by)).toEqual(['second']);
    // Not early: not before the time the first scheduler set.
    expect(runs[0]?.at).toBeGreaterThanOrEqual(due.getTime());
    expect((await jobRow(shop.database.db, 'kept'))?.dueAt.getTime()).toBe(due.getTime() + HOUR);
  });

  it('with a shorter interval brings a far due time in, to one interval from now', async () => {
    const first = scheduler([{ name: 'shrunk', everyMs: 24 * HOUR, run: async () => {} }]);
    await first.start();
    await first.stop();
    const second = scheduler([{ name: 'shrunk', everyMs: 60_000, run: async () => {} }]);
    await second.start();
    const row = await jobRow(shop.database.db, 'shrunk');
    expect(row?.everyMs).toBe(60_000);
    expect(row?.dueAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
  });
});

describe('the shop’s timed work', () => {
  it('is registered by the shop’s own scheduler, which tests start themselves', async () => {
    // Not started under NODE_ENV=test: nothing registered until a test starts it.
    expect(await jobRow(shop.database.db, 'release-expired-holds')).toBeNull();
    started.push(shop.services.scheduler);
    await shop.services.scheduler.start();
    expect((await jobRow(shop.database.db, 'release-expired-holds'))?.everyMs).toBe(60_000);
    expect((await jobRow(shop.database.db, 'remove-unused-pictures'))?.everyMs).toBe(HOUR);
  });

  it('releases expired holds every minute, retries owed refunds and reminds transfer buyers every 15 minutes and removes unused pictures hourly, through the scheduler', async () => {
    const holds = vi.spyOn(shop.services.orders, 'releaseExpiredHolds');
    const refunds = vi.spyOn(shop.services.orders, 'retryOwedRefunds');
    const reminders = vi.spyOn(shop.services.orders, 'remindTransfers');
    const pictures = vi.spyOn(shop.services.media, 'removeUnused');
    try {
      const jobs = scheduledWork(shop.services);
      expect(jobs.map((j) => [j.name, j.everyMs])).toEqual([
        ['release-expired-holds', 60_000],
        ['retry-owed-refunds', 15 * 60_000],
        ['remind-transfers', 15 * 60_000],
        ['remove-unused-pictures', HOUR],
      ]);
      const s = scheduler(jobs);
      await s.start();
      expect(holds).not.toHaveBeenCalled();
      await s.scheduleAt('release-expired-holds', new Date());
      await until(() => holds.mock.calls.length === 1);
      await s.scheduleAt('retry-owed-refunds', new Date());
      await until(() => refunds.mock.calls.length === 1);
      await s.scheduleAt('remind-transfers', new Date());
      await until(() => reminders.mock.calls.length === 1);
      await s.scheduleAt('remove-unused-pictures', new Date());
      await until(() => pictures.mock.calls.length === 1);
      const cutoff = (pictures.mock.calls[0]?.[0] ?? new Date(0)).getTime();
      expect(Date.now() - cutoff).toBeGreaterThanOrEqual(24 * HOUR);
      expect(Date.now() - cutoff).toBeLessThan(24 * HOUR + 10_000);
      await sleep(200);
      expect(holds).toHaveBeenCalledTimes(1);
      expect(pictures).toHaveBeenCalledTimes(1);
    } finally {
      holds.mockRestore();
      refunds.mockRestore();
      reminders.mockRestore();
      pictures.mockRestore();
    }
  });
});

describe('closing the shop', () => {
  it('waits for a job it is running, before the mailer closes', async () => {
    const own = await startTestShop();
    const events: string[] = [];
    try {
      vi.spyOn(own.services.orders, 'releaseExpiredHolds').mockImplementation(async () => {
        events.push('job started');
        await sleep(300);
        events.push('job finished');
        return 0;
      });
      own.services.mailer.close = async () => {
        events.push('mailer closed');
      };
      await own.services.scheduler.start();
      await own.services.scheduler.scheduleAt('release-expired-holds', new Date());
      // The shop's own scheduler polls every 5 s.
      await until(() => events.length === 1, 15_000);
    } finally {
      await own.close();
    }
    expect(events).toEqual(['job started', 'job finished', 'mailer closed']);
  });
});
