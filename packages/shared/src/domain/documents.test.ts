import { describe, expect, it } from 'vitest';
import { documentKinds, hasDocument, staysOnceHad } from './documents';
import { type OrderMove, orderMoves } from './order-state';

/**
 * Which documents an order has for good once it has them (decision 0073): their downloads are
 * answered without reading the order's state again, so a wrong answer here would serve a document
 * the order no longer has.
 */
describe('staysOnceHad', () => {
  it('keeps a delivery note; not an invoice nor a receipt, which a reversed payment takes back (unsettle)', () => {
    expect(documentKinds.filter((kind) => staysOnceHad(kind))).toEqual(['delivery-note']);
    // Without the move back of a settled order on account, the invoice and the receipt would stay too.
    const withoutUnsettle = orderMoves.filter((m) => m.move !== 'unsettle');
    expect(documentKinds.filter((kind) => staysOnceHad(kind, withoutUnsettle))).toEqual([
      'invoice',
      'receipt',
      'delivery-note',
    ]);
  });

  it('agrees with hasDocument along every move of the table', () => {
    for (const kind of documentKinds.filter((k) => staysOnceHad(k)))
      for (const m of orderMoves) {
        // The states that have these documents are paid ones (or shipped on account): a paid time is set.
        const before = { status: m.from, paidAt: '2026-12-01T00:00:00Z', enteredBy: null };
        if (hasDocument(before, kind))
          expect(hasDocument({ ...before, status: m.to }, kind), `${kind} ${m.move}`).toBe(true);
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
    const withoutUnsettle = orderMoves.filter((m) => m.move !== 'unsettle');
    expect(staysOnceHad('invoice', [...withoutUnsettle, reopen])).toBe(false);
    expect(staysOnceHad('receipt', [...withoutUnsettle, reopen])).toBe(false);
    const unship: OrderMove = { ...reopen, move: 'cancel', from: 'account_shipped', to: 'cancelled' };
    expect(staysOnceHad('delivery-note', [...orderMoves, unship])).toBe(false);
    expect(staysOnceHad('invoice', [...withoutUnsettle, unship])).toBe(true);
  });
});
