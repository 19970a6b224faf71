import { describe, expect, it } from 'vitest';
import { type PricedTool, unitPrice } from './orders';
import { type FixedPrice, priceListTerms, scaledPrice, withPriceList } from './price-lists';

/** A plane at 1,235 cents, cheaper from 10 pieces (1,100) and from 50 (1,000). */
const plane: PricedTool = {
  minQuantity: 1,
  available: 500,
  packSize: 1,
  price: 1_235,
  breaks: [
    { minQuantity: 10, price: 1_100 },
    { minQuantity: 50, price: 1_000 },
  ],
};
const PLANE = 'plane-id';

const fixed = (price: number, breaks: FixedPrice['breaks'] = null): FixedPrice => ({
  toolId: PLANE,
  currency: 'USD',
  price,
  breaks,
});

describe('scaledPrice: to the minor unit, half up, never below one', () => {
  it('rounds 85 % of 1235 cents (1049.75) up to 1050', () => {
    expect(scaledPrice(1_235, 8_500, 10_000)).toBe(1_050);
  });

  it('rounds exactly half a cent up, and less than half down', () => {
    // 1049.5 and 1049.4 cents: 2099 × 50 % and 10494 × 10 %.
    expect(scaledPrice(2_099, 5_000, 10_000)).toBe(1_050);
    expect(scaledPrice(10_494, 1_000, 10_000)).toBe(1_049);
    expect(scaledPrice(10_496, 1_000, 10_000)).toBe(1_050);
  });

  it('never gives less than one minor unit', () => {
    expect(scaledPrice(1, 100, 10_000)).toBe(1);
    expect(scaledPrice(49, 100, 10_000)).toBe(1);
    expect(scaledPrice(150, 100, 10_000)).toBe(2);
  });

  it('is exact on amounts floating point would miss', () => {
    // 1.15 × 100 is 114.99999999999999 in floating point.
    expect(scaledPrice(100, 11_500, 10_000)).toBe(115);
    expect(scaledPrice(99_999_999, 20_000, 10_000)).toBe(199_999_998);
  });
});

describe('withPriceList', () => {
  it('leaves the list price without a list, and at 100 %', () => {
    expect(withPriceList(plane, null, PLANE, 'USD')).toBe(plane);
    expect(withPriceList(plane, priceListTerms(10_000, []), PLANE, 'USD')).toEqual(plane);
  });

  it('applies the rate to the price and to every break, keeping their quantities', () => {
    const mine = withPriceList(plane, priceListTerms(8_500, []), PLANE, 'USD');
    expect(mine.price).toBe(1_050);
    expect(mine.breaks).toEqual([
      { minQuantity: 10, price: 935 },
      { minQuantity: 50, price: 850 },
    ]);
    expect(unitPrice(mine, 9)).toBe(1_050);
    expect(unitPrice(mine, 10)).toBe(935);
    expect(unitPrice(mine, 50)).toBe(850);
    // Quantities and stock are the tool's own.
    expect([mine.minQuantity, mine.available, mine.packSize]).toEqual([1, 500, 1]);
  });

  it('gives a fixed price before the rate, with the list breaks scaled by fixed ÷ list', () => {
    const mine = withPriceList(plane, priceListTerms(8_500, [fixed(988)]), PLANE, 'USD');
    expect(mine.price).toBe(988);
    // 1100 × 988 / 1235 = 880, 1000 × 988 / 1235 = 800.
    expect(mine.breaks).toEqual([
      { minQuantity: 10, price: 880 },
      { minQuantity: 50, price: 800 },
    ]);
  });

  it("gives a fixed price's own breaks in place of the list's", () => {
    const own = [{ minQuantity: 20, price: 900 }];
    const mine = withPriceList(plane, priceListTerms(8_500, [fixed(1_000, own)]), PLANE, 'USD');
    expect(mine).toMatchObject({ price: 1_000, breaks: own });
    expect(unitPrice(mine, 10)).toBe(1_000);
    expect(unitPrice(mine, 20)).toBe(900);
  });

  it('keeps a fixed price to its tool and currency: other tools and yen take the rate', () => {
    const terms = priceListTerms(8_500, [fixed(988)]);
    expect(withPriceList(plane, terms, 'another-tool', 'USD').price).toBe(1_050);
    expect(withPriceList(plane, terms, PLANE, 'JPY').price).toBe(1_050);
  });
});
