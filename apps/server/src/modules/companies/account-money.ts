import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyPayments, statements } from '../../db/schema';

/** A statement's money applied (消込), as SQL: the sum of its applications. */
export const appliedTo = (statementId: unknown) =>
  sql<number>`coalesce((select sum(a.amount_minor) from payment_applications a where a.statement_id = ${statementId}), 0)::float8`;

/**
 * What the money received changes on each company's account (decision 0069), in its minor unit:
 * `received`, the money not yet taken off by settled orders (applied to a statement still open, or
 * not applied yet), comes off the open balance its orders make; `overdue`, what its statements
 * past their due date still owe.
 */
export async function moneyOnAccount(
  db: Database,
  companyIds: string[],
  today: string,
): Promise<Map<string, { received: number; overdue: number }>> {
  const found = new Map<string, { received: number; overdue: number }>();
  if (!companyIds.length) return found;
  const [paid, owing] = await Promise.all([
    db
      .select({
        companyId: companyPayments.companyId,
        minor: sql<number>`coalesce(sum(${companyPayments.amountMinor}), 0)::float8`,
      })
      .from(companyPayments)
      // A reversed payment is money never received (its applications undone).
      .where(and(inArray(companyPayments.companyId, companyIds), isNull(companyPayments.reversedAt)))
      .groupBy(companyPayments.companyId),
    db
      .select({
        companyId: statements.companyId,
        total: statements.ordersTotalMinor,
        applied: appliedTo(statements.id),
        overdue: sql<boolean>`${statements.dueOn} < ${today}::date`,
      })
      .from(statements)
      .where(inArray(statements.companyId, companyIds)),
  ]);
  for (const id of companyIds) {
    const money = paid.find((p) => p.companyId === id)?.minor ?? 0;
    const mine = owing.filter((s) => s.companyId === id);
    // Money applied to a statement paid in full left the balance with its orders (settled).
    const settled = mine.filter((s) => s.applied >= s.total).reduce((sum, s) => sum + s.applied, 0);
    const overdue = mine
      .filter((s) => s.overdue && s.applied < s.total)
      .reduce((sum, s) => sum + s.total - s.applied, 0);
    found.set(id, { received: money - settled, overdue });
  }
  return found;
}
