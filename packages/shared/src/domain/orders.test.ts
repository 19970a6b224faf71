import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { isPaid as isPaidStatus } from './order-state';
import {
  formatOrderNumber,
  isSoldOut,
  lineProblem,
  MAX_PRICE_BREAKS,
  nextBreak,
  orderNumberIn,
  type PricedTool,
  roundToPack,
  type TradeTerms,
  tradeTermsProblems,
  unitPrice,
} from './orders';

/** A chisel sold in packs of 10 from 20 pieces at 1,000 cents, cheaper from 100 and from 500. */
const chisel: PricedTool = {
  minQuantity: 20,
  available: 1_000,
  packSize: 10,
  price: 1_000,
  breaks: [
    { minQuantity: 100, price: 900 },
    { minQuantity: 500, price: 800 },
  ],
};

describe('unitPrice', () => {
  it('is the base price below the first break', () => {
    expect(unitPrice(chisel, 20)).toBe(1_000);
    expect(unitPrice(chisel, 99)).toBe(1_000);
  });

  it('is the price of the largest break the quantity reaches, from its first piece', () => {
    expect(unitPrice(chisel, 100)).toBe(900);
    expect(unitPrice(chisel, 499)).toBe(900);
    expect(unitPrice(chisel, 500)).toBe(800);
    expect(unitPrice(chisel, 10_000)).toBe(800);
  });

  it('is the base price for a tool without breaks', () => {
    expect(unitPrice({ price: 250, breaks: [] }, 1_000_000)).toBe(250);
  });
});

describe('nextBreak', () => {
  it('names the next break, its price and how many more pieces reach it', () => {
    expect(nextBreak(chisel, 20)).toEqual({ more: 80, price: 900, minQuantity: 100 });
    expect(nextBreak(chisel, 100)).toEqual({ more: 400, price: 800, minQuantity: 500 });
  });

  it('is null once the largest break is reached', () => {
    expect(nextBreak(chisel, 500)).toBeNull();
    expect(nextBreak({ packSize: 1, breaks: [] }, 1)).toBeNull();
  });
});

describe('roundToPack', () => {
  it('rounds up to the pack size, and never below one pack', () => {
    expect(roundToPack(21, 10)).toBe(30);
    expect(roundToPack(30, 10)).toBe(30);
    expect(roundToPack(0, 10)).toBe(10);
    expect(roundToPack(7, 1)).toBe(7);
  });
});

describe('isSoldOut', () => {
  it('is sold out when less than the minimum order is available', () => {
    expect(isSoldOut({ minQuantity: 20, available: 19 })).toBe(true);
    expect(isSoldOut({ minQuantity: 20, available: 20 })).toBe(false);
  });
});

describe('isPaidStatus', () => {
  it('counts paid and shipped orders as paid, unpaid and cancelled ones not', () => {
    expect(['unpaid', 'paid', 'shipped', 'cancelled'].filter((s) => isPaidStatus(s as never))).toEqual([
      'paid',
      'shipped',
    ]);
  });
});

describe('lineProblem', () => {
  const problem = (tool: PricedTool, quantity: number, totalCents?: number) =>
    lineProblem(tool, quantity, totalCents);

  it('accepts a whole quantity on the pack size, from the minimum to what is available', () => {
    for (const quantity of [20, 30, 100, 1_000]) expect(problem(chisel, quantity), `${quantity}`).toBeNull();
  });

  it('refuses what is not a whole number of pieces (400)', () => {
    for (const quantity of [0, -10, 20.5, Number.NaN])
      expect(problem(chisel, quantity), `${quantity}`).toEqual({
        code: 'not_whole',
        status: 400,
        message: messages.quantityWhole,
      });
  });

  it('refuses below the minimum (400) and off the pack size (400)', () => {
    expect(problem(chisel, 10)).toEqual({
      code: 'below_minimum',
      status: 400,
      message: messages.belowMinimumOf(20),
    });
    expect(problem(chisel, 25)).toEqual({ code: 'pack_size', status: 400, message: messages.packSize(10) });
  });

  it('refuses more than is available, and a sold-out tool, as stock (409)', () => {
    expect(problem(chisel, 1_010)).toEqual({
      code: 'above_available',
      status: 409,
      message: messages.onlyLeft(1_000),
    });
    expect(problem({ ...chisel, available: 10 }, 20)).toEqual({
      code: 'sold_out',
      status: 409,
      message: messages.soldOut,
    });
  });

  it('refuses a line over what one order may come to ($9,999,999.99; ¥999,999,999), and not one at it or over a card payment', () => {
    expect(problem(chisel, 100, 100_000_000)).toBeNull();
    expect(problem(chisel, 100, 999_999_999)).toBeNull();
    expect(problem(chisel, 100, 1_000_000_000)).toEqual({
      code: 'too_large',
      status: 400,
      message: messages.orderTooLarge,
    });
  });
});

