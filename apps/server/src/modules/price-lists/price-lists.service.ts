import { randomUUID } from 'node:crypto';
import {
  centsToDollars,
  dollarsToCents,
  type FieldProblemSaid,
  says,
  tradeTermsProblemsSaid,
} from '@kanna/shared';
import {
  BASIS_POINTS,
  type FixedPrice,
  type PriceListCurrency,
  type PriceListTerms,
  priceListTerms,
} from '@kanna/shared/domain/price-lists';
import type { PriceList, PriceListInput } from '@kanna/shared/price-lists';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { databaseError } from '../../db/errors';
import {
  companies,
  companyMembers,
  type FixedBreakRow,
  priceListPrices,
  priceLists,
  tools,
  user,
} from '../../db/schema';
import type { PublicCache, Ready } from '../../lib/cache';
import { AppError, notFound } from '../../lib/errors';
import { type AuditActor, changes, recordAudit } from '../audit/audit.service';

/** The cache topic of the buyers' terms: every write here drops it, on every instance. */
const PRICE_LISTS = 'price-lists';

/**
 * The buyer's list, `"user".price_list_id` (migration 0039): a column of Better Auth's table that
 * only this module reads or writes, so it stays out of the shared schema of db/schema/auth.ts.
 */
const buyersList = sql<string | null>`"user"."price_list_id"`;

type ListRow = typeof priceLists.$inferSelect;
type PriceRow = typeof priceListPrices.$inferSelect;

/** A currency's minor units per major unit: the wire's dollars are cents inside, yen are yen. */
const minorPerMajor: Record<PriceListCurrency, number> = { USD: 100, JPY: 1 };
const toMinor = (currency: PriceListCurrency, major: number) =>
  currency === 'USD' ? dollarsToCents(major) : Math.round(major * minorPerMajor[currency]);
const toMajor = (currency: PriceListCurrency, minor: number) =>
  currency === 'USD' ? centsToDollars(minor) : minor / minorPerMajor[currency];

/** A rate on the wire (85.5 %) as kept (8550 basis points), and back. */
const toBasisPoints = (percent: number) => Math.round((percent * BASIS_POINTS) / 100);
const toPercent = (basisPoints: number) => (basisPoints * 100) / BASIS_POINTS;

/** A fixed price's own breaks in major units (null: the list's breaks scaled). */
const breaksInMajor = (currency: PriceListCurrency, breaks: readonly FixedBreakRow[] | null) =>
  breaks?.map((b) => ({ minQuantity: b.minQuantity, perPrice: toMajor(currency, b.price) })) ?? null;

/** A list's fields as the audit log records them: the contract's names, money in major units. */
const auditFields = (
  list: Pick<ListRow, 'name' | 'percentBp'>,
  prices: Pick<PriceRow, 'toolId' | 'currency' | 'priceMinor' | 'volumePrices'>[],
) => ({
  name: list.name,
  percent: toPercent(list.percentBp),
  fixedPrices: prices.map((p) => ({
    toolId: p.toolId,
    currency: p.currency,
    price: toMajor(p.currency, p.priceMinor),
    volumePrices: breaksInMajor(p.currency, p.volumePrices),
  })),
});

/** The name's unique index refused the write: 409, saying which name. */
const nameTaken =
  (name: string) =>
  (error: unknown): never => {
    const found = databaseError(error);
    if (
      found?.code === '23505' &&
      `${found.constraint ?? ''} ${found.message ?? ''}`.includes('price_lists_name')
    )
      throw new AppError('conflict', says.priceListNameTaken(name), [
        { path: 'name', said: says.priceListNameTaken(name) },
      ]);
    throw error;
  };

/**
 * Price lists (掛率, decision 0060): administrators keep them and give them to buyers; every
 * reader of prices asks `termsOf(buyer)` and prices with `withPriceList` (shared/domain/price-lists.ts).
 */
