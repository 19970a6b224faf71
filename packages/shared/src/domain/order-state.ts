import { MAX_ORDER_CENTS } from './money';
import { type OrderStatusName, orderStatuses, paymentMethods } from './orders';

/**
 * One state machine for an order and its money (docs/rules.md, "Order states"). Every question the
 * server, the web and the SQL ask of an order — may it be shipped, cancelled by this actor, paid
 * by card or by transfer; does the shop owe a refund; is it partly paid; when does its hold end —
 * is a function here, so a new way to pay or a new state is a row of `orderMoves` and nothing
 * else compares state words. Free of zod, so the browser's first download can use it.
 */

export type OrderState = OrderStatusName;
export const orderStates = orderStatuses;

/**
 * Who moves an order: its buyer, the shop (an admin), the scheduler, the payment provider, or the
 * owner of the company its buyer ordered as a member of (decision 0067).
 */
export const orderActors = ['buyer', 'shop', 'scheduler', 'provider', 'owner'] as const;
export type OrderActor = (typeof orderActors)[number];

/** What a move does to the stock the order holds. */
type StockEffect = 'kept' | 'returned' | 'none';

/** What a move does to the order's money. */
export type MoneyEffect =
  | 'none'
  | 'card payment stopped, transfers received owed back'
  | 'transfers received owed back'
  | 'card charged the amount due'
  | 'transfer counted towards the amount due'
  | 'refunded in full'
  | 'card refunded'
  | 'recorded and owed back'
  | 'paid through its statement'
  | 'owed again on its statement';

export type OrderMoveName =
  | 'cancel'
  | 'expire'
  | 'pay by card'
  | 'record transfer'
  | 'complete transfer'
  | 'switch payment method'
  | 'ship'
  | 'refund'
  | 'refund late payment'
  | 'approve'
  | 'approve on account'
  | 'decline'
  | 'settle'
  | 'unsettle';

