import { randomUUID } from 'node:crypto';
import {
  countsAsUnpaid,
  findMove,
  type OrderState,
  orderMoves,
  orderStates,
  type PayWay,
  paymentMethods,
  waysOf,
} from '@kanna/shared';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMoves } from '../modules/companies/account-moves';
import { lifecycleRepository } from '../modules/orders/orders.lifecycle.repository';
import type { OrderRow, Tx } from '../modules/orders/orders.repository';
import { transfersRepository } from '../modules/orders/orders.transfers.repository';
import { addTool, signUpVerified, startTestShop, type TestShop } from '../test/harness';
import { Client } from '../test/http';
import { placeOrder } from '../test/shopping';
import { companies, orders, statements } from './schema';

/**
 * The SQL moves an order with guarded updates (`UPDATE orders … WHERE status …`), each taking its
 * states from the order-state table. This puts one order in every state in turn, tries every
 * guarded move on it (rolled back after), and fails when the database moves an order the table
 * refuses to move, or refuses one the table allows. Placing an order counts the buyer's unpaid
 * orders towards the caps in SQL (`place_orders`): the same is checked against `countsAsUnpaid`.
 */
let shop: TestShop;
let buyer: Client;
let orderId: string;
let toolId: string;

beforeAll(async () => {
  shop = await startTestShop({ env: { MAX_UNPAID_ORDERS: '1' } });
  buyer = new Client(shop.app, shop.config.publicUrl, '10.77.0.1');
  await signUpVerified(shop, buyer, 'Moves Buyer', 'moves.buyer@kanna.example');
  toolId = (await addTool(shop, { minQuantity: 1, available: 1000, priceCents: 1000 }))._id;
  orderId = await placeOrder(buyer, toolId, 1);
});
afterAll(() => shop?.close());

const rollback = new Error('rolled back on purpose');

/** Puts `row` on a new statement of a new company, paid `way` (on account unless told): the statement's id. */
async function billedOnAccount(
  tx: Tx,
  row: OrderRow,
  label: string,
  way: PayWay = 'account',
): Promise<string> {
  const companyId = randomUUID();
  await tx.insert(companies).values({
    id: companyId,
    name: 'Moves Co',
    billingAddress: '1-1 Ginza',
    billingEmail: 'moves.co@kanna.example',
  });
  const statementId = randomUUID();
  await tx.insert(statements).values({
    id: statementId,
    number: `ST-MOVES-${label}`,
    companyId,
    periodFrom: '2026-11-01',
    periodTo: '2026-11-30',
    closingDate: '2026-11-30',
    dueOn: '2026-12-31',
    currency: 'JPY',
    previousBalanceMinor: 0,
    receivedMinor: 0,
    carriedForwardMinor: 0,
    ordersTotalMinor: row.amountDueCents,
    taxByRate: [],
    amountDueMinor: row.amountDueCents,
    issuedAt: now(),
  });
  await tx.update(orders).set({ paymentMethod: way, statementId }).where(eq(orders.id, row.id));
  return statementId;
}

/** Puts the order in `state` (unpaid by card, its hold running), runs `attempt`, and undoes it all. */
async function inState<T>(state: OrderState, attempt: (tx: Tx, row: OrderRow) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await shop.database.db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({
          status: state,
          paymentMethod: 'card',
          holdUntil: new Date(Date.now() + 3_600_000),
          transferPaidCents: 0,
        })
        .where(eq(orders.id, orderId))
        .returning();
      if (!row) throw new Error('the test order vanished');
      result = await attempt(tx, row);
      throw rollback;
    })
    .catch((err) => {
      if (err !== rollback) throw err;
    });
  return result as T;
}

const now = () => new Date();
const moved = (row: unknown) => row !== null && row !== undefined;

