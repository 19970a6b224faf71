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

function judged(text: string): string | null {
  const plain = text.normalize('NFKC').trim();
  if (plain.length > 40 || !written.test(plain)) return null;
  const number = parsePhoneNumberFromString(plain, DEFAULT_COUNTRY);
  return number?.isValid() ? number.formatInternational() : null;
}

/**
 * The answers for the texts judged last (at most `KEPT`, the oldest dropped first): a buyer
 * sends the same number with every order, and libphonenumber's parse and format were a
 * twelfth of the server's thread placing one-tool orders (decision 0079). The judgement is a
 * pure function of the text, so a kept answer is the answer.
 */
const KEPT = 1000;
const known = new Map<string, string | null>();

/**
 * The normal form of a phone number as written, or null when it is not one. Full-width
 * digits, hyphens and spaces (as a Japanese keyboard types them) count as their plain forms.
 */
export function normalPhone(text: string): string | null {
  const hit = known.get(text);
  if (hit !== undefined) return hit;
  const answer = judged(text);
  // Only texts that could be numbers are kept (a few dozen characters at most): never a long paste.
  if (text.length <= 64) {
    if (known.size >= KEPT) known.delete(known.keys().next().value as string);
    known.set(text, answer);
  }
  return answer;
}
