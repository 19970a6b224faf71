import { randomUUID } from 'node:crypto';
import { type Cart, type CartRequest, centsToDollars, MAX_ORDER_LINES, says } from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import { toolName } from '@kanna/shared/domain/tool-texts';
import {
  type CreateListRequest,
  type ListFromOrderRequest,
  MAX_SAVED_LISTS,
  type SavedList,
  type SavedListSummary,
  type UpdateListRequest,
} from '@kanna/shared/quick-order';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { savedLists, tools, user } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { textIn } from '../../lib/language';
import { type BuyerTerms, priceLine, type ToolRow } from '../catalog/priced-tool';

type ListRow = typeof savedLists.$inferSelect;
type Line = { toolId: string; quantity: number };

/**
 * The cart as its own module offers it (its public functions, given by app.ts): read at today's
 * prices, and replaced. A list is added to the cart through them, never by writing the cart here.
 */
export type CartAccess = {
  cart(caller: SessionUser, language: Language): Promise<Cart>;
  saveCart(caller: SessionUser, input: CartRequest, language: Language): Promise<Cart>;
};

/**
 * The orders module as it offers an order to a list (given by app.ts): what the caller's own order
 * asked for, tool by tool; another's order, or none, is 404.
 */
export type OrderAccess = {
  orderedBy(caller: SessionUser, orderId: string): Promise<Line[]>;
};

/** At most this many pieces on one line, as the cart's contract allows. */
const MAX_LINE_QUANTITY = 1_000_000;

/** `lines` with `more` added: a tool already there gets the quantity added (at most a line's most), a new one goes last. */
function addLines(lines: Line[], more: readonly Line[]): Line[] {
  for (const add of more) {
    const same = lines.find((l) => l.toolId === add.toolId);
    if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + add.quantity);
    else lines.push({ ...add });
  }
  return lines;
}

