import { describe, expect, it } from 'vitest';
import { MAX_ORDER_CENTS } from './money';
import {
  applyTransfer,
  approveMove,
  cardPaymentRefusal,
  cardPaymentSettles,
  findMove,
  findQuoteMove,
  fromStates,
  holdEnd,
  isAwaitingApproval,
  isAwaitingPayment,
  isOverdue,
  isOwedOnAccount,
  isPaid,
  isPartlyPaid,
  isQuoteLapsed,
  isQuoteRequestAnswerable,
  mayCancel,
  mayShip,
  type OrderActor,
  type OrderMoveName,
  orderActors,
  orderMoves,
  orderStates,
  owesCardRefund,
  paymentMethodRefusal,
  placedState,
  type QuoteMoveName,
  type QuoteState,
  quoteActors,
  quoteFromStates,
  quoteHoldsStock,
  quoteMovedTo,
  quoteMoveReopensRequest,
  quoteMoves,
  quoteRequestMoves,
  quoteRequestStateAt,
  quoteStateAt,
  quoteStates,
  refundWay,
  settledState,
  statementState,
  switchHoldEnd,
  unsettledState,
} from './order-state';

/**
 * Every move the shop allows, written out here on its own (not read from the table), as
 * "move: from → to by actors". The table must allow exactly these and refuse everything else.
 */
const allowed: Record<string, string> = {
  'cancel unpaid buyer': 'cancelled',
  'cancel unpaid shop': 'cancelled',
  'cancel paid shop': 'cancelled',
  'expire unpaid scheduler': 'cancelled',
  'expire unpaid buyer': 'cancelled',
  'expire unpaid shop': 'cancelled',
  'pay by card unpaid provider': 'paid',
  'record transfer unpaid shop': 'unpaid',
  'complete transfer unpaid shop': 'paid',
  'record transfer paid shop': 'paid',
  'record transfer shipped shop': 'shipped',
  'record transfer cancelled shop': 'cancelled',
  'switch payment method unpaid buyer': 'unpaid',
  'switch payment method unpaid shop': 'unpaid',
  'ship paid shop': 'shipped',
  'refund cancelled shop': 'cancelled',
  'refund cancelled scheduler': 'cancelled',
  'refund late payment cancelled provider': 'cancelled',
  'cancel on_account buyer': 'cancelled',
  'cancel on_account shop': 'cancelled',
  'ship on_account shop': 'account_shipped',
  'settle account_shipped shop': 'shipped',
  'unsettle shipped shop': 'account_shipped',
  'approve awaiting_approval owner': 'unpaid',
  'approve on account awaiting_approval owner': 'on_account',
  'decline awaiting_approval owner': 'cancelled',
  'decline awaiting_approval shop': 'cancelled',
  'cancel awaiting_approval buyer': 'cancelled',
  'cancel awaiting_approval shop': 'cancelled',
};

const moveNames = [...new Set(orderMoves.map((m) => m.move))] as OrderMoveName[];
const every = moveNames.flatMap((move) =>
  orderStates.flatMap((from) =>
    orderActors.map((by) => [move, from, by] as [OrderMoveName, typeof from, OrderActor]),
  ),
);