describe('the SQL guards agree with the order-state table', () => {
  it.each(orderStates.map((s) => [s]))('from %s', async (state) => {
    const allowed = (move: Parameters<typeof findMove>[0], by: Parameters<typeof findMove>[2]) =>
      findMove(move, state, by) !== null;

    // A buyer's cancel, the shop's of an unpaid order, and a hold running out: the same guard.
    const released = await inState(state, (tx, row) =>
      lifecycleRepository.cancelAndRestock(tx, row.id, now(), { reason: 'cancel' }),
    );
    // Expiry picks its orders apart (`expiredHolds`, below): on account a buyer cancels, nothing expires.
    expect(moved(released)).toBe(allowed('cancel', 'buyer'));

    const cancelledPaid = await inState(state, (tx, row) =>
      lifecycleRepository.cancelPaid(tx, row.id, now(), { name: 'Admin', reason: 'test' }),
    );
    expect(moved(cancelledPaid)).toBe(findMove('cancel', state, 'shop')?.money === 'refunded in full');

    const paid = await inState(state, (tx, row) =>
      lifecycleRepository.markPaid(tx, row.id, {
        transactionId: 'pi_moves',
        at: now(),
        test: true,
        amountCents: row.amountDueCents,
      }),
    );
    expect(moved(paid)).toBe(allowed('pay by card', 'provider'));

    const intent = await inState(state, (tx, row) =>
      lifecycleRepository.setIntent(tx, row.id, 'pi_moves_intent'),
    );
    expect(intent).toBe(allowed('pay by card', 'provider'));

    const shipped = await inState(state, (tx, row) => lifecycleRepository.markShipped(tx, row.id, now()));
    expect(moved(shipped)).toBe(allowed('ship', 'shop'));
    if (shipped) expect(shipped.status).toBe(findMove('ship', state, 'shop')?.to);

    for (const to of ['transfer', 'card'] as const) {
      const switched = await inState(state, async (tx, row) => {
        // Card is the way it has: switch to transfer first when asked for card.
        if (to === 'card')
          await tx.update(orders).set({ paymentMethod: 'transfer' }).where(eq(orders.id, row.id));
        return transfersRepository.switchPaymentMethod(tx, row.id, to, now(), 7);
      });
      expect(moved(switched)).toBe(allowed('switch payment method', 'buyer'));
    }

    const expiredFound = await inState(state, async (tx, row) => {
      await tx
        .update(orders)
        .set({ holdUntil: new Date(Date.now() - 60_000) })
        .where(eq(orders.id, row.id));
      return (await lifecycleRepository.expiredHolds(tx, now(), 10_000)).some((o) => o.id === row.id);
    });
    expect(expiredFound).toBe(allowed('expire', 'scheduler'));

    // An order a statement bills (on account, on the statement): settled when the statement is
    // paid in full, owed again when a reversed payment leaves it owing.
    for (const move of ['settle', 'unsettle'] as const) {
      const onStatement = await inState(state, async (tx, row) => {
        const statementId = await billedOnAccount(tx, row, move);
        const moved = await accountMoves[move](tx, [statementId]);
        const [after] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, row.id));
        return { moved: moved.includes(row.id), status: after?.status };
      });
      expect(onStatement.moved, move).toBe(allowed(move, 'shop'));
      expect(onStatement.status).toBe(findMove(move, state, 'shop')?.to ?? state);
    }
  });

  it('never moves an order shipped after a card payment, which no statement bills', async () => {
    const moved = await inState('shipped', (tx) => accountMoves.unsettle(tx, [randomUUID()]));
    expect(moved).toEqual([]);
  });

  it('moves by a statement only the orders paid the ways the table names (waysOf)', async () => {
    for (const move of ['settle', 'unsettle'] as const)
      for (const way of paymentMethods) {
        const from = orderMoves.find((m) => m.move === move)?.from ?? 'shipped';
        const moved = await inState(from, async (tx, row) =>
          (await accountMoves[move](tx, [await billedOnAccount(tx, row, `${move}-${way}`, way)])).includes(
            row.id,
          ),
        );
        expect(moved, `${move} ${way}`).toBe(waysOf(move).includes(way));
      }
    // Only orders on account: a card or transfer order keeps its invoice for good (decision 0078).
    expect(waysOf('unsettle')).toEqual(['account']);
  });
});

describe('placing agrees with the order-state table about unpaid orders', () => {
  // One unpaid order at most per buyer here: the buyer's card order counts towards it exactly when
  // it is unpaid or awaiting approval.
  it.each(orderStates.map((s) => [s]))(
    'an order %s counts towards the unpaid cap as countsAsUnpaid says',
    async (state) => {
      const db = shop.database.db;
      await db.update(orders).set({ status: state }).where(eq(orders.id, orderId));
      const res = await buyer.post('/api/order', {
        toolId,
        quantity: 1,
        phone: '0312345678',
        address: '1-1 Ginza, Tokyo',
      });
      // Any other order placed here is set aside, so the next state starts from the one order again.
      const [mine] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
      await db
        .update(orders)
        .set({ status: 'cancelled' })
        .where(and(eq(orders.userId, mine?.userId ?? ''), ne(orders.id, orderId)));
      expect(res.statusCode === 201).toBe(!countsAsUnpaid({ status: state, paymentMethod: 'card' }));
    },
  );
});
