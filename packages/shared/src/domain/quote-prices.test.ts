import { describe, expect, it } from 'vitest';
import { listIn, listShown } from './quote-prices';

const asked = { listPrice: 10_000, currency: 'USD' as const, listPriceYen: 14_800 };
const gone = { listPrice: 800, currency: 'USD' as const, listPriceYen: null };

describe('a requested line’s list price', () => {
  it('is the price asked for a buyer charged in the currency it was asked in', () => {
    expect(listIn(asked, 'USD')).toBe(10_000);
    expect(listShown(asked, 'USD')).toEqual({ minor: 10_000, currency: 'USD' });
  });

  it('is the tool’s yen list price now for a buyer charged in yen', () => {
    expect(listIn(asked, 'JPY')).toBe(14_800);
    expect(listShown(asked, 'JPY')).toEqual({ minor: 14_800, currency: 'JPY' });
  });

  it('falls back to the dollars asked when there is no yen price (the tool gone, no yen rate)', () => {
    expect(listIn(gone, 'JPY')).toBeNull();
    expect(listShown(gone, 'JPY')).toEqual({ minor: 800, currency: 'USD' });
  });

  it('has no dollar price for a line asked in yen: shown as asked', () => {
    const inYen = { listPrice: 1_200, currency: 'JPY' as const, listPriceYen: 1_300 };
    expect(listIn(inYen, 'USD')).toBeNull();
    expect(listShown(inYen, 'USD')).toEqual({ minor: 1_200, currency: 'JPY' });
    expect(listShown(inYen, 'JPY')).toEqual({ minor: 1_200, currency: 'JPY' });
  });
});
