import { z } from 'zod';
import { taxRoundings } from './domain/charges';
import { isCountryCode } from './domain/countries';
import { issueOf, type Named, says, tell, told } from './domain/messages';

/**
 * The shop's own settings (docs/rules.md, "Shop settings"), kept by an admin at /dashboard/settings through
 * `GET/PUT /api/shop-settings`: one schema for the form and the server. Money in dollars, as
 * every price on the wire. With nothing stored the defaults apply, and they switch nothing on:
 * no minimum order, no tax, no shipping zones — the shop as the spec describes it.
 */

/** At most this many shipping zones. */
export const MAX_SHIPPING_ZONES = 50;
/** A zone that takes every country no other zone lists. */
export const REST_OF_WORLD = 'rest-of-world';

/** A country code as typed: spaces around and lower case forgiven (`jp` is JP). */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: (issue) => tell(issue, says.countryInvalid(String(issue.input))) });

/** At most two decimals, judged on the number as written (so 1e-9 is refused, 19.99 accepted). */
const twoDecimals = (v: number) => /^\d+(\.\d{1,2})?$/.test(String(v));

/** An amount in dollars above 0 with cents at most, up to the largest order. */
const dollars = (what: Named) =>
  z
    .number(told(says.amountInvalid(what)))
    .positive(told(says.amountInvalid(what)))
    .max(999_999.99, told(says.amountInvalid(what)))
    .refine(twoDecimals, told(says.amountInvalid(what)));

/** The most a yen amount of the settings may be. */
export const MAX_SETTING_YEN = 99_999_999;

/**
 * An amount in whole yen the owner sets beside a dollar one (0 or more); null: derived from the
 * dollar amount at the shop's yen rate (`settingIn`). Added later: absent in settings saved before.
 */
const yenOrDerived = (what: Named) =>
  z
    .number(told(says.yenAmountInvalid(what)))
    .int(told(says.yenAmountInvalid(what)))
    .min(0, told(says.yenAmountInvalid(what)))
    .max(MAX_SETTING_YEN, told(says.yenAmountInvalid(what)))
    .nullable()
    .default(null);

/** Optional text: empty when not given. */
const text = (what: Named, max: number) =>
  z
    .string()
    .trim()
    .max(max, told(says.textTooLong(what, max)))
    .default('');

/** Optional text that may be absent (a field added after settings were first saved): empty then. */
const optionalText = (what: Named, max: number) =>
  z
    .string()
    .trim()
    .max(max, told(says.textTooLong(what, max)))
    .optional();

export const bankDetails = z.object({
  bankName: text('bank name', 100),
  branch: text('branch', 100),
  accountType: text('account type', 40),
  accountNumber: text('account number', 40),
  accountHolder: text('account holder', 200),
  swift: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(v), told(says.swiftInvalid))
    .default(''),
});

export const taxSettings = z.object({
  enabled: z.boolean().default(false),
  ratePercent: z
    .number(told(says.taxRateInvalid))
    .min(0, told(says.taxRateInvalid))
    .max(100, told(says.taxRateInvalid))
    .refine(twoDecimals, told(says.taxRateInvalid))
    .default(10),
  /** Orders delivered inside this country pay the tax; exports none. */
  country: countryCode.default('JP'),
  /** How the tax of an order is rounded to the minor unit, once per order and rate. */
  rounding: z.enum(taxRoundings, told(says.taxRoundingInvalid)).default('down'),
});

export const shippingZone = z.object({
  name: z
    .string(told(says.zoneNameRequired))
    .trim()
    .min(1, told(says.zoneNameRequired))
    .max(60, told(says.textTooLong('zone name', 60))),
  countries: z.union(
    [z.literal(REST_OF_WORLD), z.array(countryCode).min(1, told(says.zoneCountriesRequired)).max(250)],
    told(says.zoneCountriesRequired),
  ),
  /** A flat rate per order, in dollars (0: free). */
  rate: z
    .number(told(says.shippingRateInvalid))
    .min(0, told(says.shippingRateInvalid))
    .max(999_999.99, told(says.shippingRateInvalid))
    .refine(twoDecimals, told(says.shippingRateInvalid)),
  /** Free from this goods total, in dollars; null: never free. */
  freeFrom: dollars('free-from amount').nullable().default(null),
  /** The flat rate of a yen order, in whole yen; null: `rate` at the shop's yen rate. */
  rateYen: yenOrDerived('shipping rate in yen'),
  /** Free from this goods total of a yen order, in whole yen; null: `freeFrom` at the shop's yen rate. */
  freeFromYen: yenOrDerived('free-from amount in yen'),
});
export type ShippingZone = z.output<typeof shippingZone>;

