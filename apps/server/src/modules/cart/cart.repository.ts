import { eq, inArray, sql } from 'drizzle-orm';
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

  /**
   * Takes `ordered` out of the account's cart in one statement: each line loses the pieces ordered
   * of its tool, and goes when none is left; a cart changed meanwhile keeps what it gained.
   */
  async takeOrdered(
    db: Pick<Database, 'execute'>,
    userId: string,
    ordered: { toolId: string; quantity: number }[],
    at: Date,
  ) {
    await db.execute(sql`
      UPDATE carts SET updated_at = ${at.toISOString()}::timestamptz, lines = COALESCE((
        SELECT jsonb_agg(
          jsonb_build_object('toolId', l.value->>'toolId', 'quantity', (l.value->>'quantity')::int - COALESCE(o.quantity, 0))
          ORDER BY l.n)
        FROM jsonb_array_elements(carts.lines) WITH ORDINALITY AS l(value, n)
        LEFT JOIN jsonb_to_recordset(${JSON.stringify(ordered)}::jsonb) AS o("toolId" text, quantity int)
          ON o."toolId" = l.value->>'toolId'
        WHERE (l.value->>'quantity')::int > COALESCE(o.quantity, 0)
      ), '[]'::jsonb)
      WHERE user_id = ${userId}`);
  },

  /** The tools named, on sale or not (a cart may name archived ones). */
  toolsByIds(db: CartTx, ids: string[]): Promise<(typeof tools.$inferSelect)[]> {
    if (!ids.length) return Promise.resolve([]);
    return db.select().from(tools).where(inArray(tools.id, ids));
  },
};
