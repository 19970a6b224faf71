import { MAX_ORDER_CENTS } from './money';
import { type OrderStatusName, orderStatuses, paidStatuses } from './orders';

/**
 * One state machine for an order and its money (docs/rules.md, "Order states"). Every question the
 * server, the web and the SQL ask of an order — may it be shipped, cancelled by this actor, paid
 * by card or by transfer; does the shop owe a refund; is it partly paid; when does its hold end —
 * is a function here, so a new way to pay or a new state is a row of `orderMoves` and nothing
 * else compares state words. Free of zod, so the browser's first download can use it.
 */

export type OrderState = OrderStatusName;
export const orderStates = orderStatuses;

/** Who moves an order: its buyer, the shop (an admin), the scheduler, or the payment provider. */
export const orderActors = ['buyer', 'shop', 'scheduler', 'provider'] as const;
export type OrderActor = (typeof orderActors)[number];

/** What a move does to the stock the order holds. */
type StockEffect = 'kept' | 'returned' | 'none';

/** What a move does to the order's money. */
type MoneyEffect =
  | 'none'
  | 'card payment stopped, transfers received owed back'
  | 'transfers received owed back'
  | 'card charged the amount due'
  | 'transfer counted towards the amount due'
  | 'refunded in full'
  | 'card refunded'
  | 'recorded and owed back';

export type OrderMoveName =
  | 'cancel'
  | 'expire'
  | 'pay by card'
  | 'record transfer'
  | 'complete transfer'
  | 'switch payment method'
  | 'ship'
  | 'refund'
  | 'refund late payment';

export type OrderMove = {
  move: OrderMoveName;
  from: OrderState;
  by: readonly OrderActor[];
  to: OrderState;
  stock: StockEffect;
  money: MoneyEffect;
};

/**
 * Every move an order may make. Any move not listed here — from that state, by that actor — is
 * refused. The SQL's guarded updates take their `WHERE status …` from `fromStates()`, and a test
 * fails when the database's idea of a state disagrees with this table.
 */
export const orderMoves: readonly OrderMove[] = [
  {
    move: 'cancel',
    from: 'unpaid',
    by: ['buyer', 'shop'],
    to: 'cancelled',
    stock: 'returned',
    money: 'card payment stopped, transfers received owed back',
  },
  {
    move: 'expire',
    from: 'unpaid',
    by: ['scheduler', 'buyer', 'shop'],
    to: 'cancelled',
    stock: 'returned',
    money: 'transfers received owed back',
  },
  {
    move: 'pay by card',
    from: 'unpaid',
    by: ['provider'],
    to: 'paid',
    stock: 'kept',
    money: 'card charged the amount due',
  },
  {
    move: 'record transfer',
    from: 'unpaid',
    by: ['shop'],
    to: 'unpaid',
    stock: 'kept',
    money: 'transfer counted towards the amount due',
  },
  {
    move: 'complete transfer',
    from: 'unpaid',
    by: ['shop'],
    to: 'paid',
    stock: 'kept',
    money: 'transfer counted towards the amount due',
  },
  {
    move: 'switch payment method',
    from: 'unpaid',
    by: ['buyer', 'shop'],
    to: 'unpaid',
    stock: 'kept',
    money: 'none',
  },
  { move: 'ship', from: 'paid', by: ['shop'], to: 'shipped', stock: 'none', money: 'none' },
  {
    move: 'cancel',
    from: 'paid',
    by: ['shop'],
    to: 'cancelled',
    stock: 'returned',
    money: 'refunded in full',
  },
  {
    move: 'refund',
    from: 'cancelled',
    by: ['shop', 'scheduler'],
    to: 'cancelled',
    stock: 'none',
    money: 'card refunded',
  },
  {
    move: 'refund late payment',
    from: 'cancelled',
    by: ['provider'],
    to: 'cancelled',
    stock: 'none',
    money: 'card refunded',
  },
  {
    move: 'record transfer',
    from: 'paid',
    by: ['shop'],
    to: 'paid',
    stock: 'none',
    money: 'recorded and owed back',
  },
  {
    move: 'record transfer',
    from: 'shipped',
    by: ['shop'],
    to: 'shipped',
    stock: 'none',
    money: 'recorded and owed back',
  },
  {
    move: 'record transfer',
    from: 'cancelled',
    by: ['shop'],
    to: 'cancelled',
    stock: 'none',
    money: 'recorded and owed back',
  },
];

/** The move `move` from `from` by `by`, or null when the table does not allow it. */
export function findMove(move: OrderMoveName, from: OrderState, by: OrderActor): OrderMove | null {
  return orderMoves.find((m) => m.move === move && m.from === from && m.by.includes(by)) ?? null;
}

/** The states `move` may start from (by anyone, or by `by`): the SQL's guarded updates use these. */
export function fromStates(move: OrderMoveName, by?: OrderActor): OrderState[] {
  const states = orderMoves.filter((m) => m.move === move && (!by || m.by.includes(by))).map((m) => m.from);
  return [...new Set(states)];
}

/** Paid means the money arrived: paid or already shipped. SQL's copy: `order_status_paid()`. */
export const isPaid = (status: OrderState): boolean =>
  (paidStatuses as readonly OrderState[]).includes(status);

/** The facts of an order the questions below need; the server's rows and the API's orders both have them. */
export type OrderFacts = {
  status: OrderState;
  paymentMethod: 'card' | 'transfer';
  paidAt: Date | string | null;
  transactionId: string | null;
  refundedAt: Date | string | null;
  holdUntil: Date | string;
};

const time = (at: Date | string) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

