import { describe, expect, it } from 'vitest';
import { orderCharges, orderCurrency, settingIn } from './charges';
import { formatIn, isWholeMinor, toMajor, toMinor, yenFromCents } from './money';
import { listPrices, yenTermsProblemsSaid } from './yen-prices';

describe('yen derived from dollars (rounded up to ¥10)', () => {
  it('rounds up at every boundary, never down, and keeps a whole ¥10 as it is', () => {
    expect(yenFromCents(1_000, 150)).toBe(1_500); // exactly ¥1,500
    expect(yenFromCents(1_235, 150)).toBe(1_860); // ¥1,852.5
    expect(yenFromCents(1_001, 150)).toBe(1_510); // ¥1,501.5
    expect(yenFromCents(1, 150)).toBe(10); // ¥1.5
    expect(yenFromCents(0, 150)).toBe(0);
    // Binary floating point: 0.29 × 150.1 is ¥43.529, not a hair above ¥50.
    expect(yenFromCents(29, 150.1)).toBe(50);
    expect(yenFromCents(2_000, 150.25)).toBe(3_010); // ¥3,005
  });
});

describe('minor units per currency', () => {
  it('keeps cents for dollars and whole yen for yen, on the wire and back', () => {
    expect(toMinor(19.99, 'USD')).toBe(1_999);
    expect(toMinor(12_000, 'JPY')).toBe(12_000);
    expect(toMajor(1_999, 'USD')).toBe(19.99);
    expect(toMajor(12_000, 'JPY')).toBe(12_000);
    expect(isWholeMinor(19.99, 'USD')).toBe(true);
    expect(isWholeMinor(19.999, 'USD')).toBe(false);
    expect(isWholeMinor(0.5, 'JPY')).toBe(false);
    expect(formatIn(12_000, 'JPY')).toBe('¥12,000');
    expect(formatIn(1_234.5, 'USD')).toBe('$1,234.50');
  });
});

describe('listPrices', () => {
  const tool = { price: 1_235, breaks: [{ minQuantity: 10, price: 1_100 }], priceYen: null, breaksYen: null };

  it('answers the dollar prices as kept', () => {
    expect(listPrices(tool, { currency: 'USD', yenPerDollar: 150 })).toEqual({
      price: 1_235,
      breaks: [{ minQuantity: 10, price: 1_100 }],
      derived: false,
    });
  });

  it('derives yen from the dollar prices at the rate, and says so', () => {
    expect(listPrices(tool, { currency: 'JPY', yenPerDollar: 150 })).toEqual({
      price: 1_860,
      breaks: [{ minQuantity: 10, price: 1_650 }],
      derived: true,
    });
  });

  it('takes the owner’s yen price and breaks, with or without a rate', () => {
    const set = { ...tool, priceYen: 1_800, breaksYen: [{ minQuantity: 10, price: 1_500 }] };
    expect(listPrices(set, { currency: 'JPY', yenPerDollar: null })).toEqual({
      price: 1_800,
      breaks: [{ minQuantity: 10, price: 1_500 }],
      derived: false,
    });
  });

  it('keeps the dollar breaks’ discount under an owner’s yen price with no yen breaks', () => {
    // $11.00 of $12.35 is 89.07 %: of ¥1,800 that is ¥1,603.2, rounded up to ¥1,610.
    expect(listPrices({ ...tool, priceYen: 1_800 }, { currency: 'JPY', yenPerDollar: 150 })).toEqual({
      price: 1_800,
      breaks: [{ minQuantity: 10, price: 1_610 }],
      derived: true,
    });
  });

  it('has no yen price without an owner’s price or a rate', () => {
    expect(listPrices(tool, { currency: 'JPY', yenPerDollar: null })).toBeNull();
  });
});

describe('yen trade terms', () => {
  it('judges yen breaks as dollar ones, at the yen fields, and needs a yen price for them', () => {
    const terms = { minQuantity: 10, packSize: 10 };
    expect(yenTermsProblemsSaid({ ...terms, priceYen: null, breaksYen: null })).toEqual([]);
    expect(
      yenTermsProblemsSaid({ ...terms, priceYen: null, breaksYen: [{ minQuantity: 20, price: 900 }] }).map(
        (p) => p.path,
      ),
    ).toEqual(['perPriceYen']);
    expect(
      yenTermsProblemsSaid({ ...terms, priceYen: 1_000, breaksYen: [{ minQuantity: 20, price: 1_000 }] }).map(
        (p) => p.path,
      ),
    ).toEqual(['volumePricesYen.0.perPrice']);
  });
});

describe('charges of a yen order', () => {
  const settings = {
    tax: { enabled: true, ratePercent: 10, country: 'JP', rounding: 'down' as const },
    shippingZones: [{ name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500 }],
    yenCountries: ['JP'],
    yenPerDollar: 150,
  };

  it('is yen only where the settings say and a rate is set', () => {
    expect(orderCurrency('JP', settings)).toBe('JPY');
    expect(orderCurrency('US', settings)).toBe('USD');
    expect(orderCurrency('JP', { ...settings, yenPerDollar: null })).toBe('USD');
    expect(orderCurrency('JP', { ...settings, yenCountries: [] })).toBe('USD');
  });

  it('charges shipping and its free-from amount in yen at the rate, rounded up to ¥10', () => {
    expect(settingIn(15, 'JPY', 150)).toBe(2_250);
    expect(settingIn(15, 'USD', 150)).toBe(1_500);
    expect(orderCharges(74_990, 'JP', settings, 'JPY')).toMatchObject({ shippingCents: 2_250 });
    expect(orderCharges(75_000, 'JP', settings, 'JPY')).toMatchObject({ shippingCents: 0 });
  });

  it('rounds the tax once for the order, down, to nearest or up as set', () => {
    const noZones = { ...settings, shippingZones: [] };
    expect(orderCharges(315, 'JP', noZones, 'JPY')).toMatchObject({ taxCents: 31, amountDueCents: 346 });
    const nearest = { ...noZones, tax: { ...noZones.tax, rounding: 'nearest' as const } };
    expect(orderCharges(315, 'JP', nearest, 'JPY')).toMatchObject({ taxCents: 32 });
    expect(orderCharges(314, 'JP', nearest, 'JPY')).toMatchObject({ taxCents: 31 });
    const up = { ...noZones, tax: { ...noZones.tax, rounding: 'up' as const } };
    expect(orderCharges(311, 'JP', up, 'JPY')).toMatchObject({ taxCents: 32 });
    expect(orderCharges(310, 'JP', up, 'JPY')).toMatchObject({ taxCents: 31 });
  });
});