describe('the order-state table', () => {
  it.each(every)('%s from %s by %s: allowed exactly when listed, to the listed state', (move, from, by) => {
    const found = findMove(move, from, by);
    const expected = allowed[`${move} ${from} ${by}`];
    if (expected === undefined) expect(found).toBeNull();
    else expect(found?.to).toBe(expected);
  });

  it('names every allowed move of the list above (no move forgotten in the table)', () => {
    const inTable = orderMoves.flatMap((m) => m.by.map((by) => `${m.move} ${m.from} ${by}`));
    expect(new Set(inTable)).toEqual(new Set(Object.keys(allowed)));
  });

  it('returns stock on every cancel and expiry, and takes none anywhere else', () => {
    for (const m of orderMoves) {
      expect(m.stock === 'returned').toBe(m.move === 'cancel' || m.move === 'expire' || m.move === 'decline');
    }
  });

  it('gives the states each move starts from, for the SQL guards', () => {
    expect(fromStates('cancel', 'buyer')).toEqual(['unpaid', 'on_account', 'awaiting_approval']);
    expect(fromStates('cancel', 'shop')).toEqual(['unpaid', 'on_account', 'awaiting_approval', 'paid']);
    expect(fromStates('cancel', undefined, 'none')).toEqual(['on_account', 'awaiting_approval']);
    expect(fromStates('approve')).toEqual(['awaiting_approval']);
    expect(fromStates('decline', 'shop')).toEqual(['awaiting_approval']);
    expect(fromStates('approve', 'shop')).toEqual([]);
    expect(fromStates('ship')).toEqual(['paid', 'on_account']);
    expect(fromStates('pay by card')).toEqual(['unpaid']);
    expect(fromStates('settle')).toEqual(['account_shipped']);
    expect(fromStates('unsettle')).toEqual(['shipped']);
    expect(fromStates('unsettle', 'owner')).toEqual([]);
  });

  it('a reversed payment moves a settled order back to owed, where settling it again starts', () => {
    expect(unsettledState).toBe('account_shipped');
    expect(fromStates('settle')).toContain(unsettledState);
    expect(isOwedOnAccount({ status: unsettledState })).toBe(true);
    expect(findMove('unsettle', settledState, 'shop')?.money).toBe('owed again on its statement');
  });
});

const order = (over: Partial<Parameters<typeof owesCardRefund>[0] & { status: string }> = {}) => ({
  status: 'unpaid' as const,
  paymentMethod: 'card' as const,
  paidAt: null,
  transactionId: null,
  refundedAt: null,
  holdUntil: '2026-12-08T00:00:00Z',
  ...over,
});

