import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { enquiries, tools, user } from '../../db/schema';
import { newestFirst, pageOf } from '../../lib/paging';

/** The database or a transaction. */
type EnquiriesTx = Pick<Database, 'select' | 'insert' | 'update'>;

/** Contact Supplier's SQL: the enquiries, and what writing one reads of its tool and its buyer. */
export const enquiriesRepository = {
  async toolOnSale(db: EnquiriesTx, id: string): Promise<typeof tools.$inferSelect | undefined> {
    const [tool] = await db
      .select()
      .from(tools)
      .where(and(eq(tools.id, id), eq(tools.archived, false)));
    return tool;
  },

  /** Whether the account has confirmed its e-mail address, read now (never from a session). */
  async emailConfirmed(db: EnquiriesTx, userId: string): Promise<boolean> {
    const [row] = await db.select({ confirmed: user.emailVerified }).from(user).where(eq(user.id, userId));
    return row?.confirmed === true;
  },

  async insertEnquiry(db: EnquiriesTx, row: typeof enquiries.$inferInsert): Promise<void> {
    await db.insert(enquiries).values(row);
  },

  /**
   * Contact Supplier enquiries, newest first, with the tool's name: all of them, or only the new
   * (unanswered: the partial index enquiries_new_idx) or the answered ones.
   */
  async enquiriesPage(
    db: EnquiriesTx,
    status: 'new' | 'answered' | undefined,
    cursor: string | undefined,
    limit: number,
  ) {
    const keyset = newestFirst(enquiries.createdAt, enquiries.id, cursor, 'uuid');
    const state =
      status === 'new'
        ? isNull(enquiries.answeredAt)
        : status === 'answered'
          ? isNotNull(enquiries.answeredAt)
          : undefined;
    const rows = await db
      .select({ row: enquiries, productName: tools.productName, at: keyset.at })
      .from(enquiries)
      .innerJoin(tools, eq(tools.id, enquiries.toolId))
      .where(and(state, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(limit + 1);
    return pageOf(rows, limit, (r) => [r.at, r.row.id]);
  },

  /** An enquiry as it is, locked for the rest of the transaction (an admin marking it). */
  async lockEnquiry(tx: EnquiriesTx, id: string) {
    const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update');
    return row ?? null;
  },

  /**
   * Marks an enquiry answered by the admin named `answeredBy` (kept as first marked when it
   * already is) or new again (null);
   * the enquiry as it now is, with the tool's name, or null when there is none with this id.
   */
  async setEnquiryAnswered(db: EnquiriesTx, id: string, answeredBy: string | null) {
    const set =
      answeredBy === null
        ? { answeredAt: null, answeredBy: null }
        : {
            answeredAt: sql`coalesce(${enquiries.answeredAt}, now())`,
            answeredBy: sql`coalesce(${enquiries.answeredBy}, ${answeredBy})`,
          };
    const [row] = await db.update(enquiries).set(set).where(eq(enquiries.id, id)).returning();
    if (!row) return null;
    const [tool] = await db
      .select({ productName: tools.productName })
      .from(tools)
      .where(eq(tools.id, row.toolId));
    return { row, productName: tool?.productName ?? '' };
  },
};