/** No country in two zones, at most one rest-of-world zone; each problem named at its field. */
const shippingZones = z
  .array(shippingZone)
  .max(MAX_SHIPPING_ZONES, told(says.tooManyZones(MAX_SHIPPING_ZONES)))
  .default([])
  .superRefine((zones, ctx) => {
    const zoneOf = new Map<string, string>();
    let restOfWorld = false;
    zones.forEach((zone, i) => {
      if (zone.countries === REST_OF_WORLD) {
        if (restOfWorld)
          ctx.addIssue({ code: 'custom', path: [i, 'countries'], ...issueOf(says.oneRestOfWorldZone) });
        restOfWorld = true;
        return;
      }
      for (const code of zone.countries) {
        const taken = zoneOf.get(code);
        if (taken !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'countries'],
            ...issueOf(says.countryInTwoZones(code, taken)),
          });
        } else zoneOf.set(code, zone.name);
      }
    });
  });

/** The whole settings object: what PUT /api/shop-settings takes and GET answers. */
export const shopSettingsFields = z
  .object({
    legalName: z
      .string(told(says.legalNameRequired))
      .trim()
      .min(1, told(says.legalNameRequired))
      .max(200, told(says.textTooLong('legal name', 200))),
    /** The postal address, one or more lines. */
    address: text('address', 500),
    /**
     * The legal name and address in Japanese, for Japanese documents and mails; empty: the English
     * ones serve (`shopIdentity`). Added later: absent when empty, so settings saved before, and
     * the answers about them, are as they were.
     */
    legalNameJa: optionalText('legal name in Japanese', 200),
    addressJa: optionalText('address in Japanese', 500),
    /** Japan's qualified-invoice registration number (T + 13 digits); empty: none. */
    registrationNumber: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^T\d{13}$/.test(v), told(says.registrationNumberInvalid))
      .default(''),
    bank: bankDetails.default({
      bankName: '',
      branch: '',
      accountType: '',
      accountNumber: '',
      accountHolder: '',
      swift: '',
    }),
    tax: taxSettings.default({ enabled: false, ratePercent: 10, country: 'JP', rounding: 'down' }),
    shippingZones,
    /** The least goods total an order may have, in dollars; null: no minimum. */
    minimumOrder: dollars('minimum order value').nullable().default(null),
    /** The least goods total of a yen order, in whole yen; null: `minimumOrder` at the shop's yen rate. */
    minimumOrderYen: yenOrDerived('minimum order in yen'),
    /** How many days a bank-transfer order holds its stock. */
    transferHoldDays: z
      .number(told(says.transferHoldDaysInvalid))
      .int(told(says.transferHoldDaysInvalid))
      .min(1, told(says.transferHoldDaysInvalid))
      .max(60, told(says.transferHoldDaysInvalid))
      .default(7),
    /**
     * The yen per dollar: dollar invoices state it, and yen prices, shipping and minimum the owner
     * has not set are derived from it (rounded up to ¥10); null: not set.
     */
    yenPerDollar: z
      .number(told(says.yenPerDollarInvalid))
      .positive(told(says.yenPerDollarInvalid))
      .max(100_000, told(says.yenPerDollarInvalid))
      .nullable()
      .default(null),
    /**
     * The countries whose deliveries are priced and paid in yen (usually Japan); every other
     * country pays in dollars. Empty: a dollar shop. Needs the yen rate.
     */
    yenCountries: z.array(countryCode).max(300).default([]),
  })
  .superRefine((s, ctx) => {
    if (s.yenCountries.length > 0 && s.yenPerDollar === null)
      ctx.addIssue({ code: 'custom', path: ['yenPerDollar'], ...issueOf(says.yenRateNeededForYen) });
  });
export type ShopSettingsFields = z.output<typeof shopSettingsFields>;
export type ShopSettingsInput = z.input<typeof shopSettingsFields>;

/** The shop's legal name and address in both languages, as the settings (or the configuration) hold them. */
export type ShopIdentities = {
  legalName: string;
  address: string;
  legalNameJa?: string;
  addressJa?: string;
};

/**
 * The legal name and address a document or mail in `language` names the shop by: that language's,
 * the other language's where it is empty (each field on its own).
 */
export function shopIdentity(
  shop: ShopIdentities,
  language: 'en' | 'ja',
): { legalName: string; address: string } {
  const ja = { legalName: shop.legalNameJa ?? '', address: shop.addressJa ?? '' };
  const en = { legalName: shop.legalName, address: shop.address };
  const [first, other] = language === 'ja' ? [ja, en] : [en, ja];
  return { legalName: first.legalName || other.legalName, address: first.address || other.address };
}

/** GET/PUT /api/shop-settings answer: the settings, and who changed them last and when (null: never). */
export const shopSettingsAnswer = z.object({
  settings: shopSettingsFields,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ShopSettingsAnswer = z.output<typeof shopSettingsAnswer>;
