import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repoRoot } from '../config';
import { startTestShop, type TestShop } from '../test/harness';
import { rowsOf } from './rows';

/**
 * The order-placing SQL function has one source to read: `db/functions/place_orders.sql`. A
 * migration that changes the function copies that file's statement as it is; these tests fail
 * when the newest migration that defines `place_orders` says something else, or when the
 * migrated database holds another function of that name (the 2-argument one of migration 0009
 * is dropped once the previous release no longer calls it).
 */
const dbDir = path.join(repoRoot(), 'apps/server/src/db');
const source = readFileSync(path.join(dbDir, 'functions/place_orders.sql'), 'utf8');

/** The statement in `text` that creates `place_orders`, or undefined. */
function definitionIn(text: string): string | undefined {
  return text
    .split('--> statement-breakpoint')
    .map((statement) => {
      // A statement's own leading comment lines are not part of it.
      const lines = statement.split('\n');
      const start = lines.findIndex((l) => l.trim() !== '' && !l.trim().startsWith('--'));
      return start < 0 ? '' : lines.slice(start).join('\n').trim();
    })
    .find((statement) => /^CREATE (OR REPLACE )?FUNCTION "?place_orders"?\s*\(/i.test(statement));
}

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

describe('the order-placing function, kept in one file', () => {
  it('is what the newest migration that defines place_orders creates', () => {
    const migrations = readMigrationFiles({ migrationsFolder: path.join(dbDir, 'migrations') });
    const newest = migrations
      .map((m) => definitionIn(m.sql.join('--> statement-breakpoint')))
      .filter((d): d is string => d !== undefined)
      .at(-1);
    expect(newest).toBeDefined();
    expect(definitionIn(source)).toBe(newest);
  });

  it('is the only place_orders in the migrated database, with the body of the file', async () => {
    const rows = rowsOf(
      await shop.database.db.execute(
        sql`select pg_get_function_identity_arguments(p.oid) as args, p.prosrc as body
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where p.proname = 'place_orders' and n.nspname = current_schema()`,
      ),
      z.object({ args: z.string(), body: z.string() }),
    );
    // One: the 2-argument form of migration 0009 is gone.
    expect(rows.map((r) => r.args)).toHaveLength(1);
    const body = source.slice(source.indexOf('$$') + 2, source.lastIndexOf('$$'));
    expect(rows[0]?.body).toBe(body);
  });
});