describe('questions asked of an order', () => {
  const now = new Date('2026-12-07T00:00:00Z');

  it('on account: placed accepted, owed until paid, never paid nor expiring, shipped and cancelled by the table', () => {
    expect(placedState('account')).toBe('on_account');
    expect(placedState('card')).toBe('unpaid');
    expect(placedState('transfer')).toBe('unpaid');
    expect(orderStates.filter((status) => isOwedOnAccount({ status }))).toEqual([
      'on_account',
      'account_shipped',
    ]);
    expect(isPaid('account_shipped')).toBe(false);
    expect(isPaid('on_account')).toBe(false);
    expect(fromStates('expire')).not.toContain('on_account');
    expect(mayShip({ status: 'on_account' })).toBe(true);
    expect(mayShip({ status: 'account_shipped' })).toBe(false);
    expect(mayCancel(order({ status: 'on_account' }), 'buyer')).toBe(true);
    expect(mayCancel(order({ status: 'account_shipped' }), 'shop')).toBe(false);
    expect(isAwaitingPayment({ status: 'on_account', holdUntil: '2000-01-01T00:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'on_account', holdUntil: '2000-01-01T00:00:00Z' }, now)).toBe(false);
  });

  it('awaiting approval: holds its stock, never expires, is not paid nor shipped, the buyer may cancel it', () => {
    const waiting = order({ status: 'awaiting_approval' });
    expect(fromStates('expire')).not.toContain('awaiting_approval');
    expect(isPaid('awaiting_approval')).toBe(false);
    expect(isOwedOnAccount({ status: 'awaiting_approval' })).toBe(false);
    expect(mayShip({ status: 'awaiting_approval' })).toBe(false);
    expect(mayCancel(waiting, 'buyer')).toBe(true);
    expect(mayCancel(waiting, 'shop')).toBe(true);
    expect(isAwaitingPayment({ status: 'awaiting_approval', holdUntil: '2100-01-01T00:00:00Z' }, now)).toBe(
      false,
    );
    expect(isOverdue({ status: 'awaiting_approval', holdUntil: '2000-01-01T00:00:00Z' }, now)).toBe(false);
    expect(
      paymentMethodRefusal(waiting, 'card', {
        amountDueCents: 100,
        transferPaidCents: 0,
        bankTransfer: true,
      }),
    ).toBe('not unpaid');
    expect(approveMove('card')).toBe('approve');
    expect(approveMove('transfer')).toBe('approve');
    expect(approveMove('account')).toBe('approve on account');
    expect(isAwaitingApproval(waiting)).toBe(true);
  });

  it('paid means paid or shipped', () => {
    expect(orderStates.filter(isPaid)).toEqual(['paid', 'shipped']);
  });

  it('ships only a paid order, or one on account', () => {
    expect(orderStates.filter((status) => mayShip({ status }))).toEqual(['paid', 'on_account']);
  });

  it('lets the buyer cancel only an unpaid, on-account or awaiting order, the shop those, a paid one or one owing its refund', () => {
    expect(orderStates.filter((status) => mayCancel(order({ status } as never), 'buyer'))).toEqual([
      'unpaid',
      'on_account',
      'awaiting_approval',
    ]);
    expect(orderStates.filter((status) => mayCancel(order({ status } as never), 'shop'))).toEqual([
      'unpaid',
      'paid',
      'on_account',
      'awaiting_approval',
    ]);
    const owing = order({ status: 'cancelled', paidAt: '2026-12-01', transactionId: 'pi_1' } as never);
    expect(owesCardRefund(owing)).toBe(true);
    expect(mayCancel(owing, 'shop')).toBe(true);
    expect(mayCancel(owing, 'buyer')).toBe(false);
    expect(owesCardRefund({ ...owing, refundedAt: '2026-12-02' })).toBe(false);
    // Money recorded by transfer is given back by the shop itself: no card refund is owed.
    expect(owesCardRefund({ ...owing, transactionId: null })).toBe(false);
    expect(refundWay(owing)).toBe('card');
    expect(refundWay({ ...owing, transactionId: null })).toBe('transfer');
  });

  it('says when an unpaid order waits for money and when its hold has run out', () => {
    expect(isAwaitingPayment(order(), now)).toBe(true);
    expect(isOverdue(order(), now)).toBe(false);
    const late = order({ holdUntil: '2026-12-06T00:00:00Z' } as never);
    expect(isAwaitingPayment(late, now)).toBe(false);
    expect(isOverdue(late, now)).toBe(true);
    expect(isOverdue(order({ status: 'paid', holdUntil: '2026-12-06T00:00:00Z' } as never), now)).toBe(false);
  });

  it('refuses card past the card limit, once a transfer arrived, or off an unpaid order', () => {
    const money = { amountDueCents: 1000, transferPaidCents: 0, bankTransfer: true };
    expect(paymentMethodRefusal(order(), 'card', money)).toBeNull();
    expect(paymentMethodRefusal(order(), 'transfer', money)).toBeNull();
    expect(paymentMethodRefusal(order(), 'transfer', { ...money, bankTransfer: false })).toBe(
      'no bank transfer',
    );
    expect(paymentMethodRefusal(order(), 'card', { ...money, amountDueCents: MAX_ORDER_CENTS + 1 })).toBe(
      'over the card limit',
    );
    expect(paymentMethodRefusal(order(), 'card', { ...money, transferPaidCents: 1 })).toBe(
      'partly paid by transfer',
    );
    expect(paymentMethodRefusal(order({ status: 'paid' } as never), 'card', money)).toBe('not unpaid');
    expect(paymentMethodRefusal(order({ status: 'cancelled' } as never), 'card', money)).toBe('cancelled');
  });

  it('takes a card payment only for an unpaid card order within the limit, and only of the amount due', () => {
    expect(cardPaymentRefusal(order(), 1000)).toBeNull();
    expect(cardPaymentRefusal(order({ paymentMethod: 'transfer' } as never), 1000)).toBe('transfer chosen');
    expect(cardPaymentRefusal(order(), MAX_ORDER_CENTS + 1)).toBe('over the card limit');
    expect(cardPaymentRefusal(order({ status: 'shipped' } as never), 1000)).toBe('not unpaid');
    expect(cardPaymentSettles(1000, 1000)).toBe(true);
    expect(cardPaymentSettles(900, 1000)).toBe(false);
    expect(cardPaymentSettles(1100, 1000)).toBe(false);
  });

  it('counts transfers towards an unpaid order only, up to what is due, the rest owed back', () => {
    const unpaid = { status: 'unpaid' as const, amountDueCents: 1000, transferPaidCents: 400 };
    expect(applyTransfer(unpaid, 500)).toEqual({ countedCents: 500, refundCents: 0, completes: false });
    expect(applyTransfer(unpaid, 700)).toEqual({ countedCents: 600, refundCents: 100, completes: true });
    for (const status of ['paid', 'shipped', 'cancelled'] as const)
      expect(applyTransfer({ ...unpaid, status }, 300)).toEqual({
        countedCents: 0,
        refundCents: 300,
        completes: false,
      });
    expect(isPartlyPaid('unpaid', 400, 1000)).toBe(true);
    expect(isPartlyPaid('unpaid', 0, 1000)).toBe(false);
    expect(isPartlyPaid('unpaid', 1000, 1000)).toBe(false);
    expect(isPartlyPaid('cancelled', 400, 1000)).toBe(false);
  });

  it('ends a hold after the card hold or the transfer days; a switch to transfer only early in the card hold', () => {
    const placed = new Date('2026-12-01T00:00:00Z');
    const holds = { cardHoldMs: 48 * 3_600_000, transferHoldDays: 7 };
    const card = holdEnd(placed, 'card', holds);
    const transfer = holdEnd(placed, 'transfer', holds);
    expect(card.toISOString()).toBe('2026-12-03T00:00:00.000Z');
    expect(transfer.toISOString()).toBe('2026-12-08T00:00:00.000Z');
    const cardOrder = { createdAt: placed, holdUntil: card };
    // More than half of the card hold left: the switch gives the transfer hold.
    expect(switchHoldEnd(cardOrder, 'transfer', 7, new Date('2026-12-01T23:00:00Z'))).toEqual(transfer);
    // Half or less left: the switch is no longer offered, so waiting out the card hold cannot stretch it.
    expect(switchHoldEnd(cardOrder, 'transfer', 7, new Date('2026-12-02T00:00:00Z'))).toBeNull();
    // Never shorter than it has: a transfer hold shorter than the card hold keeps the card hold.
    expect(switchHoldEnd(cardOrder, 'transfer', 1, new Date('2026-12-02T23:00:00Z'))).toEqual(card);
    // Back to card keeps the hold as it is: switching never grows it.
    expect(switchHoldEnd({ createdAt: placed, holdUntil: transfer }, 'card', 7, placed)).toEqual(transfer);
    const money = { amountDueCents: 1000, transferPaidCents: 0, bankTransfer: true };
    const late = { ...cardOrder, transferHoldDays: 7, now: new Date('2026-12-02T12:00:00Z') };
    expect(paymentMethodRefusal(order(), 'transfer', money, late)).toBe('too late for transfer');
    expect(paymentMethodRefusal(order(), 'card', money, late)).toBeNull();
  });
});

/** Every move a quote may make, written out on its own: "move from by" → to, and what it does to held stock. */
const quoteAllowed: Record<string, string> = {
  'accept open buyer': 'accepted, becomes the order',
  'decline open buyer': 'declined, returned',
  'withdraw open shop': 'withdrawn, returned',
  'expire open scheduler': 'expired, returned',
};

describe('the quote state table', () => {
  it('allows exactly the listed moves, by their one actor each, and refuses every other', () => {
    for (const move of ['accept', 'decline', 'withdraw', 'expire'] as QuoteMoveName[])
      for (const from of quoteStates)
        for (const by of quoteActors) {
          const found = findQuoteMove(move, from, by);
          const key = `${move} ${from} ${by}`;
          expect(found ? `${found.to}, ${found.stock}` : undefined, key).toBe(quoteAllowed[key]);
        }
  });

  it('moves only open quotes: once closed, every move is refused', () => {
    for (const move of ['accept', 'decline', 'withdraw', 'expire'] as QuoteMoveName[])
      expect(quoteFromStates(move)).toEqual(['open']);
    for (const state of quoteStates.filter((s) => s !== 'open'))
      expect(
        quoteMoves.some((m) => m.from === state),
        state,
      ).toBe(false);
  });

  it('reads an open quote past its valid-until time as expired, and holds stock only while open', () => {
    const now = new Date('2026-12-07T08:00:00Z');
    const open = { state: 'open' as const, validUntil: '2026-12-07T09:00:00Z', holdsStock: true };
    expect(quoteStateAt(open, now)).toBe('open');
    expect(isQuoteLapsed(open, now)).toBe(false);
    const lapsed = { ...open, validUntil: '2026-12-07T08:00:00Z' };
    expect(quoteStateAt(lapsed, now)).toBe('expired');
    expect(isQuoteLapsed(lapsed, now)).toBe(true);
    expect(quoteStateAt({ ...lapsed, state: 'accepted' }, now)).toBe('accepted');
    expect(quoteHoldsStock(open)).toBe(true);
    expect(quoteHoldsStock({ ...open, holdsStock: false })).toBe(false);
    expect(quoteHoldsStock({ ...open, state: 'declined' })).toBe(false);
    expect(quoteMovedTo('expire')).toBe('expired');
  });
});

describe('a request for a quote’s state', () => {
  const now = new Date('2026-12-07T08:00:00Z');
  const quote = (state: QuoteState, validUntil = '2026-12-08T08:00:00Z') => ({ state, validUntil });

  it('is open until answered, answered while its quote is open, closed once that quote was accepted, declined or expired', () => {
    expect(quoteRequestStateAt('open', null, now)).toBe('open');
    expect(quoteRequestStateAt('answered', quote('open'), now)).toBe('answered');
    expect(quoteRequestStateAt('answered', quote('open', '2026-12-07T08:00:00Z'), now)).toBe('closed');
    for (const fate of ['accepted', 'declined', 'expired'] as const)
      expect(quoteRequestStateAt('answered', quote(fate), now), fate).toBe('closed');
    // Reopened after its quote was withdrawn: open, whatever that quote says.
    expect(quoteRequestStateAt('open', quote('withdrawn'), now)).toBe('open');
    expect(isQuoteRequestAnswerable({ status: 'open' })).toBe(true);
    for (const status of ['answered', 'closed'] as const)
      expect(isQuoteRequestAnswerable({ status }), status).toBe(false);
  });

  it('goes back to open only when its quote is withdrawn', () => {
    expect(quoteMoves.filter((m) => quoteMoveReopensRequest(m.move)).map((m) => m.move)).toEqual([
      'withdraw',
    ]);
    expect(quoteRequestMoves.reopen).toEqual({ from: ['answered'], to: 'open' });
    expect(quoteRequestMoves.answer).toEqual({ from: ['open'], to: 'answered' });
  });
});

describe('a statement’s state', () => {
  const today = '2026-12-10';
  const statement = (over: Partial<Parameters<typeof statementState>[0]>) => ({
    ordersTotalMinor: 10_000,
    appliedMinor: 0,
    olderUnpaidMinor: 0,
    dueOn: '2026-12-31',
    ...over,
  });

  it('is paid once its orders are, open before any money, partly paid between, overdue after its due date', () => {
    expect(statementState(statement({ appliedMinor: 10_000 }), today)).toBe('paid');
    expect(statementState(statement({}), today)).toBe('open');
    expect(statementState(statement({ appliedMinor: 1 }), today)).toBe('partly_paid');
    expect(statementState(statement({ appliedMinor: 9_999, dueOn: '2026-12-09' }), today)).toBe('overdue');
    expect(statementState(statement({ dueOn: today }), today)).toBe('open');
  });

  it('is not paid while what it carries from the statements before it is owed, even with no orders of its own', () => {
    expect(statementState(statement({ ordersTotalMinor: 0, olderUnpaidMinor: 5_000 }), today)).toBe('open');
    expect(
      statementState(statement({ ordersTotalMinor: 0, olderUnpaidMinor: 5_000, dueOn: '2026-12-01' }), today),
    ).toBe('overdue');
    expect(statementState(statement({ appliedMinor: 10_000, olderUnpaidMinor: 1 }), today)).toBe(
      'partly_paid',
    );
    expect(statementState(statement({ ordersTotalMinor: 0, olderUnpaidMinor: 0 }), today)).toBe('paid');
  });
});