const summaryOf = (row: ListRow): SavedListSummary => ({
  _id: row.id,
  name: row.name,
  lineCount: row.lines.length,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Saved lists (定番リスト, docs/rules.md, "Saved lists"): a buyer's named lines of tools and
 * quantities, at most 50 lists per account and 500 lines per list, seen and changed by their
 * owner only (another's list answers 404, like a missing one), shown at today's prices and added
 * to the cart in one step.
 */
export function listsService(db: Database, cart: CartAccess, orders: OrderAccess, termsOf: BuyerTerms) {
  /** The caller's list `id`, or 404. */
  async function owned(caller: SessionUser, id: string): Promise<ListRow> {
    const [row] = await db
      .select()
      .from(savedLists)
      .where(and(eq(savedLists.id, id), eq(savedLists.userId, caller.id)));
    if (!row) throw notFound('This list');
    return row;
  }

  /** The list's lines at today's prices for its owner (their price list's), each with its problem in `language`. */
  async function priced(row: ListRow, language: Language): Promise<SavedList> {
    const ids = row.lines.map((l) => l.toolId);
    const found = new Map<string, ToolRow>(
      ids.length ? (await db.select().from(tools).where(inArray(tools.id, ids))).map((t) => [t.id, t]) : [],
    );
    const terms = await termsOf(row.userId);
    let totalCents = 0;
    const lines = row.lines.flatMap((line) => {
      const tool = found.get(line.toolId);
      if (!tool) return [];
      const { unitCents, totalCents: lineCents, problem } = priceLine(tool, line.quantity, terms);
      if (!problem) totalCents += lineCents;
      return [
        {
          toolId: tool.id,
          quantity: line.quantity,
          productName: toolName(tool, language),
          perPrice: centsToDollars(unitCents),
          totalPrice: centsToDollars(lineCents),
          problem: problem && textIn(problem, language),
        },
      ];
    });
    return { ...summaryOf(row), lines, totalPrice: centsToDollars(totalCents) };
  }

  /** Lines naming no tool the shop has ever had are refused (400), each where it stands. */
  async function checkTools(lines: readonly Line[]) {
    if (!lines.length) return;
    const known = new Set(
      (
        await db
          .select({ id: tools.id })
          .from(tools)
          .where(
            inArray(
              tools.id,
              lines.map((l) => l.toolId),
            ),
          )
      ).map((t) => t.id),
    );
    const errors = lines.flatMap((l, i) =>
      known.has(l.toolId) ? [] : [{ path: `lines.${i}.toolId`, said: says.notFound('This tool') }],
    );
    const [first] = errors;
    if (first) throw new AppError('invalid', first.said, errors);
  }

  /**
   * Saves a new list; refused (409) when the account keeps 50 already. The account's row is
   * locked while counting, so two saves at once cannot both pass the limit.
   */
  async function create(
    caller: SessionUser,
    input: CreateListRequest,
    language: Language,
  ): Promise<SavedList> {
    await checkTools(input.lines);
    const row = await db.transaction(async (tx) => {
      await tx.select({ id: user.id }).from(user).where(eq(user.id, caller.id)).for('update');
      const count = await tx.$count(savedLists, eq(savedLists.userId, caller.id));
      if (count >= MAX_SAVED_LISTS) throw new AppError('conflict', says.listsTooMany(MAX_SAVED_LISTS));
      const [inserted] = await tx
        .insert(savedLists)
        .values({ id: randomUUID(), userId: caller.id, name: input.name, lines: input.lines })
        .returning();
      if (!inserted) throw new Error('insert returned no row');
      return inserted;
    });
    return priced(row, language);
  }

  return {
    /** The caller's lists, the last changed first. */
    async list(caller: SessionUser): Promise<SavedListSummary[]> {
      const rows = await db
        .select()
        .from(savedLists)
        .where(eq(savedLists.userId, caller.id))
        .orderBy(desc(savedLists.updatedAt), desc(savedLists.id));
      return rows.map(summaryOf);
    },

    async get(caller: SessionUser, id: string, language: Language): Promise<SavedList> {
      return priced(await owned(caller, id), language);
    },

    create,

    /**
     * Saves the caller's own order as a new list named `input.name`: each of its tools with the
     * quantity ordered (a tool on two lines once, their quantities added). Another buyer's order
     * is 404; 409 when the account keeps 50 lists already.
     */
    async fromOrder(
      caller: SessionUser,
      orderId: string,
      input: ListFromOrderRequest,
      language: Language,
    ): Promise<SavedList> {
      const lines = addLines([], await orders.orderedBy(caller, orderId));
      return create(caller, { name: input.name, lines }, language);
    },

    /** Renames the caller's list or replaces its lines (404 for another's). */
    async update(
      caller: SessionUser,
      id: string,
      input: UpdateListRequest,
      language: Language,
    ): Promise<SavedList> {
      if (input.lines) await checkTools(input.lines);
      const [row] = await db
        .update(savedLists)
        .set({ name: input.name, lines: input.lines, updatedAt: sql`now()` })
        .where(and(eq(savedLists.id, id), eq(savedLists.userId, caller.id)))
        .returning();
      if (!row) throw notFound('This list');
      return priced(row, language);
    },

    /** Deletes the caller's list (404 for another's, or one already gone). */
    async remove(caller: SessionUser, id: string): Promise<number> {
      const gone = await db
        .delete(savedLists)
        .where(and(eq(savedLists.id, id), eq(savedLists.userId, caller.id)))
        .returning({ id: savedLists.id });
      if (!gone.length) throw notFound('This list');
      return gone.length;
    },

    /**
     * Adds the list's lines to the caller's cart: a tool already there gets the list's quantity
     * added. Refused (409) when the cart would hold more than 50 tools. Answers the cart at today's
     * prices, with each line's problem, from the cart's own functions.
     */
    async toCart(caller: SessionUser, id: string, language: Language): Promise<Cart> {
      const list = await owned(caller, id);
      const current = await cart.cart(caller, language);
      const lines = addLines(
        current.lines.map((l) => ({ toolId: l.toolId, quantity: l.quantity })),
        list.lines,
      );
      if (lines.length > MAX_ORDER_LINES)
        throw new AppError('conflict', says.cartWouldBeFull(MAX_ORDER_LINES));
      return cart.saveCart(caller, { lines }, language);
    },
  };
}
export type ListsService = ReturnType<typeof listsService>;
