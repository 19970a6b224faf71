import { z } from 'zod';
import { isCountryCode } from './domain/countries';
import { messages } from './domain/messages';

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
  .refine(isCountryCode, { error: (issue) => messages.countryInvalid(String(issue.input)) });

/** At most two decimals, judged on the number as written (so 1e-9 is refused, 19.99 accepted). */
const twoDecimals = (v: number) => /^\d+(\.\d{1,2})?$/.test(String(v));

/** An amount in dollars above 0 with cents at most, up to the largest order. */
const dollars = (what: string) =>
  z
    .number({ error: messages.amountInvalid(what) })
    .positive({ error: messages.amountInvalid(what) })
    .max(999_999.99, { error: messages.amountInvalid(what) })
    .refine(twoDecimals, { error: messages.amountInvalid(what) });

/** Optional text: empty when not given. */
const text = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messages.textTooLong(what, max) })
    .default('');

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
    .refine((v) => v === '' || /^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(v), { error: messages.swiftInvalid })
    .default(''),
});

export const taxSettings = z.object({
  enabled: z.boolean().default(false),
  ratePercent: z
    .number({ error: messages.taxRateInvalid })
    .min(0, { error: messages.taxRateInvalid })
    .max(100, { error: messages.taxRateInvalid })
    .refine(twoDecimals, { error: messages.taxRateInvalid })
    .default(10),
  /** Orders delivered inside this country pay the tax; exports none. */
  country: countryCode.default('JP'),
});

export const shippingZone = z.object({
  name: z
    .string({ error: messages.zoneNameRequired })
    .trim()
    .min(1, { error: messages.zoneNameRequired })
    .max(60, { error: messages.textTooLong('zone name', 60) }),
  countries: z.union(
    [
      z.literal(REST_OF_WORLD),
      z.array(countryCode).min(1, { error: messages.zoneCountriesRequired }).max(250),
    ],
    { error: messages.zoneCountriesRequired },
  ),
  /** A flat rate per order, in dollars (0: free). */
  rate: z
    .number({ error: messages.shippingRateInvalid })
    .min(0, { error: messages.shippingRateInvalid })
    .max(999_999.99, { error: messages.shippingRateInvalid })
    .refine(twoDecimals, { error: messages.shippingRateInvalid }),
  /** Free from this goods total, in dollars; null: never free. */
  freeFrom: dollars('free-from amount').nullable().default(null),
});
export type ShippingZone = z.output<typeof shippingZone>;

/** No country in two zones, at most one rest-of-world zone; each problem named at its field. */
const shippingZones = z
  .array(shippingZone)
  .max(MAX_SHIPPING_ZONES, { error: messages.tooManyZones(MAX_SHIPPING_ZONES) })
  .default([])
  .superRefine((zones, ctx) => {
    const zoneOf = new Map<string, string>();
    let restOfWorld = false;
    zones.forEach((zone, i) => {
      if (zone.countries === REST_OF_WORLD) {
        if (restOfWorld)
          ctx.addIssue({ code: 'custom', path: [i, 'countries'], message: messages.oneRestOfWorldZone });
        restOfWorld = true;
        return;
      }
      for (const code of zone.countries) {
        const taken = zoneOf.get(code);
        if (taken !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'countries'],
            message: messages.countryInTwoZones(code, taken),
          });
        } else zoneOf.set(code, zone.name);
      }
    });
  });

/** The whole settings object: what PUT /api/shop-settings takes and GET answers. */
export const shopSettingsFields = z.object({
  legalName: z
    .string({ error: messages.legalNameRequired })
    .trim()
    .min(1, { error: messages.legalNameRequired })
    .max(200, { error: messages.textTooLong('legal name', 200) }),
  /** The postal address, one or more lines. */
  address: text('address', 500),
  /** Japan's qualified-invoice registration number (T + 13 digits); empty: none. */
  registrationNumber: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^T\d{13}$/.test(v), { error: messages.registrationNumberInvalid })
    .default(''),
  bank: bankDetails.default({
    bankName: '',
    branch: '',
    accountType: '',
    accountNumber: '',
    accountHolder: '',
    swift: '',
  }),
  tax: taxSettings.default({ enabled: false, ratePercent: 10, country: 'JP' }),
  shippingZones,
  /** The least goods total an order may have, in dollars; null: no minimum. */
  minimumOrder: dollars('minimum order value').nullable().default(null),
  /** How many days a bank-transfer order holds its stock. */
  transferHoldDays: z
    .number({ error: messages.transferHoldDaysInvalid })
    .int({ error: messages.transferHoldDaysInvalid })
    .min(1, { error: messages.transferHoldDaysInvalid })
    .max(60, { error: messages.transferHoldDaysInvalid })
    .default(7),
  /** The yen per dollar invoices state; null: not set. */
  yenPerDollar: z
    .number({ error: messages.yenPerDollarInvalid })
    .positive({ error: messages.yenPerDollarInvalid })
    .max(100_000, { error: messages.yenPerDollarInvalid })
    .nullable()
    .default(null),
});
export type ShopSettingsFields = z.output<typeof shopSettingsFields>;
export type ShopSettingsInput = z.input<typeof shopSettingsFields>;

/** GET/PUT /api/shop-settings answer: the settings, and who changed them last and when (null: never). */
export const shopSettingsAnswer = z.object({
  settings: shopSettingsFields,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ShopSettingsAnswer = z.output<typeof shopSettingsAnswer>;
