/**
 * One instance of the scheduler as a process of its own, for scheduler/instances.test.ts to
 * kill (-9): it runs the job `slow` (due `FIRST_AFTER_MS` from now when new) on DATABASE_URL,
 * with a lease of LEASE_MS. A run records its start in `scheduler_test_runs` (a table the test
 * makes) and then sleeps SLEEP_MS before recording its end. Run with `node --import tsx`.
 * Prints `polling` once it polls and `started` when its run has begun.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { createScheduler } from './scheduler';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const database = await openDatabase({ kind: 'postgres', url: env('DATABASE_URL') });
const instance = env('INSTANCE');
const scheduler = createScheduler(
  database.db,
  [
    {
      name: 'slow',
      everyMs: 60 * 60_000,
      firstAfterMs: Number(env('FIRST_AFTER_MS')),
      async run() {
        const [row] = rowsOf(
          await database.db.execute(
            sql`insert into scheduler_test_runs (instance) values (${instance}) returning id`,
          ),
          z.object({ id: z.number() }),
        );
        console.log('started');
        await new Promise((resolve) => setTimeout(resolve, Number(env('SLEEP_MS'))));
        await database.db.execute(
          sql`update scheduler_test_runs set finished_at = clock_timestamp() where id = ${row?.id}`,
        );
      },
    },
  ],
  { log: console, pollMs: 20, leaseMs: Number(env('LEASE_MS')), instance },
);
await scheduler.start();
console.log('polling');
process.on('SIGTERM', async () => {
  await scheduler.stop();
  await database.close();
  process.exit(0);
});