/** Still unpaid and waiting for its money: its hold has not run out. */
export const isAwaitingPayment = (o: Pick<OrderFacts, 'status' | 'holdUntil'>, now: Date): boolean =>
  o.status === 'unpaid' && time(o.holdUntil) > now.getTime();

/** Unpaid and its hold ran out, but the scheduler has not released it yet: shown as expired. */
export const isOverdue = (o: Pick<OrderFacts, 'status' | 'holdUntil'>, now: Date): boolean =>
  o.status === 'unpaid' && time(o.holdUntil) <= now.getTime();

/** May the shop ship it: paid and not shipped yet. */
export const mayShip = (o: Pick<OrderFacts, 'status'>): boolean =>
  findMove('ship', o.status, 'shop') !== null;

/**
 * A paid order the shop cancelled whose card refund did not go through (the provider failed):
 * cancelled, its stock back, its money not yet returned. The shop's "cancel" again makes the refund.
 */
export const owesCardRefund = (
  o: Pick<OrderFacts, 'status' | 'paidAt' | 'transactionId' | 'refundedAt'>,
): boolean =>
  o.status === 'cancelled' && o.paidAt !== null && o.transactionId !== null && o.refundedAt === null;

/** May `by` cancel it: the buyer an unpaid order; the shop an unpaid or paid one, or one whose refund is owed. */
export const mayCancel = (
  o: Pick<OrderFacts, 'status' | 'paidAt' | 'transactionId' | 'refundedAt'>,
  by: OrderActor,
): boolean => findMove('cancel', o.status, by) !== null || (by === 'shop' && owesCardRefund(o));

/** Paid by card (a provider's payment settled it), as opposed to money recorded by transfer. */
const paidByCard = (o: Pick<OrderFacts, 'paidAt' | 'transactionId'>): boolean =>
  o.paidAt !== null && o.transactionId !== null;

/** Money the shop has in hand for an order, which a cancel gives back in full: how it goes back. */
export const refundWay = (o: Pick<OrderFacts, 'paidAt' | 'transactionId'>): 'card' | 'transfer' =>
  paidByCard(o) ? 'card' : 'transfer';

/** Why a payment way cannot be chosen for an order, or null when it can. */
export type PaymentRefusal =
  | 'not unpaid'
  | 'cancelled'
  | 'no bank transfer'
  | 'over the card limit'
  | 'partly paid by transfer'
  | 'transfer chosen';

/**
 * May the order be switched to `to` (at checkout the order is new and unpaid): only while it is
 * unpaid; transfer only when the shop takes transfers; card only within the card limit and before
 * any transfer arrived.
 */
export function paymentMethodRefusal(
  o: Pick<OrderFacts, 'status'>,
  to: 'card' | 'transfer',
  money: { amountDueCents: number; transferPaidCents: number; bankTransfer: boolean },
): PaymentRefusal | null {
  if (findMove('switch payment method', o.status, 'buyer') === null)
    return o.status === 'cancelled' ? 'cancelled' : 'not unpaid';
  if (to === 'transfer') return money.bankTransfer ? null : 'no bank transfer';
  if (money.amountDueCents > MAX_ORDER_CENTS) return 'over the card limit';
  if (money.transferPaidCents > 0) return 'partly paid by transfer';
  return null;
}

/** May the buyer pay it by card now: unpaid, card chosen, within the card limit. */
export function cardPaymentRefusal(
  o: Pick<OrderFacts, 'status' | 'paymentMethod'>,
  amountDueCents: number,
): PaymentRefusal | null {
  if (findMove('pay by card', o.status, 'provider') === null)
    return o.status === 'cancelled' ? 'cancelled' : 'not unpaid';
  if (o.paymentMethod === 'transfer') return 'transfer chosen';
  if (amountDueCents > MAX_ORDER_CENTS) return 'over the card limit';
  return null;
}

/** A card payment settles an order only when it is for exactly what the order owes. */
export const cardPaymentSettles = (paidCents: number, amountDueCents: number): boolean =>
  paidCents === amountDueCents;

/** Is a transfer order partly paid: unpaid, some money arrived, not all of it. */
export const isPartlyPaid = (status: OrderState, paidCents: number, dueCents: number): boolean =>
  status === 'unpaid' && paidCents > 0 && paidCents < dueCents;

/**
 * What a payment of `amountCents` recorded by an admin does: how much counts towards the amount
 * due, how much the shop owes back, and whether it completes the payment. Only an unpaid order
 * counts money, up to what is still due; on any other state it is all owed back.
 */
export function applyTransfer(
  order: { status: OrderState; amountDueCents: number; transferPaidCents: number },
  amountCents: number,
): { countedCents: number; refundCents: number; completes: boolean } {
  if (findMove('record transfer', order.status, 'shop')?.money !== 'transfer counted towards the amount due')
    return { countedCents: 0, refundCents: amountCents, completes: false };
  const left = Math.max(0, order.amountDueCents - order.transferPaidCents);
  const countedCents = Math.min(amountCents, left);
  return {
    countedCents,
    refundCents: amountCents - countedCents,
    completes: order.transferPaidCents + countedCents >= order.amountDueCents,
  };
}

const DAY_MS = 86_400_000;

/**
 * When an order's hold ends: placed plus the card hold, or plus the transfer hold days. Switching
 * the way to pay never lengthens a hold: the new end is the earlier of the current one and what
 * the new way would give.
 */
export function holdEnd(
  placedAt: Date,
  method: 'card' | 'transfer',
  holds: { cardHoldMs: number; transferHoldDays: number },
  current?: Date,
): Date {
  const end = new Date(
    placedAt.getTime() + (method === 'transfer' ? holds.transferHoldDays * DAY_MS : holds.cardHoldMs),
  );
  return current && current < end ? current : end;
}
