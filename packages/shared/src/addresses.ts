import { z } from 'zod';
import { says, told } from './domain/messages';

/**
 * Japanese postal codes (docs/rules.md, "Japanese addresses"): `GET /api/postal-codes/{code}`
 * answers the prefecture, city and town a code names, from an offline table, so a Japanese
 * address form asks for the postal code first and fills the rest.
 */

/** Seven digits, as typed: `1040061`, `104-0061`, `〒104-0061` or with full-width digits. */
export const postalCodeParam = z.object({
  code: z
    .string()
    .transform((v) => v.normalize('NFKC').replace(/^〒/, '').replace(/[-\s]/g, ''))
    .refine((v) => /^\d{7}$/.test(v), told(says.postalCodeInvalid)),
});

export const postalPlace = z.object({
  prefecture: z.string(),
  city: z.string(),
  /** The town (大字) the code names; empty when the code covers a whole city. */
  town: z.string(),
});
export type PostalPlace = z.infer<typeof postalPlace>;

export const postalCodeAnswer = z.object({
  /** As it is written: `104-0061`. */
  postalCode: z.string(),
  /** One place, or several when the code is shared. */
  places: z.array(postalPlace),
});
export type PostalCodeAnswer = z.infer<typeof postalCodeAnswer>;
