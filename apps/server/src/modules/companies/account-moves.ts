import { fromStates, settledState, unsettledState, waysOf } from '@kanna/shared/domain/order-state';
import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';

/** A transaction, or the database (the guarded updates need no more). */
type Transaction = Pick<Database, 'update'>;

/**
 * The guarded moves of the orders a statement bills (decision 0069), their from-states and ways of
 * paying taken from the order-state table (`fromStates`, `waysOf`; db/order-moves.test.ts fails
 * when they disagree): `settle` when the statement is paid in full, `unsettle` when a reversed
 * payment leaves it owing again. Each names the statements, and an order shipped after a card
 * payment never moves (its invoice is its own for good, decision 0078). Returns the orders moved.
 */
export const accountMoves = {
  settle: (tx: Transaction, statementIds: string[]) => moveOrders(tx, 'settle', statementIds),
  unsettle: (tx: Transaction, statementIds: string[]) => moveOrders(tx, 'unsettle', statementIds),
};

/** The target state of each move: where the order-state table's row leads. */
const movedTo = { settle: settledState, unsettle: unsettledState } as const;

async function moveOrders(
  tx: Transaction,
  move: keyof typeof movedTo,
  statementIds: string[],
): Promise<string[]> {
  if (!statementIds.length) return [];
  const moved = await tx
    .update(orders)
    .set({ status: movedTo[move] })
    .where(
      and(
        inArray(orders.statementId, statementIds),
        inArray(orders.paymentMethod, waysOf(move)),
        inArray(orders.status, fromStates(move, 'shop')),
      ),
    )
    .returning({ id: orders.id });
  return moved.map((o) => o.id);
}
