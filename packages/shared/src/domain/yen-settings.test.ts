import { describe, expect, it } from 'vitest';
import { type ChargeSettings, minimumIn, orderCharges } from './charges';
import { messages } from './messages';
import { messagesJa } from './messages-ja';
import { minimumOrderSaid } from './orders';
import { textOf } from './translation';

/** A Japanese maker: domestic shipping set in yen, abroad in dollars only. */
const settings: ChargeSettings = {
  tax: { enabled: false, ratePercent: 10, country: 'JP' },
  shippingZones: [
    { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500, rateYen: 1_200, freeFromYen: 30_000 },
    { name: 'World', countries: 'rest-of-world', rate: 40, freeFrom: 1_000, rateYen: 9_999, freeFromYen: 1 },
  ],
  yenCountries: ['JP'],
  yenPerDollar: 150,
};

describe('shipping set in yen by the owner', () => {
  it('charges a yen order the yen rate exactly, not the dollar rate at the shop rate', () => {
    expect(orderCharges(29_999, 'JP', settings, 'JPY')).toMatchObject({
      zone: 'Japan',
      shippingCents: 1_200,
    });
  });

  it('ships a yen order free from the yen amount: at it free, one yen below charged', () => {
    expect(orderCharges(30_000, 'JP', settings, 'JPY')?.shippingCents).toBe(0);
    expect(orderCharges(29_999, 'JP', settings, 'JPY')?.shippingCents).toBe(1_200);
    // The derived free-from amount ($500 → ¥75,000) no longer applies.
    expect(orderCharges(74_999, 'JP', settings, 'JPY')?.shippingCents).toBe(0);
  });

  it('never uses yen amounts for a dollar order', () => {
    expect(orderCharges(100_00, 'US', settings, 'USD')).toMatchObject({
      zone: 'World',
      shippingCents: 40_00,
    });
    expect(orderCharges(999_99, 'US', settings, 'USD')?.shippingCents).toBe(40_00);
    expect(orderCharges(1_000_00, 'US', settings, 'USD')?.shippingCents).toBe(0);
  });

  it('stays put when the yen rate moves, while derived amounts follow it', () => {
    const moved = { ...settings, yenPerDollar: 200 };
    expect(orderCharges(29_999, 'JP', moved, 'JPY')?.shippingCents).toBe(1_200);
    const derived = {
      ...moved,
      shippingZones: [
        { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500, rateYen: null, freeFromYen: null },
      ],
    };
    expect(orderCharges(99_999, 'JP', derived, 'JPY')?.shippingCents).toBe(3_000);
    expect(orderCharges(100_000, 'JP', derived, 'JPY')?.shippingCents).toBe(0);
  });

  it('takes a yen rate of 0 as free shipping and a yen free-from amount where no dollar one is set', () => {
    const zones = [
      { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: null, rateYen: 0, freeFromYen: null },
    ];
    expect(orderCharges(1_000, 'JP', { ...settings, shippingZones: zones }, 'JPY')?.shippingCents).toBe(0);
    const yenOnly = [
      { name: 'Japan', countries: ['JP'], rate: 15, freeFrom: null, rateYen: null, freeFromYen: 10_000 },
    ];
    expect(orderCharges(9_999, 'JP', { ...settings, shippingZones: yenOnly }, 'JPY')?.shippingCents).toBe(
      2_250,
    );
    expect(orderCharges(10_000, 'JP', { ...settings, shippingZones: yenOnly }, 'JPY')?.shippingCents).toBe(0);
  });
});

describe('the minimum order set in yen', () => {
  const minimum = { minimumOrder: 50, minimumOrderYen: 5_000 };

  it('is the yen amount for a yen order, the dollar one for a dollar order, derived when no yen one is set', () => {
    expect(minimumIn(minimum, 'JPY', 150)).toBe(5_000);
    expect(minimumIn(minimum, 'USD', 150)).toBe(50_00);
    expect(minimumIn({ minimumOrder: 50, minimumOrderYen: null }, 'JPY', 150)).toBe(7_500);
    expect(minimumIn({ minimumOrder: 50 }, 'JPY', 200)).toBe(10_000);
    expect(minimumIn({ minimumOrder: null, minimumOrderYen: 5_000 }, 'USD', 150)).toBeNull();
    expect(minimumIn({ minimumOrder: null, minimumOrderYen: null }, 'JPY', 150)).toBeNull();
  });

  it('takes an order exactly at the yen minimum and refuses one yen short, saying the amount in yen in both languages', () => {
    const yen = minimumIn(minimum, 'JPY', 150);
    expect(minimumOrderSaid(5_000, yen, 'JPY')).toBeNull();
    const said = minimumOrderSaid(4_999, yen, 'JPY');
    expect(said).toEqual({ key: 'belowMinimumOrderYen', params: [5_000, 1] });
    if (!said) return;
    expect(textOf(said, messages)).toBe('The minimum order is ¥5,000 (goods total): add ¥1 more to order.');
    expect(textOf(said, messagesJa)).toBe(
      '最低注文金額は ¥5,000（商品合計）です。ご注文にはあと ¥1 追加してください。',
    );
  });
});