export function priceListsService(db: Database, cache: PublicCache) {
  /**
   * The rows a request's fixed prices become, each checked against its tool (on sale, the
   * breaks on its pack and above its minimum, at increasing quantities, each cheaper than the one
   * before, at most as many as a tool may have: the tool form's rule), yen in whole yen, each tool
   * once per currency; 400 naming every problem (`fixedPrices.N.…`).
   */
  async function fixedRows(listId: string, fixed: PriceListInput['fixedPrices']) {
    const ids = [...new Set(fixed.map((f) => f.toolId))];
    const found = ids.length ? await db.select().from(tools).where(inArray(tools.id, ids)) : [];
    const byId = new Map(found.map((t) => [t.id, t]));
    const problems: FieldProblemSaid[] = [];
    const seen = new Set<string>();
    const rows = fixed.map((f, i) => {
      const at = `fixedPrices.${i}`;
      const tool = byId.get(f.toolId);
      const key = `${f.currency}:${f.toolId}`;
      if (!tool || tool.archived) problems.push({ path: `${at}.toolId`, said: says.toolNotForSale });
      else if (seen.has(key)) problems.push({ path: `${at}.toolId`, said: says.priceListPriceTwice });
      seen.add(key);
      // Yen is kept in whole yen: a decimal would be rounded away, so it is refused where it was typed.
      if (f.currency === 'JPY') {
        if (!Number.isInteger(f.price)) problems.push({ path: `${at}.price`, said: says.priceListYenWhole });
        f.volumePrices?.forEach((b, j) => {
          if (!Number.isInteger(b.perPrice))
            problems.push({ path: `${at}.volumePrices.${j}.perPrice`, said: says.priceListYenWhole });
        });
      }
      const breaks: FixedBreakRow[] | null =
        f.volumePrices?.map((b) => ({
          minQuantity: b.minQuantity,
          price: toMinor(f.currency, b.perPrice),
        })) ?? null;
      const price = toMinor(f.currency, f.price);
      if (tool && breaks) {
        for (const p of tradeTermsProblemsSaid({
          minQuantity: tool.minQuantity,
          packSize: tool.packSize,
          price,
          breaks,
        }))
          problems.push({ path: `${at}.${p.path}`, said: p.said });
      }
      return {
        priceListId: listId,
        toolId: f.toolId,
        currency: f.currency,
        priceMinor: price,
        volumePrices: breaks,
      };
    });
    const [first] = problems;
    if (first) throw new AppError('invalid', first.said, problems);
    return rows;
  }

  async function pricesOf(listIds: string[]) {
    if (!listIds.length) return [];
    return db
      .select({ row: priceListPrices, productName: tools.productName, archived: tools.archived })
      .from(priceListPrices)
      .innerJoin(tools, eq(tools.id, priceListPrices.toolId))
      .where(inArray(priceListPrices.priceListId, listIds))
      .orderBy(asc(tools.productName), asc(priceListPrices.currency));
  }

  async function buyersOf(listIds: string[]) {
    if (!listIds.length) return [];
    return db
      .select({ email: user.email, listId: buyersList })
      .from(user)
      .where(inArray(buyersList, listIds))
      .orderBy(asc(user.email));
  }

  /** Lists as the admin reads them: their rate, fixed prices with the tool's name, their buyers. */
  async function described(lists: ListRow[]): Promise<PriceList[]> {
    const ids = lists.map((l) => l.id);
    const [prices, buyers] = await Promise.all([pricesOf(ids), buyersOf(ids)]);
    return lists.map((l) => ({
      id: l.id,
      name: l.name,
      percent: toPercent(l.percentBp),
      fixedPrices: prices
        .filter((p) => p.row.priceListId === l.id)
        .map(({ row, productName, archived }) => ({
          toolId: row.toolId,
          productName,
          onSale: !archived,
          currency: row.currency,
          price: toMajor(row.currency, row.priceMinor),
          volumePrices: breaksInMajor(row.currency, row.volumePrices),
        })),
      buyers: buyers.filter((b) => b.listId === l.id).map((b) => b.email),
      createdAt: l.createdAt.toISOString(),
      updatedAt: l.updatedAt.toISOString(),
    }));
  }

  async function one(id: string): Promise<PriceList> {
    const [row] = await db.select().from(priceLists).where(eq(priceLists.id, id));
    if (!row) throw notFound('This price list');
    const [list] = await described([row]);
    if (!list) throw notFound('This price list');
    return list;
  }

  const target = (row: Pick<ListRow, 'id' | 'name'>) => ({
    type: 'priceList' as const,
    id: row.id,
    label: row.name,
  });

  return {
    /**
     * Drops every buyer's kept terms, on every instance: a company's list or its members changed
     * (modules/companies calls it after each such change).
     */
    termsChanged: (): Promise<void> => cache.changed(PRICE_LISTS),

    /**
     * The terms a buyer pays by (their list's rate and fixed prices), or null for the list price:
     * kept until a list or an assignment changes, on any instance, so a buyer's read costs no
     * query after the first.
     */
    termsOf(userId: string): Ready<PriceListTerms | null> {
      return cache.value(PRICE_LISTS, `buyer:${userId}`, async () => {
        // The buyer's own list when they have one, else their approved company's (docs/rules.md,
        // "Companies"): the one place a member's list is resolved.
        const [found] = await db
          .select({ list: priceLists })
          .from(user)
          .leftJoin(companyMembers, eq(companyMembers.userId, user.id))
          .leftJoin(
            companies,
            and(eq(companies.id, companyMembers.companyId), eq(companies.status, 'approved')),
          )
          .innerJoin(priceLists, eq(priceLists.id, sql`coalesce(${buyersList}, ${companies.priceListId})`))
          .where(eq(user.id, userId));
        if (!found) return null;
        const rows = await db
          .select()
          .from(priceListPrices)
          .where(eq(priceListPrices.priceListId, found.list.id));
        const fixed: FixedPrice[] = rows.map((r) => ({
          toolId: r.toolId,
          currency: r.currency,
          price: r.priceMinor,
          breaks: r.volumePrices,
        }));
        return priceListTerms(found.list.percentBp, fixed);
      });
    },

    async list(): Promise<PriceList[]> {
      return described(await db.select().from(priceLists).orderBy(asc(priceLists.name)));
    },

    async create(input: PriceListInput, actor: AuditActor): Promise<PriceList> {
      const id = randomUUID();
      const rows = await fixedRows(id, input.fixedPrices);
      const list = { id, name: input.name, percentBp: toBasisPoints(input.percent) };
      await db
        .transaction(async (tx) => {
          await tx.insert(priceLists).values(list);
          if (rows.length) await tx.insert(priceListPrices).values(rows);
          await recordAudit(tx, actor, {
            kind: 'priceList.create',
            target: target(list),
            before: null,
            after: auditFields(list, rows),
          });
        })
        .catch(nameTaken(input.name));
      await cache.changed(PRICE_LISTS);
      return one(id);
    },

    /** Replaces a list's name, rate and fixed prices; its buyers pay the new prices at once. */
    async update(id: string, input: PriceListInput, actor: AuditActor): Promise<PriceList> {
      const rows = await fixedRows(id, input.fixedPrices);
      const percentBp = toBasisPoints(input.percent);
      await db
        .transaction(async (tx) => {
          const [before] = await tx.select().from(priceLists).where(eq(priceLists.id, id)).for('update');
          if (!before) throw notFound('This price list');
          const beforePrices = await tx
            .select()
            .from(priceListPrices)
            .where(eq(priceListPrices.priceListId, id));
          await tx
            .update(priceLists)
            .set({ name: input.name, percentBp, updatedAt: new Date() })
            .where(eq(priceLists.id, id));
          await tx.delete(priceListPrices).where(eq(priceListPrices.priceListId, id));
          if (rows.length) await tx.insert(priceListPrices).values(rows);
          const changed = changes(
            auditFields(before, beforePrices),
            auditFields({ name: input.name, percentBp }, rows),
          );
          if (changed)
            await recordAudit(tx, actor, {
              kind: 'priceList.update',
              target: target({ id, name: input.name }),
              ...changed,
            });
        })
        .catch(nameTaken(input.name));
      await cache.changed(PRICE_LISTS);
      return one(id);
    },

    /** Deletes a list: its buyers pay the list price again (the column is set null by the database). */
    async remove(id: string, actor: AuditActor): Promise<number> {
      const gone = await db.transaction(async (tx) => {
        const [row] = await tx.delete(priceLists).where(eq(priceLists.id, id)).returning();
        if (row)
          await recordAudit(tx, actor, {
            kind: 'priceList.delete',
            target: target(row),
            before: { name: row.name, percent: toPercent(row.percentBp) },
            after: null,
          });
        return row;
      });
      if (!gone) throw notFound('This price list');
      await cache.changed(PRICE_LISTS);
      return 1;
    },

    /** Gives the buyer at `email` a list, or none (null: the list price); 404 for either unknown. */
    async assign(email: string, priceListId: string | null, actor: AuditActor): Promise<number> {
      const changed = await db.transaction(async (tx) => {
        const [buyer] = await tx
          .select({
            id: user.id,
            email: user.email,
            listId: buyersList,
          })
          .from(user)
          .where(eq(user.email, email.toLowerCase()))
          .for('update');
        if (!buyer) throw notFound('This user');
        const [list] = priceListId
          ? await tx.select().from(priceLists).where(eq(priceLists.id, priceListId))
          : [null];
        if (list === undefined) throw notFound('This price list');
        if (buyer.listId === priceListId) return 0;
        const [was] = buyer.listId
          ? await tx.select({ name: priceLists.name }).from(priceLists).where(eq(priceLists.id, buyer.listId))
          : [];
        await tx.execute(
          sql`UPDATE "user" SET "price_list_id" = ${priceListId}, "updated_at" = now() WHERE "id" = ${buyer.id}`,
        );
        await recordAudit(tx, actor, {
          kind: 'user.priceList',
          target: { type: 'user', id: buyer.id, label: buyer.email },
          before: { priceList: was?.name ?? null },
          after: { priceList: list?.name ?? null },
        });
        return 1;
      });
      if (changed) await cache.changed(PRICE_LISTS);
      return changed;
    },
  };
}
export type PriceListsService = ReturnType<typeof priceListsService>;
