import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/**
 * Migrating a PostgreSQL database that other instances serve — the previous release's among
 * them during a rolling deploy (docs/operations.md, "Upgrades").
 *
 * drizzle applies every pending migration in one transaction, which takes each table's lock as
 * its statements reach it; the shop's own transactions take theirs in another order (placing an
 * order locks the buyer, then the tools, then writes the order). A migration that holds `orders`
 * and then waits for `user` while an order holds its buyer and waits to read `orders` is a
 * deadlock, which PostgreSQL ends after a second by failing one of the two: a buyer's order, or
 * this start. So the migration waits at most `LOCK_WAIT` for any lock, well under PostgreSQL's
 * `deadlock_timeout` (1 s): it gives way first, its transaction rolls back (nothing half-applied)
 * and the waiting orders go through; it is then tried again. The same bound keeps the requests
 * that queue behind a waiting exclusive lock from waiting longer than that.
 */
const LOCK_WAIT = '200ms';
const FIRST_PAUSE_MS = 100;
const MAX_PAUSE_MS = 2_000;
const ATTEMPTS = 30;

/** PostgreSQL's SQLSTATE of an error, looked for through drizzle's wrapping (`cause`). */
function sqlState(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A lock not had within `lock_timeout`, or a deadlock this transaction lost. */
const gaveWay = (error: unknown) => ['55P03', '40P01'].includes(sqlState(error) ?? '');

/** Applies the pending migrations on `client` (which holds the migrations' advisory lock). */
export async function migrateWhileServing(client: pg.PoolClient, migrationsFolder: string): Promise<void> {
  await client.query(`set lock_timeout = '${LOCK_WAIT}'`);
  try {
    for (let attempt = 1, pause = FIRST_PAUSE_MS; ; attempt++, pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
      try {
        await migrate(drizzle(client), { migrationsFolder });
        return;
      } catch (error) {
        if (!gaveWay(error)) throw error;
        if (attempt === ATTEMPTS)
          throw new Error(
            `The migrations could not take the locks they need in ${ATTEMPTS} attempts: the running shop kept them busy. Start again.`,
            { cause: error },
          );
        await new Promise((r) => setTimeout(r, pause * (0.5 + Math.random() / 2)));
      }
    }
  } finally {
    await client.query('reset lock_timeout').catch(() => {});
  }
}