describe('tradeTermsProblems', () => {
  const terms = (changes: Partial<TradeTerms>): TradeTerms => ({
    minQuantity: 20,
    price: 1_000,
    packSize: 10,
    breaks: [
      { minQuantity: 100, price: 900 },
      { minQuantity: 500, price: 800 },
    ],
    ...changes,
  });

  it('accepts terms on the pack size with cheaper breaks at increasing quantities', () => {
    expect(tradeTermsProblems(terms({}))).toEqual([]);
    expect(tradeTermsProblems(terms({ breaks: [] }))).toEqual([]);
    expect(tradeTermsProblems(terms({ packSize: 1, minQuantity: 1 }))).toEqual([]);
  });

  it('refuses a pack size that is not a whole number of at least 1, and says nothing else', () => {
    for (const packSize of [0, -1, 2.5])
      expect(tradeTermsProblems(terms({ packSize, minQuantity: 7 })), `${packSize}`).toEqual([
        { path: 'packSize', message: messages.packSizeInvalid },
      ]);
  });

  it('refuses a minimum off the pack size', () => {
    expect(tradeTermsProblems(terms({ minQuantity: 25 }))).toEqual([
      { path: 'minQuantity', message: messages.minimumNotOnPack(10) },
    ]);
  });

  it('allows five breaks and refuses a sixth', () => {
    const breaks = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ minQuantity: 100 * (i + 1), price: 900 - 100 * i }));
    expect(MAX_PRICE_BREAKS).toBe(5);
    expect(tradeTermsProblems(terms({ breaks: breaks(5) }))).toEqual([]);
    expect(tradeTermsProblems(terms({ breaks: breaks(6) }))).toEqual([
      { path: 'volumePrices', message: messages.breaksTooMany(5) },
    ]);
  });

  it('refuses a break that does not start above the minimum', () => {
    expect(tradeTermsProblems(terms({ breaks: [{ minQuantity: 20, price: 900 }] }))).toEqual([
      { path: 'volumePrices.0.minQuantity', message: messages.breakNotAboveMinimum },
    ]);
  });

  it('refuses breaks whose quantities do not strictly increase', () => {
    for (const second of [100, 50])
      expect(
        tradeTermsProblems(
          terms({
            breaks: [
              { minQuantity: 100, price: 900 },
              { minQuantity: second, price: 800 },
            ],
          }),
        ),
        `${second}`,
      ).toEqual([{ path: 'volumePrices.1.minQuantity', message: messages.breaksNotIncreasing }]);
  });

  it('refuses a break off the pack size', () => {
    expect(tradeTermsProblems(terms({ breaks: [{ minQuantity: 105, price: 900 }] }))).toEqual([
      { path: 'volumePrices.0.minQuantity', message: messages.breakNotOnPack(10) },
    ]);
  });

  it('refuses a break not cheaper than the base price or than the break before', () => {
    expect(tradeTermsProblems(terms({ breaks: [{ minQuantity: 100, price: 1_000 }] }))).toEqual([
      { path: 'volumePrices.0.perPrice', message: messages.breakNotCheaper },
    ]);
    expect(
      tradeTermsProblems(
        terms({
          breaks: [
            { minQuantity: 100, price: 900 },
            { minQuantity: 500, price: 900 },
          ],
        }),
      ),
    ).toEqual([{ path: 'volumePrices.1.perPrice', message: messages.breakNotCheaper }]);
  });

  it('names every problem with its own field', () => {
    expect(
      tradeTermsProblems(
        terms({
          minQuantity: 25,
          breaks: [
            { minQuantity: 10, price: 1_100 },
            { minQuantity: 205, price: 800 },
          ],
        }),
      ),
    ).toEqual([
      { path: 'minQuantity', message: messages.minimumNotOnPack(10) },
      { path: 'volumePrices.0.minQuantity', message: messages.breakNotAboveMinimum },
      { path: 'volumePrices.0.perPrice', message: messages.breakNotCheaper },
      { path: 'volumePrices.1.minQuantity', message: messages.breakNotOnPack(10) },
    ]);
  });
});

describe('order numbers', () => {
  it('are written K- and at least six digits', () => {
    expect(formatOrderNumber(123)).toBe('K-000123');
    expect(formatOrderNumber(1_234_567)).toBe('K-1234567');
  });

  it.each([
    ['K-000123', 123],
    ['k123', 123],
    [' 000123 ', 123],
    ['K-1234567', 1_234_567],
    ['K-12a', null],
    ['taro@example.jp', null],
    ['', null],
  ])('reads %j in a search as %j', (search, number) => {
    expect(orderNumberIn(search)).toBe(number);
  });
});