export type OrderMove = {
  move: OrderMoveName;
  from: OrderState;
  by: readonly OrderActor[];
  to: OrderState;
  stock: StockEffect;
  money: MoneyEffect;
  /** The ways of paying of the orders that may make it; any order, when absent. */
  ways?: readonly PayWay[];
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
  // On account (decision 0067): accepted at once, shipped before any payment, owed on the
  // company's account; cancelled before it ships with nothing to give back.
  {
    move: 'cancel',
    from: 'on_account',
    by: ['buyer', 'shop'],
    to: 'cancelled',
    stock: 'returned',
    money: 'none',
  },
  { move: 'ship', from: 'on_account', by: ['shop'], to: 'account_shipped', stock: 'none', money: 'none' },
  // Paid through its company's statement (decision 0069): once the money applied to the statement
  // that bills it covers the statement, the order is paid and shipped, owed no more.
  {
    move: 'settle',
    from: 'account_shipped',
    by: ['shop'],
    to: 'shipped',
    stock: 'none',
    money: 'paid through its statement',
    ways: ['account'],
  },
  // A payment recorded by mistake and reversed (its applications undone): an order it had settled
  // whose statement is no longer paid in full is owed on the company's account again. Only an
  // order on account, on a statement, moves so: a card or transfer order shipped never does.
  {
    move: 'unsettle',
    from: 'shipped',
    by: ['shop'],
    to: 'account_shipped',
    stock: 'none',
    money: 'owed again on its statement',
    ways: ['account'],
  },
  // Above the member's spending limit (decision 0067): it holds its stock and waits for the company
  // owner, who approves it (it then waits for its money, or is accepted on account) or declines it.
  { move: 'approve', from: 'awaiting_approval', by: ['owner'], to: 'unpaid', stock: 'kept', money: 'none' },
  {
    move: 'approve on account',
    from: 'awaiting_approval',
    by: ['owner'],
    to: 'on_account',
    stock: 'kept',
    money: 'none',
  },
  {
    move: 'decline',
    from: 'awaiting_approval',
    by: ['owner', 'shop'],
    to: 'cancelled',
    stock: 'returned',
    money: 'none',
  },
  {
    move: 'cancel',
    from: 'awaiting_approval',
    by: ['buyer', 'shop'],
    to: 'cancelled',
    stock: 'returned',
    money: 'none',
  },
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

/**
 * The states `move` may start from (by anyone, or by `by`; with that effect on money, when given):
 * the SQL's guarded updates use these.
 */
export function fromStates(move: OrderMoveName, by?: OrderActor, money?: MoneyEffect): OrderState[] {
  const states = orderMoves
    .filter((m) => m.move === move && (!by || m.by.includes(by)) && (!money || m.money === money))
    .map((m) => m.from);
  return [...new Set(states)];
}

/** Whether an order paid `way` may make `move` (the table's row names the ways, or allows any). */
export const mayMake = (move: OrderMove, way: PayWay): boolean => !move.ways || move.ways.includes(way);

/** The ways of paying of the orders `move` may move: the SQL's guarded updates use these too. */
export const waysOf = (move: OrderMoveName): PayWay[] => [
  ...new Set(orderMoves.filter((m) => m.move === move).flatMap((m) => m.ways ?? paymentMethods)),
];

/** Where an order paid through its company's statement goes (the `settle` move's end). */
export const settledState: OrderState = orderMoves.find((m) => m.move === 'settle')?.to ?? 'shipped';

/** Where a settled order goes when the payment that settled it is reversed (the `unsettle` move's end). */
export const unsettledState: OrderState =
  orderMoves.find((m) => m.move === 'unsettle')?.to ?? 'account_shipped';

/**
 * The state an order starts in, by the way it is paid: on account an order is accepted at once
 * (`on_account`, holding its stock, never expiring); any other way waits for its money (`unpaid`).
 */
export const placedState = (way: PayWay): OrderState => (isOnAccount(way) ? 'on_account' : 'unpaid');

/**
 * The states whose amount due is owed on the company's account (its open balance, decision 0067):
 * accepted on account and not shipped, or shipped and not yet paid. SQL's copy is in
 * `place_orders`; orders/on-account.test.ts sums the balance with this one.
 */
export const owedOnAccountStates = ['on_account', 'account_shipped'] as const satisfies readonly OrderState[];

/** The move that approves an order awaiting approval, by its way to pay: on account it is accepted at once. */
export const approveMove = (way: PayWay): OrderMoveName =>
  isOnAccount(way) ? 'approve on account' : 'approve';

/** Does it wait for its company owner's approval (above its buyer's spending limit). */
export const isAwaitingApproval = (o: { status: OrderState }): boolean => o.status === 'awaiting_approval';

/** Is its amount due owed on the company's account (`owedOnAccountStates`). */
export const isOwedOnAccount = (o: { status: OrderState }): boolean =>
  (owedOnAccountStates as readonly OrderState[]).includes(o.status);

/**
 * Does its amount due count on its company's open balance (what its credit limit is judged on,
 * decision 0067): owed on account, or awaiting approval on account. SQL's copy is the orders'
 * trigger keeping `companies.owed_minor` (migration 0049); db/company-balance.test.ts fails when
 * they differ.
 */
export const countsOnCompanyBalance = (o: { status: OrderState; paymentMethod: PayWay }): boolean =>
  isOwedOnAccount(o) || (isAwaitingApproval(o) && isOnAccount(o.paymentMethod));

/**
 * Paid means the money arrived: the order is paid (the admin's "Pending") or already shipped.
 * SQL's copy is `order_status_paid()` (migration 0010); a test fails when they differ.
 */
export const paidStatuses = ['paid', 'shipped'] as const satisfies readonly OrderState[];

/** Paid means the money arrived: paid or already shipped. SQL's copy: `order_status_paid()`. */
export const isPaid = (status: OrderState): boolean =>
  (paidStatuses as readonly OrderState[]).includes(status);

/** Still waiting for its money (its hold may have run out): the buyer may still pay or cancel it. */
export const isUnpaid = (o: { status: OrderState }): boolean => o.status === 'unpaid';

/**
 * Does it count towards its buyer's unpaid caps and the half-of-stock rule (SQL's copy is in
 * `place_orders`): unpaid, or awaiting approval and not on account (on account it counts towards
 * the company's credit limit instead).
 */
export const countsAsUnpaid = (o: { status: OrderState; paymentMethod: PayWay }): boolean =>
  isUnpaid(o) || (o.status === 'awaiting_approval' && !isOnAccount(o.paymentMethod));

/** Cancelled: by its buyer, the shop, or a hold that ran out. */
export const isCancelled = (o: { status: OrderState }): boolean => o.status === 'cancelled';

/** The states of an order that left the workshop: paid and shipped, or shipped on account. */
const shippedStates = ['shipped', 'account_shipped'] as const satisfies readonly OrderState[];

/** Shipped: it left the workshop (paid, or on account and not yet paid). */
export const isShipped = (o: { status: OrderState }): boolean =>
  (shippedStates as readonly OrderState[]).includes(o.status);

/** The state `move` into `to` starts from (the first the table lists), or null: what an audit entry names as before. */
export const movedFrom = (move: OrderMoveName, to: OrderState): OrderState | null =>
  orderMoves.find((m) => m.move === move && m.to === to)?.from ?? null;

/**
 * May its buyer review the tools it holds (decision 0058): once it has been shipped, when the
 * tools are on their way or with the buyer; not before (nothing received), not once cancelled.
 * The server asks the states with `toolReviewStates`; the order's page asks this.
 */
export const toolReviewStates = ['shipped'] as const satisfies readonly OrderState[];

/** May its buyer review its tools: shipped (`toolReviewStates`). */
export const mayReviewTools = (o: Pick<OrderFacts, 'status'>): boolean =>
  (toolReviewStates as readonly OrderState[]).includes(o.status);

/**
 * How an order is paid: by card through the payment provider, by bank transfer recorded by an
 * admin, or on its company's account (paid later through the company's statement).
 */
export type PayWay = 'card' | 'transfer' | 'account';

/** Is this way the company's account (decision 0067). */
export const isOnAccount = (way: PayWay | undefined): boolean => way === 'account';

/** Is this way (an order's `paymentMethod`, a payment's `method`, a refund's way) a bank transfer. */
export const isTransfer = (way: PayWay | undefined): boolean => way === 'transfer';

/** Is this way a card payment through the provider. */
export const isCard = (way: PayWay): boolean => way === 'card';

/**
 * A payment as the order's page lists it: a card payment that was refunded later is still money
 * the order received (its receipt stays as issued); one that failed or is pending is not.
 */
export const paymentReceived = (p: { status: string }): boolean =>
  p.status === 'succeeded' || p.status === 'refunded';

/** A card payment given back to its card. */
export const paymentRefunded = (p: { status: string }): boolean => p.status === 'refunded';

/**
 * The state whose documents an order has (docs/orders.md, "Documents"). A document once issued
 * stays downloadable: an order cancelled after it was paid keeps its paid documents (the refund
 * does not unmake them); one cancelled unpaid has none.
 */
export const documentState = (o: { status: OrderState; paidAt: Date | string | null }): OrderState | null =>
  !isCancelled(o) ? o.status : o.paidAt ? 'paid' : null;

/** The facts of an order the questions below need; the server's rows and the API's orders both have them. */
export type OrderFacts = {
  status: OrderState;
  paymentMethod: PayWay;
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

/** May the shop ship it: paid, or on account, and not shipped yet. */
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

/**
 * May `by` cancel it: the buyer an unpaid or on-account one; the shop those, a paid one, or one
 * whose refund is owed.
 */
export const mayCancel = (
  o: Pick<OrderFacts, 'status' | 'paidAt' | 'transactionId' | 'refundedAt'>,
  by: OrderActor,
): boolean => findMove('cancel', o.status, by) !== null || (by === 'shop' && owesCardRefund(o));

/**
 * Is the shop's cancel of this order one before any money is in hand: an unpaid order (its card
 * payment stopped) or one on account (nothing to give back). Its stock goes back with it.
 */
export const cancelsBeforeMoney = (o: Pick<OrderFacts, 'status'>): boolean => {
  const money = findMove('cancel', o.status, 'shop')?.money;
  return money === 'card payment stopped, transfers received owed back' || money === 'none';
};

/** Does the shop's cancel of this order give its money back in full (it is paid, not shipped). */
export const cancelRefunds = (o: Pick<OrderFacts, 'status'>): boolean =>
  findMove('cancel', o.status, 'shop')?.money === 'refunded in full';

/**
 * Whether money received by bank transfer can be recorded on an order: an unpaid one (its buyer
 * may pay it so), a transfer order whatever became of it (late money is owed back), or a cancelled
 * card order never paid. Not on an order paid by card (paid, shipped, or cancelled and refunded):
 * its buyer never had a reason to transfer, and the card's money is given back through the card.
 */
export const takesTransfer = (order: {
  status: OrderState;
  paymentMethod: PayWay;
  paidAt: unknown;
  refundedAt: unknown;
}): boolean =>
  findMove('record transfer', order.status, 'shop') !== null &&
  (isUnpaid(order) || isTransfer(order.paymentMethod) || (order.paidAt == null && order.refundedAt == null));

/** Paid by card (a provider's payment settled it), as opposed to money recorded by transfer. */
const paidByCard = (o: Pick<OrderFacts, 'paidAt' | 'transactionId'>): boolean =>
  o.paidAt !== null && o.transactionId !== null;

/** Money the shop has in hand for an order, which a cancel gives back in full: how it goes back. */
export const refundWay = (o: Pick<OrderFacts, 'paidAt' | 'transactionId'>): PayWay =>
  paidByCard(o) ? 'card' : 'transfer';

/** Why a payment way cannot be chosen for an order, or null when it can. */
export type PaymentRefusal =
  | 'not unpaid'
  | 'cancelled'
  | 'no bank transfer'
  | 'over the card limit'
  | 'partly paid by transfer'
  | 'transfer chosen'
  | 'too late for transfer';

/** Bank transfer is offered only by a shop that takes transfers. */
export const transferRefused = (way: PayWay, bankTransfer: boolean): boolean =>
  isTransfer(way) && !bankTransfer;

/** A card carries no more than the card limit: above it only a transfer pays the order. */
export const overCardLimit = (way: PayWay, amountDueCents: number): boolean =>
  isCard(way) && amountDueCents > MAX_ORDER_CENTS;

/**
 * May the order be switched to `to`: only while it is unpaid; transfer only when the shop takes
 * transfers and (given `hold`) while the switch is still offered (`switchHoldEnd`); card only
 * within the card limit and before any transfer arrived.
 */
export function paymentMethodRefusal(
  o: Pick<OrderFacts, 'status'>,
  to: PayWay,
  money: { amountDueCents: number; transferPaidCents: number; bankTransfer: boolean },
  hold?: { createdAt: Date; holdUntil: Date; transferHoldDays: number; now: Date },
): PaymentRefusal | null {
  if (findMove('switch payment method', o.status, 'buyer') === null)
    return isCancelled(o) ? 'cancelled' : 'not unpaid';
  if (transferRefused(to, money.bankTransfer)) return 'no bank transfer';
  if (overCardLimit(to, money.amountDueCents)) return 'over the card limit';
  if (isCard(to) && money.transferPaidCents > 0) return 'partly paid by transfer';
  if (hold && switchHoldEnd(hold, to, hold.transferHoldDays, hold.now) === null)
    return 'too late for transfer';
  return null;
}

/** A refusal that comes from the order's state (it is no longer unpaid), not from the way asked. */
export const refusedForState = (r: PaymentRefusal | null): r is 'not unpaid' | 'cancelled' =>
  r === 'not unpaid' || r === 'cancelled';

/** May the buyer pay it by card now: unpaid, card chosen, within the card limit. */
export function cardPaymentRefusal(
  o: Pick<OrderFacts, 'status' | 'paymentMethod'>,
  amountDueCents: number,
): PaymentRefusal | null {
  if (findMove('pay by card', o.status, 'provider') === null)
    return isCancelled(o) ? 'cancelled' : 'not unpaid';
  if (isTransfer(o.paymentMethod)) return 'transfer chosen';
  if (overCardLimit('card', amountDueCents)) return 'over the card limit';
  return null;
}

/** A card payment settles an order only when it is for exactly what the order owes. */
export const cardPaymentSettles = (paidCents: number, amountDueCents: number): boolean =>
  paidCents === amountDueCents;

/** Is a transfer order partly paid: unpaid, some money arrived, not all of it. */
export const isPartlyPaid = (status: OrderState, paidCents: number, dueCents: number): boolean =>
  isUnpaid({ status }) && paidCents > 0 && paidCents < dueCents;

/**
 * Money recorded on an unpaid card order means its buyer pays by transfer: recording it makes the
 * order a transfer order (its hold as `switchHoldEnd` would give, never shorter).
 */
export const transferSwitchesToTransfer = (o: Pick<OrderFacts, 'status' | 'paymentMethod'>): boolean =>
  isUnpaid(o) && isCard(o.paymentMethod);

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

/** When an order placed at `placedAt` to be paid by `way` holds its stock until: the card hold, or the transfer hold days. */
export function holdEnd(
  placedAt: Date,
  way: PayWay,
  holds: { cardHoldMs: number; transferHoldDays: number },
): Date {
  // On account nothing waits for money: no hold runs out (its state never expires).
  if (isOnAccount(way)) return placedAt;
  return new Date(
    placedAt.getTime() + (isTransfer(way) ? holds.transferHoldDays * DAY_MS : holds.cardHoldMs),
  );
}

/**
 * The hold an unpaid order gets by switching its way to pay to `to` (docs/decisions/0042), or null
 * when that switch is no longer offered. To transfer: placed plus the transfer hold days, never
 * shorter than it has — a switch that lengthens the hold only while more than half of the current
 * hold is left, so a buyer cannot wait for their card hold to run out and then stretch it. To card:
 * the hold stays as it is (never longer than a transfer order placed as one gets).
 */
export function switchHoldEnd(
  order: { createdAt: Date; holdUntil: Date },
  to: PayWay,
  transferHoldDays: number,
  now: Date,
): Date | null {
  if (isCard(to)) return order.holdUntil;
  const transferHold = holdEnd(order.createdAt, 'transfer', { cardHoldMs: 0, transferHoldDays });
  if (transferHold <= order.holdUntil) return order.holdUntil;
  const left = order.holdUntil.getTime() - now.getTime();
  const length = order.holdUntil.getTime() - order.createdAt.getTime();
  return left * 2 > length ? transferHold : null;
}

/**
 * Monthly statements (decision 0069). Where a statement stands: paid, partly paid, open (nothing
 * received yet), or overdue (past its due date, not fully paid).
 */
export const statementStates = ['paid', 'partly_paid', 'open', 'overdue'] as const;
export type StatementState = (typeof statementStates)[number];

/**
 * A statement's state from what it bills for its period (its orders with their tax), the money
 * applied to it, what the statements before it still owe (`olderUnpaidMinor`: money it carries
 * forward and asks for again) and its due date against `today` (the shop's day): paid only when
 * its own orders and everything it carries are paid; overdue from the day after its due date.
 */
export function statementState(
  s: { ordersTotalMinor: number; appliedMinor: number; olderUnpaidMinor: number; dueOn: string },
  today: string,
): StatementState {
  if (s.appliedMinor >= s.ordersTotalMinor && s.olderUnpaidMinor <= 0) return 'paid';
  if (today > s.dueOn) return 'overdue';
  return s.appliedMinor > 0 ? 'partly_paid' : 'open';
}

/*
 * Quotes (見積書, docs/orders.md, "Quotes"): the shop's answer to a request, open until its buyer
 * accepts or declines it, the shop withdraws it, or the scheduler expires it at its valid-until
 * time. The same kind of table as the orders': any move not listed is refused, and the server's
 * guarded updates take their `WHERE state …` from `quoteFromStates`.
 */

export const quoteStates = ['open', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type QuoteState = (typeof quoteStates)[number];

/** Who moves a quote: its buyer, the shop (an admin), or the scheduler. */
export const quoteActors = ['buyer', 'shop', 'scheduler'] as const;
export type QuoteActor = (typeof quoteActors)[number];

export type QuoteMoveName = 'accept' | 'decline' | 'withdraw' | 'expire';

/**
 * What a move does to the stock a holding quote took when it was made: it becomes the order's
 * (taken once: the quote's hold is given back and the order takes it in the same transaction),
 * or it goes back on sale. A quote that holds no stock has none to move.
 */
type QuoteStockEffect = 'becomes the order' | 'returned';

/**
 * What a move does to the request for a quote the quote answered: a withdrawn quote gives it back
 * to the shop's inbox, open, to be answered again; after any other it stays answered (and reads
 * closed once the quote was accepted, declined or has expired: `quoteRequestStateAt`).
 */
type QuoteRequestEffect = 'reopened' | 'kept';

export type QuoteMove = {
  move: QuoteMoveName;
  from: QuoteState;
  by: readonly QuoteActor[];
  to: QuoteState;
  stock: QuoteStockEffect;
  request: QuoteRequestEffect;
};

/** Every move a quote may make: all from `open`, each by its one actor. */
export const quoteMoves: readonly QuoteMove[] = [
  {
    move: 'accept',
    from: 'open',
    by: ['buyer'],
    to: 'accepted',
    stock: 'becomes the order',
    request: 'kept',
  },
  { move: 'decline', from: 'open', by: ['buyer'], to: 'declined', stock: 'returned', request: 'kept' },
  { move: 'withdraw', from: 'open', by: ['shop'], to: 'withdrawn', stock: 'returned', request: 'reopened' },
  { move: 'expire', from: 'open', by: ['scheduler'], to: 'expired', stock: 'returned', request: 'kept' },
];

/** The move `move` from `from` by `by`, or null when the table does not allow it. */
export function findQuoteMove(move: QuoteMoveName, from: QuoteState, by: QuoteActor): QuoteMove | null {
  return quoteMoves.find((m) => m.move === move && m.from === from && m.by.includes(by)) ?? null;
}

/** The states `move` may start from (the guarded updates' `WHERE state IN …`). */
export const quoteFromStates = (move: QuoteMoveName): QuoteState[] => [
  ...new Set(quoteMoves.filter((m) => m.move === move).map((m) => m.from)),
];

/** The state `move` leads to (every move has one). */
export const quoteMovedTo = (move: QuoteMoveName): QuoteState => {
  const found = quoteMoves.find((m) => m.move === move);
  if (!found) throw new Error(`no quote move ${move}`);
  return found.to;
};

/** Still open: its buyer may accept or decline it, the shop withdraw it. */
const isQuoteOpen = (q: { state: QuoteState }): boolean => q.state === 'open';

/**
 * An open quote whose valid-until time has passed, which the scheduler has not expired yet: it is
 * shown, and refused, as expired.
 */
export const isQuoteLapsed = (q: { state: QuoteState; validUntil: Date | string }, now: Date): boolean =>
  isQuoteOpen(q) && time(q.validUntil) <= now.getTime();

/** The state a quote is in for its readers at `now`: an open one past its time is expired. */
export const quoteStateAt = (q: { state: QuoteState; validUntil: Date | string }, now: Date): QuoteState =>
  isQuoteLapsed(q, now) ? 'expired' : q.state;

/** Does a quote in this state hold its stock (a holding quote, while it is open). */
export const quoteHoldsStock = (q: { state: QuoteState; holdsStock: boolean }): boolean =>
  q.holdsStock && isQuoteOpen(q);

/** The states in which a holding quote holds its stock (and counts as an unpaid order of its buyer's). */
export const quoteHoldingStates = ['open'] as const satisfies readonly QuoteState[];

/**
 * The states of an order that count towards its buyer's unpaid caps and the half-of-stock rule
 * (`countsAsUnpaid`): `always`, and `unlessOnAccount` when it is not on account. For SQL that
 * counts them outside place_orders (a holding quote's judgement).
 */
export const unpaidCountingStates = {
  always: ['unpaid'],
  unlessOnAccount: ['awaiting_approval'],
} as const satisfies Record<string, readonly OrderState[]>;

/** Open as its reader sees it (`state` as read, already expired when past its time): may still be accepted. */
export const isQuoteOpenNow = (q: { state: QuoteState }): boolean => isQuoteOpen(q);

/*
 * Requests for a quote (見積依頼): stored `open` until the shop answers one with a quote, then
 * `answered`; a quote withdrawn puts its request back to `open` (the move's `request` effect), so
 * the shop answers it again. Only an open request is answered: one open quote per request at most.
 * Its readers see it with its latest quote's fate: `closed` once that quote was accepted, declined
 * or has expired (by the scheduler, or past its time already).
 */

/** The states a request is stored in (the table's check). */
export const quoteRequestStoredStates = ['open', 'answered'] as const;
export type QuoteRequestStoredState = (typeof quoteRequestStoredStates)[number];

/** The states a request reads as. */
export const quoteRequestStates = ['open', 'answered', 'closed'] as const;
export type QuoteRequestState = (typeof quoteRequestStates)[number];

/** The two moves of a stored request (its guarded updates' `WHERE status …` and `SET status`). */
export const quoteRequestMoves = {
  /** The shop answers it with a quote. */
  answer: { from: ['open'], to: 'answered' },
  /** Its quote was withdrawn (a move whose `request` is `reopened`). */
  reopen: { from: ['answered'], to: 'open' },
} as const satisfies Record<
  string,
  { from: readonly QuoteRequestStoredState[]; to: QuoteRequestStoredState }
>;

/** Does `move` of a quote put the request it answered back to open. */
export const quoteMoveReopensRequest = (move: QuoteMoveName): boolean =>
  quoteMoves.some((m) => m.move === move && m.request === 'reopened');

/** The states a request counts among its buyer's open ones in (the 20-open limit). */
export const quoteRequestOpenStates = ['open'] as const satisfies readonly QuoteRequestStoredState[];

/** The states of a quote in which it is still open (at most one per request). */
export const quoteOpenStates = ['open'] as const satisfies readonly QuoteState[];

/** Does the shop's inbox offer to answer this request (stored open). */
export const isQuoteRequestAnswerable = (r: { status: QuoteRequestState }): boolean =>
  quoteRequestMoves.answer.from.some((s) => s === r.status);

/**
 * The state a request reads as at `now`, from its stored state and its latest quote (null: none):
 * open until answered; answered while that quote is open; closed once it was accepted, declined or
 * has expired (past its time, before the scheduler gets to it, too).
 */
export function quoteRequestStateAt(
  stored: QuoteRequestStoredState,
  latest: { state: QuoteState; validUntil: Date | string } | null,
  now: Date,
): QuoteRequestState {
  if (stored === 'open' || latest === null) return stored;
  const fate = quoteStateAt(latest, now);
  return fate === 'open' || fate === 'withdrawn' ? 'answered' : 'closed';
}
