import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_APPLICATION_NAME } from '../../db/client';
import { onPostgres, startTestShop, type TestShop } from '../../test/harness';

describe('/api/health', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('says the database answers and this instance hears the others', async () => {
    const res = await shop.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: onPostgres() ? 'postgres' : 'pglite',
      listening: true,
    });
  });

  /**
   * A burst (50 document downloads at once) keeps every pooled connection busy with a queue behind
   * them; health asking through the pool waited at the queue's end. Here the pool's connections
   * wait on a lock another session holds: health must answer before the lock is let go.
   */
  it.skipIf(!onPostgres())(
    'answers while every pooled connection is busy, on a connection of its own',
    async () => {
      const holder = new pg.Client({ connectionString: shop.databaseUrl });
      await holder.connect();
      try {
        await holder.query('select pg_advisory_lock(8181)');
        let done = 0;
        const busy = Array.from({ length: 12 }, () =>
          shop.database.db.execute(sql`select pg_advisory_xact_lock(8181)`).then(() => {
            done += 1;
          }),
        );
        const waitingOnTheLock = async () =>
          (
            await holder.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0]?.n;
        // The pool's ten connections all wait; two more queries queue behind them.
        await expect.poll(waitingOnTheLock).toBe(10);

        const res = await shop.app.inject('/api/health');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 'ok', database: 'postgres' });
        expect(done).toBe(0);
        const { rows } = await holder.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
          [HEALTH_APPLICATION_NAME],
        );
        expect(rows[0]?.n).toBe(1);

        await holder.query('select pg_advisory_unlock(8181)');
        await Promise.all(busy);
        expect(done).toBe(12);
      } finally {
        await holder.end();
      }
    },
  );
});
