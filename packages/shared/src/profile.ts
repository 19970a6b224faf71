import { z } from 'zod';
import { isCountryCode } from './domain/countries';
import { languages } from './domain/languages';
import { issueOf, type Named, says, tell, told } from './domain/messages';
import { phoneField } from './phone-field';
import { displayNameField, emailField, oneLine, picturePath } from './users';

// The profile's schemas, apart from users.ts: the phone rule's library (domain/phone.ts) then
// loads with the profile form alone, not with the sign-in and sign-up forms.

/** Optional text on one line of at most `max` characters; '' clears it. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, told(says.atMostCharacters(max)))
    .refine(oneLine, told(says.textInvalid))
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const optionalUrl = z
  .string()
  .trim()
  .max(500)
  .optional()
  .refine((v) => !v || /^https?:\/\/\S+$/.test(v), {
    ...told(says.webAddressInvalid),
  })
  .transform((v) => (v === '' ? undefined : v));

/** Where the buyer's goods usually go (ISO 3166-1 alpha-2): the checkout starts from it. '' clears it. */
const optionalCountry = z
  .string()
  .trim()
  .toUpperCase()
  .optional()
  .refine((v) => !v || isCountryCode(v), {
    error: (issue) => tell(issue, says.countryInvalid(String(issue.input))),
  })
  .transform((v) => (v === '' ? undefined : v));

/** '' clears the picture. */
const optionalPicture = z
  .string()
  .trim()
  .refine((v) => v === '' || picturePath.test(v), told(says.pictureInvalid))
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const requiredText = (name: Named) =>
  z
    .string()
    .trim()
    .min(1, told(says.fieldRequired(name)))
    .max(80)
    .refine(oneLine, told(says.textInvalid));

const profileFields = {
  displayName: displayNameField,
  phone: phoneField,
  district: requiredText('district'),
  city: requiredText('city'),
  streetAddress: optionalText(200),
  country: optionalCountry,
  /** Who the buyer is as a business (会社名, 部署): optional, one line each. */
  company: optionalText(100),
  department: optionalText(100),
  facebook: optionalUrl,
  linkedin: optionalUrl,
  img: optionalPicture,
};

/** The profile form (spec §2 editProfile; phone, city and district required, spec §5). */
export const profileForm = z.object(profileFields);
export type ProfileForm = z.input<typeof profileForm>;

const requiredInProfile = ['phone', 'city', 'district'] as const;
/** The profile's fields kept as text on the account (a cleared one as none); the picture is apart. */
export const profileTextFields = [
  'phone',
  'district',
  'city',
  'streetAddress',
  'country',
  'company',
  'department',
  'facebook',
  'linkedin',
] as const;
const profileOnly = [...profileTextFields, 'img'] as const;

/**
 * PUT /api/users/{email}: run after each sign-in with `{ email, displayName }` (spec §7), by
 * the profile form with every profile field (then phone, city and district are required), and by
 * the language switch with `{ language }`.
 * Unknown fields, a role among them, are refused.
 */
export const userUpsertRequest = z
  .object({
    email: emailField.optional(),
    displayName: profileFields.displayName.optional(),
    phone: profileFields.phone.optional(),
    district: profileFields.district.optional(),
    city: profileFields.city.optional(),
    streetAddress: profileFields.streetAddress,
    country: profileFields.country,
    company: profileFields.company,
    department: profileFields.department,
    facebook: profileFields.facebook,
    linkedin: profileFields.linkedin,
    img: profileFields.img,
    /** The language switch of a signed-in reader: the account reads the shop in it from then on. */
    language: z.enum(languages).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!profileOnly.some((k) => v[k] !== undefined)) return;
    for (const k of requiredInProfile) {
      if (v[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], ...issueOf(says.fieldRequired(k)) });
    }
  });
