import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formatAmount,
  formatMoney,
  formatPrice,
  MAX_ORDER_CENTS,
} from './money';

describe('cents and dollars', () => {
  it('turns dollars with two decimals into whole cents, whatever binary floating point makes of them', () => {
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(19.99)).toBe(1_999);
    expect(dollarsToCents(1_234.56)).toBe(123_456);
    expect(dollarsToCents(999_999.99)).toBe(MAX_ORDER_CENTS);
  });

  it('turns cents back into the same dollars', () => {
    for (const cents of [0, 1, 29, 1_999, 123_456, MAX_ORDER_CENTS])
      expect(dollarsToCents(centsToDollars(cents)), `${cents}`).toBe(cents);
    expect(centsToDollars(1_999)).toBe(19.99);
  });
});

describe('formatPrice and formatMoney (shop screens)', () => {
  it('shows whole amounts without decimals and others with two', () => {
    expect(formatPrice(12)).toBe('12');
    expect(formatPrice(12.5)).toBe('12.50');
    expect(formatPrice(0.1 + 0.2)).toBe('0.30');
    expect(formatMoney(12.5)).toBe('$12.50');
  });

  it('separates thousands', () => {
    expect(formatMoney(48_125)).toBe('$48,125');
    expect(formatMoney(999_999.99)).toBe('$999,999.99');
  });
});

describe('the amounts as en-US writes them', () => {
  it('agree with Intl.NumberFormat for every kind of amount the shop shows', () => {
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const twoDecimals = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const cents = [0, 1, 5, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 123_456, 1_000_000, 12_345_678];
    for (const c of [...cents, ...cents.map((c) => -c), MAX_ORDER_CENTS, 3 * MAX_ORDER_CENTS]) {
      const dollars = centsToDollars(c);
      const expected = Number.isInteger(dollars) ? whole.format(dollars) : twoDecimals.format(dollars);
      expect(formatPrice(dollars), `${c} cents`).toBe(expected === '-0' ? '0' : expected);
      expect(formatAmount(dollars), `${c} cents`).toBe(
        `$${twoDecimals.format(dollars)}`.replace('$-0.00', '$0.00'),
      );
    }
    // Sums of dollars carry binary fractions: they are written to the cent, as Intl rounds them.
    expect(formatPrice(0.1 + 0.7)).toBe(twoDecimals.format(0.1 + 0.7));
    expect(formatAmount(1_234.565)).toBe('$1,234.57');
  });
});

describe('formatAmount (admin tables and e-mails)', () => {
  it('always shows cents, with thousands separated', () => {
    expect(formatAmount(12)).toBe('$12.00');
    expect(formatAmount(1_234.5)).toBe('$1,234.50');
  });
});
