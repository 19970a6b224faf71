import { describe, expect, it } from 'vitest';
import { documentKinds, hasDocument, staysOnceHad } from './documents';
import { mayMake, type OrderMove, orderMoves } from './order-state';
import { paymentMethods } from './orders';

/**
 * Which documents an order has for good once it has them, by how it is paid (decisions 0073,
 * 0078): their downloads are answered without reading the order's state again, so a wrong answer
 * here would serve a document the order no longer has.
 */
describe('staysOnceHad', () => {
  const withoutUnsettle = orderMoves.filter((m) => m.move !== 'unsettle');

  it('on account keeps a delivery note; not an invoice nor a receipt, which a reversed payment takes back (unsettle)', () => {
    expect(documentKinds.filter((kind) => staysOnceHad(kind, 'account'))).toEqual(['delivery-note']);
    // Without the move back of a settled order on account, the invoice and the receipt would stay too.
    expect(documentKinds.filter((kind) => staysOnceHad(kind, 'account', withoutUnsettle))).toEqual([
      'invoice',
      'receipt',
      'delivery-note',
    ]);
  });

  it('paid by card or transfer keeps the invoice, the receipt and the delivery note: no move takes them away (decision 0078)', () => {
    for (const way of ['card', 'transfer'] as const)
      expect(
        documentKinds.filter((kind) => staysOnceHad(kind, way)),
        way,
      ).toEqual(['invoice', 'receipt', 'delivery-note']);
    // Were the move back of a settled order allowed to any order, a card order would lose them too.
    const unsettleForAny = orderMoves.map((m) => (m.move === 'unsettle' ? { ...m, ways: undefined } : m));
    expect(documentKinds.filter((kind) => staysOnceHad(kind, 'card', unsettleForAny))).toEqual([
      'delivery-note',
    ]);
  });

  it('agrees with hasDocument along every move of the table an order paid that way may make', () => {
    for (const way of paymentMethods)
      for (const kind of documentKinds.filter((k) => staysOnceHad(k, way)))
        for (const m of orderMoves.filter((move) => mayMake(move, way))) {
          // The states that have these documents are paid ones (or shipped on account): a paid time is set.
          const before = { status: m.from, paidAt: '2026-12-01T00:00:00Z', enteredBy: null };
          if (hasDocument(before, kind))
            expect(hasDocument({ ...before, status: m.to }, kind), `${way} ${kind} ${m.move}`).toBe(true);
        }
  });

  it('turns false for a kind when a move that takes its document away is added to the table', () => {
    const reopen: OrderMove = {
      move: 'switch payment method',
      from: 'paid',
      by: ['shop'],
      to: 'unpaid',
      stock: 'kept',
      money: 'none',
    };
    expect(staysOnceHad('invoice', 'account', [...withoutUnsettle, reopen])).toBe(false);
    expect(staysOnceHad('receipt', 'account', [...withoutUnsettle, reopen])).toBe(false);
    expect(staysOnceHad('invoice', 'card', [...orderMoves, reopen])).toBe(false);
    const unship: OrderMove = { ...reopen, move: 'cancel', from: 'account_shipped', to: 'cancelled' };
    expect(staysOnceHad('delivery-note', 'account', [...orderMoves, unship])).toBe(false);
    expect(staysOnceHad('invoice', 'account', [...withoutUnsettle, unship])).toBe(true);
    // A move only transfer orders make counts for a card order too: it may switch to transfer.
    const transferOnly: OrderMove = { ...reopen, ways: ['transfer'] };
    expect(staysOnceHad('invoice', 'card', [...orderMoves, transferOnly])).toBe(false);
    expect(staysOnceHad('invoice', 'account', [...withoutUnsettle, transferOnly])).toBe(true);
  });
});
