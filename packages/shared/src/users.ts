import { z } from 'zod';
import { imageWidths, mediaIdPattern } from './catalog';
import { pageQuery } from './common';
import { taxRoundings } from './domain/charges';
import { languages } from './domain/languages';
import { SEARCH_MAX_LENGTH } from './domain/limits';
import { says, told } from './domain/messages';

/** E-mail as the forms and the server check it (spec §5; docs/decisions/0009 on why any valid address passes). */
export const emailField = z
  .string(told(says.emailRequired))
  .trim()
  .min(1, told(says.emailRequired))
  .pipe(z.email(told(says.emailInvalid)).max(254, told(says.emailInvalid)));

export const passwordField = z
  .string(told(says.passwordRequired))
  .min(1, told(says.passwordRequired))
  .min(6, told(says.passwordTooShort))
  .max(128, told(says.passwordTooLong));

export const loginForm = z.object({ email: emailField, password: passwordField });
export type LoginForm = z.infer<typeof loginForm>;

/**
 * Control characters (NUL, line breaks, escapes, …) have no place in a one-line field: a name
 * is printed in e-mail greetings, review cards and order records.
 */
const controlCharacters = /\p{Cc}/u;
export const oneLine = (v: string) => !controlCharacters.test(v);

/** A person's or company's name, the same on every path that sets one (sign-up, profile, Better Auth's update-user). */
export const displayNameField = z
  .string(told(says.nameRequired))
  .trim()
  .min(1, told(says.nameRequired))
  .max(80, told(says.nameTooLong))
  .refine(oneLine, told(says.nameInvalid));

/**
 * A profile picture is one of the shop's own pictures, `/media/<uuid>/<width>.webp` at a width
 * the media module produces; the server also checks that it exists. Nothing else — another
 * address on this site (a sign-in or verification link) or on another site — may stand in for it.
 */
export const picturePath = new RegExp(`^/media/${mediaIdPattern}/(${imageWidths.join('|')})\\.webp$`);
export const pictureField = z.string().trim().regex(picturePath, told(says.pictureInvalid));

/** The id of the picture a valid `pictureField` names. */
export const pictureId = (path: string): string => path.split('/')[2] ?? '';

export const signUpForm = z.object({
  name: displayNameField,
  email: emailField,
  password: passwordField,
});
export type SignUpForm = z.infer<typeof signUpForm>;

export const resetRequestForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, told(says.resetEmailMissing))
    .pipe(z.email(told(says.resetEmailMissing))),
});
export type ResetRequestForm = z.infer<typeof resetRequestForm>;

export const newPasswordForm = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { ...told(says.passwordsDiffer), path: ['confirm'] });
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

export const role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof role>;

/** The user record (spec §3). Empty profile fields are null; the screens show 'no data found!'. */
export const userRecord = z.object({
  email: z.string(),
  displayName: z.string(),
  role,
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  district: z.string().nullable(),
  city: z.string().nullable(),
  streetAddress: z.string().nullable(),
  /** The country the buyer's goods usually go to (ISO 3166-1 alpha-2): the checkout's first choice. */
  country: z.string().nullable(),
  /** The buyer's company (会社名) and department (部署); null when not given. */
  company: z.string().nullable(),
  department: z.string().nullable(),
  facebook: z.string().nullable(),
  linkedin: z.string().nullable(),
  img: z.string().nullable(),
  /** An admin approved this trade buyer: unpaid orders past the value and half-stock caps. */
  approved: z.boolean(),
  /** The language the account reads the shop in; null until its owner chose one. */
  language: z.enum(languages).nullable(),
  createdAt: z.string(),
});
export type UserRecord = z.infer<typeof userRecord>;
export const userList = z.array(userRecord);

export const userUpsertResponse = z.object({
  acknowledged: z.literal(true),
  modifiedCount: z.number().int(),
  /** Only to a caller signed in as that e-mail: usable as `Authorization: Bearer`. */
  jwtAccessToken: z.string().optional(),
  user: userRecord,
});
export type UserUpsertResponse = z.infer<typeof userUpsertResponse>;
/** PUT /api/users/{email}/picture: the record with its new picture (no token). */
export const pictureResponse = userUpsertResponse.omit({ jwtAccessToken: true });

export const adminCheck = z.object({ admin: z.boolean() });
export type AdminCheck = z.infer<typeof adminCheck>;

export const emailParam = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email(told(says.emailInvalid))),
});

/** The admin's Users list: one page, newest first; `q` is part of the e-mail or name, any case. */
export const usersQuery = pageQuery.extend({
  q: z.string().trim().max(SEARCH_MAX_LENGTH, told(says.searchTooLong)).optional(),
  role: role.optional(),
});
export type UsersQuery = z.infer<typeof usersQuery>;

export const modifiedResponse = z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() });

/** PUT /api/users/{email}/approval (admin): whether the buyer may hold unpaid orders past the caps. */
export const approvalRequest = z.object({ approved: z.boolean(told(says.approvedInvalid)) });

/** What the browser needs to know about optional integrations. */
export const shopSettings = z.object({
  google: z.boolean(),
  payments: z.enum(['test', 'stripe']),
  stripePublishableKey: z.string().nullable(),
  /** The least goods total an order may have, in dollars (the shop settings); null: none. */
  minimumOrder: z.number().nullable(),
  /** The same in whole yen for a yen order, where the owner set it; null: derived from `minimumOrder` (`minimumIn`). */
  minimumOrderYen: z.number().nullable(),
  /** What the cart and checkout charge besides the goods (`orderCharges`). */
  charges: z.object({
    tax: z.object({
      enabled: z.boolean(),
      ratePercent: z.number(),
      country: z.string(),
      rounding: z.enum(taxRoundings),
    }),
    shippingZones: z.array(
      z.object({
        name: z.string(),
        countries: z.union([z.literal('rest-of-world'), z.array(z.string())]),
        rate: z.number(),
        freeFrom: z.number().nullable(),
        /** A yen order's rate and free-from amount in whole yen; null: derived from the dollar ones. */
        rateYen: z.number().nullable(),
        freeFromYen: z.number().nullable(),
      }),
    ),
    /** The countries whose deliveries are priced and paid in yen (`orderCurrency`). */
    yenCountries: z.array(z.string()),
    yenPerDollar: z.number().nullable(),
  }),
  /** Whether orders may be paid by bank transfer (the shop has given its account). */
  bankTransfer: z.boolean(),
  /** How many days a transfer order holds its stock. */
  transferHoldDays: z.number().int(),
  /** The shop's time zone (SHOP_TIME_ZONE, an IANA name): the order pages show times in it. */
  timeZone: z.string(),
});
export type ShopSettings = z.infer<typeof shopSettings>;
