import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carts, tools } from '../../db/schema';

/** The database or a transaction. */
type CartTx = Pick<Database, 'select' | 'insert'>;

/** The cart's SQL: one row of lines per account, and the tools those lines name. */
export const cartRepository = {
  async cartOf(db: CartTx, userId: string) {
    const [row] = await db.select({ lines: carts.lines }).from(carts).where(eq(carts.userId, userId));
    return row?.lines ?? [];
  },

  async saveCart(db: CartTx, userId: string, lines: { toolId: string; quantity: number }[], at: Date) {
    await db
      .insert(carts)
      .values({ userId, lines, updatedAt: at })
      .onConflictDoUpdate({ target: carts.userId, set: { lines, updatedAt: at } });
  },

  /** The tools named, on sale or not (a cart may name archived ones). */
  toolsByIds(db: CartTx, ids: string[]): Promise<(typeof tools.$inferSelect)[]> {
    if (!ids.length) return Promise.resolve([]);
    return db.select().from(tools).where(inArray(tools.id, ids));
  },
};
