import { describe, expect, it } from 'vitest';
import { describeAudit } from './audit';
import { applyTransfer as applyPayment } from './order-state';
import { bankDetailLines, partlyPaidLabel } from './transfers';

describe('applyPayment', () => {
  const unpaid = { status: 'unpaid' as const, amountDueCents: 110_000, transferPaidCents: 0 };

  it('counts a payment below what is due, and completes the order when the sum reaches it', () => {
    expect(applyPayment(unpaid, 50_000)).toEqual({ countedCents: 50_000, refundCents: 0, completes: false });
    expect(applyPayment({ ...unpaid, transferPaidCents: 50_000 }, 60_000)).toEqual({
      countedCents: 60_000,
      refundCents: 0,
      completes: true,
    });
  });

  it('owes back what goes beyond the amount due', () => {
    expect(applyPayment({ ...unpaid, transferPaidCents: 100_000 }, 15_000)).toEqual({
      countedCents: 10_000,
      refundCents: 5_000,
      completes: true,
    });
  });

  it('owes back all of a payment on a cancelled or already paid order', () => {
    for (const status of ['cancelled', 'paid', 'shipped'] as const) {
      expect(applyPayment({ ...unpaid, status }, 20_000)).toEqual({
        countedCents: 0,
        refundCents: 20_000,
        completes: false,
      });
    }
  });
});

describe('partlyPaidLabel', () => {
  it('describes an unpaid order some money has reached, and nothing else', () => {
    expect(partlyPaidLabel({ status: 'unpaid', amountPaid: 500, amountDue: 1100 })).toBe(
      'Partly paid $500.00 of $1,100.00',
    );
    expect(partlyPaidLabel({ status: 'unpaid', amountPaid: 0, amountDue: 1100 })).toBeNull();
    expect(partlyPaidLabel({ status: 'paid', amountPaid: 1100, amountDue: 1100 })).toBeNull();
    expect(partlyPaidLabel({ status: 'cancelled', amountPaid: 500, amountDue: 1100 })).toBeNull();
  });
});

it('lists the bank details a transfer form asks for, leaving out the empty ones', () => {
  expect(
    bankDetailLines({
      bankName: 'Mizuho Bank',
      branch: '',
      accountType: 'Ordinary',
      accountNumber: '1234567',
      accountHolder: 'Kanna Tools K.K.',
      swift: '',
    }),
  ).toEqual([
    { field: 'bankName', label: 'Bank', value: 'Mizuho Bank' },
    { field: 'accountType', label: 'Account type', value: 'Ordinary' },
    { field: 'accountNumber', label: 'Account number', value: '1234567' },
    { field: 'accountHolder', label: 'Account holder', value: 'Kanna Tools K.K.' },
  ]);
});

it('describes a recorded payment and a change of payment method in the audit log', () => {
  expect(
    describeAudit({
      kind: 'order.payment',
      target: { label: 'K-000123' },
      before: { status: 'unpaid', amountPaid: 0 },
      after: {
        status: 'unpaid',
        amountPaid: 500,
        amount: 500,
        receivedOn: '2026-11-27',
        reference: 'K-000123',
      },
    }),
  ).toBe('Recorded $500.00 received 2026-11-27 on K-000123 (reference K-000123)');
  expect(
    describeAudit({
      kind: 'order.paymentMethod',
      target: { label: 'K-000123' },
      before: { paymentMethod: 'card' },
      after: { paymentMethod: 'transfer' },
    }),
  ).toBe('Changed how K-000123 is paid: card → transfer');
});
