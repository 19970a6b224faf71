import { z } from 'zod';
import {
  type AddressKind,
  addressKinds,
  JAPAN,
  prefectures,
  sevenDigits,
  writtenPostalCode,
} from './domain/address-book';
import { issueOf, type Named, says, told } from './domain/messages';
import { phoneField } from './phone-field';
import { optionalText } from './profile';
import { countryCode } from './shop-settings';
import { oneLine } from './users';

/**
 * The buyer's address book (docs/rules.md, "The buyer's company and address book"): what an entry
 * is, as the form sends it and the server keeps it. A Japanese address (country JP) is a postal
 * code, a prefecture, a city, a street and perhaps a building; any other is two lines, a city, a
 * region and a postal code. The fields of the other kind are not kept.
 */

/** How long each part may be. */
export const ENTRY_LIMITS = {
  label: 60,
  recipient: 100,
  company: 100,
  department: 100,
  city: 100,
  street: 200,
  building: 100,
  line: 200,
  region: 100,
  postalCode: 20,
} as const;

const requiredText = (name: Named, max: number) =>
  z
    .string(told(says.fieldRequired(name)))
    .trim()
    .min(1, told(says.fieldRequired(name)))
    .max(max, told(says.atMostCharacters(max)))
    .refine(oneLine, told(says.textInvalid));

const kind = z.enum(addressKinds, told(says.addressKindInvalid));

const entryFields = z
  .object({
    label: requiredText('label', ENTRY_LIMITS.label),
    kind,
    recipient: requiredText('recipient', ENTRY_LIMITS.recipient),
    company: optionalText(ENTRY_LIMITS.company),
    department: optionalText(ENTRY_LIMITS.department),
    phone: phoneField,
    country: countryCode,
    postalCode: optionalText(ENTRY_LIMITS.postalCode),
    prefecture: optionalText(ENTRY_LIMITS.city),
    city: optionalText(ENTRY_LIMITS.city),
    street: optionalText(ENTRY_LIMITS.street),
    building: optionalText(ENTRY_LIMITS.building),
    line1: optionalText(ENTRY_LIMITS.line),
    line2: optionalText(ENTRY_LIMITS.line),
    region: optionalText(ENTRY_LIMITS.region),
  })
  .strict();

type Fields = z.output<typeof entryFields>;

/** An entry as the server keeps it: every part, null where it has none or it belongs to the other kind of address. */
export type AddressEntryValues = {
  label: string;
  kind: AddressKind;
  recipient: string;
  company: string | null;
  department: string | null;
  phone: string;
  country: string;
  postalCode: string | null;
  prefecture: string | null;
  city: string;
  street: string | null;
  building: string | null;
  line1: string | null;
  line2: string | null;
  region: string | null;
};

/** The parts an address of its country needs, each missing one said where it stands. */
function checkPlace(v: Fields, ctx: z.RefinementCtx) {
  const need = (key: keyof Fields, name: Named) => {
    if (v[key] === undefined)
      ctx.addIssue({ code: 'custom', path: [key], ...issueOf(says.fieldRequired(name)) });
  };
  if (v.country === JAPAN) {
    if (v.postalCode === undefined || !sevenDigits(v.postalCode))
      ctx.addIssue({ code: 'custom', path: ['postalCode'], ...issueOf(says.postalCodeInvalid) });
    if (v.prefecture === undefined || !prefectures.includes(v.prefecture))
      ctx.addIssue({ code: 'custom', path: ['prefecture'], ...issueOf(says.prefectureInvalid) });
    need('city', 'city');
    need('street', 'street');
  } else {
    need('line1', 'address line');
    need('city', 'city');
  }
}

const nothing = (v: string | undefined) => v ?? null;

/** The entry with the other kind of address's parts dropped and a Japanese postal code written 104-0061. */
function keptValues(v: Fields): AddressEntryValues {
  const japanese = v.country === JAPAN;
  const digits = japanese ? sevenDigits(v.postalCode ?? '') : null;
  return {
    label: v.label,
    kind: v.kind,
    recipient: v.recipient,
    company: nothing(v.company),
    department: nothing(v.department),
    phone: v.phone,
    country: v.country,
    postalCode: digits ? writtenPostalCode(digits) : nothing(v.postalCode),
    prefecture: japanese ? nothing(v.prefecture) : null,
    city: v.city ?? '',
    street: japanese ? nothing(v.street) : null,
    building: japanese ? nothing(v.building) : null,
    line1: japanese ? null : nothing(v.line1),
    line2: japanese ? null : nothing(v.line2),
    region: japanese ? null : nothing(v.region),
  };
}

/** POST /api/address-book and PUT /api/address-book/{id}: a whole entry (a PUT replaces every part). */
export const addressEntryRequest = entryFields.superRefine(checkPlace).transform(keptValues);
export type AddressEntryRequest = z.input<typeof addressEntryRequest>;

export const addressEntry = z.object({
  _id: z.uuid(),
  label: z.string(),
  kind: z.enum(addressKinds),
  recipient: z.string(),
  company: z.string().nullable(),
  department: z.string().nullable(),
  phone: z.string(),
  country: z.string(),
  postalCode: z.string().nullable(),
  prefecture: z.string().nullable(),
  city: z.string(),
  street: z.string().nullable(),
  building: z.string().nullable(),
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  region: z.string().nullable(),
  /** The entry as one text, as an order's address is written (`addressText`). */
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AddressEntry = z.infer<typeof addressEntry>;

/** GET /api/address-book: the billing address first, then the delivery addresses by label. */
export const addressBook = z.array(addressEntry);
