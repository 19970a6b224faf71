import { describe, expect, it } from 'vitest';
import { type ChargeSettings, orderCharges } from './charges';

const none: ChargeSettings = { tax: { enabled: false, ratePercent: 10, country: 'JP' }, shippingZones: [] };
const shop: ChargeSettings = {
  tax: { enabled: true, ratePercent: 10, country: 'JP' },
  shippingZones: [
    { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500 },
    { name: 'Asia', countries: ['KR', 'TW'], rate: 40, freeFrom: null },
  ],
};

describe('what an order charges besides its goods', () => {
  it('charges nothing with no settings: the amount due is the goods', () => {
    expect(orderCharges(123_45, 'US', none)).toEqual({
      zone: null,
      shippingCents: 0,
      taxCents: 0,
      taxRateBp: 0,
      taxTreatment: 'none',
      amountDueCents: 123_45,
    });
  });

  it('charges a domestic order its zone rate and tax on goods and shipping, rounded down once', () => {
    // ($123.45 + $15) × 10 % = $13.845 → $13.84
    expect(orderCharges(123_45, 'JP', shop)).toMatchObject({
      zone: 'Japan',
      shippingCents: 15_00,
      taxCents: 13_84,
      taxRateBp: 1000,
      taxTreatment: 'domestic',
      amountDueCents: 123_45 + 15_00 + 13_84,
    });
  });

  it('ships free from the zone amount: one cent below pays, at and above it does not', () => {
    expect(orderCharges(499_99, 'JP', shop)?.shippingCents).toBe(15_00);
    expect(orderCharges(500_00, 'JP', shop)?.shippingCents).toBe(0);
    expect(orderCharges(500_01, 'JP', shop)?.shippingCents).toBe(0);
    expect(orderCharges(500_00, 'JP', shop)?.taxCents).toBe(50_00);
  });

  it('charges an export its zone rate and no tax', () => {
    expect(orderCharges(1_000_00, 'KR', shop)).toMatchObject({
      zone: 'Asia',
      shippingCents: 40_00,
      taxCents: 0,
      taxRateBp: 0,
      taxTreatment: 'export',
      amountDueCents: 1_040_00,
    });
  });

  it('refuses a country in no zone, and sends it to the rest-of-world zone when there is one', () => {
    expect(orderCharges(100_00, 'DE', shop)).toBeNull();
    const world = {
      ...shop,
      shippingZones: [
        ...shop.shippingZones,
        { name: 'World', countries: 'rest-of-world' as const, rate: 80, freeFrom: 2000 },
      ],
    };
    expect(orderCharges(100_00, 'DE', world)).toMatchObject({ zone: 'World', shippingCents: 80_00 });
    // A country a zone lists goes to that zone, not to the rest of the world.
    expect(orderCharges(100_00, 'KR', world)).toMatchObject({ zone: 'Asia' });
  });

  it('takes a rate with decimals exactly, in basis points', () => {
    const reduced = { ...none, tax: { enabled: true, ratePercent: 8, country: 'JP' } };
    expect(orderCharges(33_33, 'JP', reduced)).toMatchObject({ taxRateBp: 800, taxCents: 2_66 });
    const odd = { ...none, tax: { enabled: true, ratePercent: 8.25, country: 'US' } };
    // $100.00 × 8.25 % = $8.25 exactly; $0.99 × 8.25 % = 8.1675 cents → 8
    expect(orderCharges(100_00, 'US', odd)).toMatchObject({ taxRateBp: 825, taxCents: 8_25 });
    expect(orderCharges(99, 'US', odd)?.taxCents).toBe(8);
  });
});
