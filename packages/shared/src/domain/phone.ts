import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// The one phone rule of the shop, for orders, checkout and profile, in the browser and on the
// server (docs/decisions/0023): a number as people write it is kept in one normal form, the
// international format (`+81 3 1234 5678`: E.164's digits grouped as the country writes them,
// so every screen, mail and export shows it readably as stored). Whether it is a number at all
// is libphonenumber's judgement, with its `min` metadata (each country's lengths and leading
// digits). This module loads that library: screens that only show a text import messages.ts.

/** Numbers written without a country code are Japan's. */
const DEFAULT_COUNTRY = 'JP';

/** What may be typed: digits, spaces, hyphens and brackets, after an optional leading +. */
const written = /^\+?[0-9 ()-]+$/;

/**
 * The normal form of a phone number as written, or null when it is not one. Full-width
 * digits, hyphens and spaces (as a Japanese keyboard types them) count as their plain forms.
 */
export function normalPhone(text: string): string | null {
  const plain = text.normalize('NFKC').trim();
  if (plain.length > 40 || !written.test(plain)) return null;
  const number = parsePhoneNumberFromString(plain, DEFAULT_COUNTRY);
  return number?.isValid() ? number.formatInternational() : null;
}
