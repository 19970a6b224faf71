import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { reviews, shopMeta, tools, user } from '../db/schema';

/** Facts about the shop's own history (the `shop_meta` table), e.g. that sample data was added. */
export function shopMetaService(db: Database) {
  return {
    async get(key: string): Promise<string | null> {
      const [row] = await db.select({ value: shopMeta.value }).from(shopMeta).where(eq(shopMeta.key, key));
      return row?.value ?? null;
    },

    /**
     * Records `key` unless it is recorded already; true when this call recorded it. Two
     * instances starting at once on one database: exactly one of them gets true.
     */
    async claim(key: string, value: string): Promise<boolean> {
      const inserted = await db
        .insert(shopMeta)
        .values({ key, value })
        .onConflictDoNothing({ target: shopMeta.key })
        .returning({ key: shopMeta.key });
      return inserted.length === 1;
    },

    async set(key: string, value: string): Promise<void> {
      await db
        .insert(shopMeta)
        .values({ key, value })
        .onConflictDoUpdate({ target: shopMeta.key, set: { value, updatedAt: new Date() } });
    },

    /** No tool (even an archived one), review or account: a shop that never ran. */
    async shopIsEmpty(): Promise<boolean> {
      const one = { one: sql<number>`1` };
      const found = await Promise.all([
        db.select(one).from(tools).limit(1),
        db.select(one).from(reviews).limit(1),
        db.select(one).from(user).limit(1),
      ]);
      return found.every((rows) => rows.length === 0);
    },
  };
}
