import { describe, expect, it } from 'vitest';
import { isCountryCode } from './domain/countries';
import { messages } from './domain/messages';
import { minimumOrderProblem } from './domain/orders';
import { shopSettingsFields } from './shop-settings';

const issues = (value: unknown) =>
  Object.fromEntries(
    (shopSettingsFields.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

describe('the shop settings contract', () => {
  it('fills every default from a legal name alone: nothing switched on', () => {
    expect(shopSettingsFields.parse({ legalName: 'Kanna' })).toEqual({
      legalName: 'Kanna',
      address: '',
      registrationNumber: '',
      bank: { bankName: '', branch: '', accountType: '', accountNumber: '', accountHolder: '', swift: '' },
      tax: { enabled: false, ratePercent: 10, country: 'JP', rounding: 'down' },
      shippingZones: [],
      minimumOrder: null,
      minimumOrderYen: null,
      transferHoldDays: 7,
      yenPerDollar: null,
      yenCountries: [],
    });
  });

  it('says what is missing when fields are absent or of the wrong kind, in its own words', () => {
    expect(issues({})).toEqual({ legalName: messages.legalNameRequired });
    expect(issues({ legalName: 'K', shippingZones: [{ rate: 'ten' }] })).toEqual({
      'shippingZones.0.name': messages.zoneNameRequired,
      'shippingZones.0.countries': messages.zoneCountriesRequired,
      'shippingZones.0.rate': messages.shippingRateInvalid,
    });
    expect(issues({ legalName: 'K', minimumOrder: 10.005, tax: { ratePercent: 8.125 } })).toEqual({
      minimumOrder: messages.amountInvalid('minimum order value'),
      'tax.ratePercent': messages.taxRateInvalid,
    });
  });

  it('reads settings stored before yen amounts could be set: every yen amount derived (null)', () => {
    const stored = {
      legalName: 'Kanna',
      shippingZones: [{ name: 'Japan', countries: ['JP'], rate: 15, freeFrom: 500 }],
      minimumOrder: 50,
      yenPerDollar: 150,
      yenCountries: ['JP'],
    };
    expect(shopSettingsFields.parse(stored)).toMatchObject({
      shippingZones: [{ name: 'Japan', rate: 15, freeFrom: 500, rateYen: null, freeFromYen: null }],
      minimumOrder: 50,
      minimumOrderYen: null,
    });
  });

  it('takes whole yen from 0 to ¥99,999,999 and names each bad yen amount at its field', () => {
    const zone = { name: 'Japan', countries: ['JP'], rate: 15 };
    const fine = {
      legalName: 'K',
      shippingZones: [{ ...zone, rateYen: 0, freeFromYen: 99_999_999 }],
      minimumOrderYen: 5_000,
    };
    expect(issues(fine)).toEqual({});
    expect(
      issues({
        legalName: 'K',
        shippingZones: [{ ...zone, rateYen: 1_200.5, freeFromYen: 100_000_000 }],
        minimumOrderYen: -1,
      }),
    ).toEqual({
      'shippingZones.0.rateYen': messages.yenAmountInvalid('shipping rate in yen'),
      'shippingZones.0.freeFromYen': messages.yenAmountInvalid('free-from amount in yen'),
      minimumOrderYen: messages.yenAmountInvalid('minimum order in yen'),
    });
  });

  it('names a bad country code inside a zone at its place in the list', () => {
    expect(
      issues({ legalName: 'K', shippingZones: [{ name: 'Asia', countries: ['KR', 'XX'], rate: 1 }] }),
    ).toEqual({
      'shippingZones.0.countries.1': messages.countryInvalid('XX'),
    });
  });
});

describe('isCountryCode', () => {
  it('takes ISO 3166-1 alpha-2 countries and refuses what names no country', () => {
    for (const code of ['JP', 'US', 'DE', 'TW', 'XK']) expect(isCountryCode(code), code).toBe(true);
    for (const code of ['jp', 'J', 'JPN', 'XX', 'ZZ', 'EU', 'UN', 'AA', 'QO', '12'])
      expect(isCountryCode(code), code).toBe(false);
  });
});

describe('minimumOrderProblem', () => {
  it('is null with no minimum and at or above it; below, it names the minimum and the shortfall to the cent', () => {
    expect(minimumOrderProblem(100, null)).toBeNull();
    expect(minimumOrderProblem(10_000, 10_000)).toBeNull();
    expect(minimumOrderProblem(10_001, 10_000)).toBeNull();
    expect(minimumOrderProblem(9_999, 10_000)).toBe(messages.belowMinimumOrder(100, 0.01));
    expect(minimumOrderProblem(8_750, 10_050)).toBe(
      'The minimum order is $100.50 (goods total): add $13 more to order.',
    );
  });
});
