import { centsToDollars, says } from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import { codeKey, isJan } from '@kanna/shared/domain/product-codes';
import { toolName } from '@kanna/shared/domain/tool-texts';
import type { ResolvedRow, ResolveRequest } from '@kanna/shared/quick-order';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tools } from '../../db/schema';
import type { SessionUser } from '../../lib/identity';
import { textIn } from '../../lib/language';
import { type BuyerTerms, priceLine, type ToolRow } from '../catalog/priced-tool';

/**
 * Quick order (docs/rules.md, "Quick order"): rows of product codes and quantities resolved to
 * tools on sale and priced, in one query however many rows (at most 200), nothing reserved.
 */
export function quickOrderService(db: Database, termsOf: BuyerTerms) {
  /** The tools on sale that `keys` (`codeKey`s) name, by key: a SKU whatever its case, or a JAN. */
  async function toolsByCodes(keys: readonly string[]): Promise<Map<string, ToolRow>> {
    const unique = [...new Set(keys.filter(Boolean))];
    const jans = unique.filter(isJan);
    if (!unique.length) return new Map();
    const rows = await db
      .select()
      .from(tools)
      .where(
        and(
          eq(tools.archived, false),
          jans.length
            ? or(inArray(sql`upper(${tools.sku})`, unique), inArray(tools.jan, jans))
            : inArray(sql`upper(${tools.sku})`, unique),
        ),
      );
    const found = new Map<string, ToolRow>();
    for (const row of rows) {
      if (row.sku) found.set(codeKey(row.sku), row);
      if (row.jan) found.set(row.jan, row);
    }
    return found;
  }

  return {
    toolsByCodes,

    /**
     * Each row resolved, in order (`row` from 1): the tool its code names, its name in `language`,
     * the quantity (as sent, else the tool's minimum), the unit price at that quantity and the
     * total; or the row's problem in `language` (no code, an unknown code, a quantity that is not
     * whole or off the pack size, below the minimum, more than is in stock). Prices are the
     * caller's (their price list's, else the list price).
     */
    async resolve(input: ResolveRequest, language: Language, caller: SessionUser): Promise<ResolvedRow[]> {
      const keys = input.rows.map((r) => codeKey(r.code));
      const [found, terms] = await Promise.all([toolsByCodes(keys), termsOf(caller.id)]);
      return input.rows.map((r, i) => {
        const code = r.code.normalize('NFKC').trim();
        const row = i + 1;
        const key = keys[i] ?? '';
        if (!key) return { row, code, problem: textIn(says.codeMissing, language) };
        const tool = found.get(key);
        if (!tool) return { row, code, problem: textIn(says.codeUnknown(code), language) };
        const quantity = r.quantity ?? tool.minQuantity;
        const named = {
          row,
          code,
          toolId: tool.id,
          productName: toolName(tool, language),
          quantity,
          packSize: tool.packSize,
          minQuantity: tool.minQuantity,
        };
        const { unitCents, totalCents, problem } = priceLine(tool, quantity, terms);
        const prices =
          Number.isInteger(quantity) && quantity > 0
            ? { unitPrice: centsToDollars(unitCents), totalPrice: centsToDollars(totalCents) }
            : {};
        return { ...named, ...prices, ...(problem ? { problem: textIn(problem, language) } : {}) };
      });
    },
  };
}
export type QuickOrderService = ReturnType<typeof quickOrderService>;
