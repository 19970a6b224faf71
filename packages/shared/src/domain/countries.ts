import type { Language } from './languages';

/**
 * Countries by their ISO 3166-1 alpha-2 codes, as the shop settings' zones and an order's
 * destination name them; their names come from the runtime's Intl data in the reader's language,
 * so no list is kept here.
 */

const regions: Partial<Record<Language, Intl.DisplayNames>> = {};
/** Codes ISO 3166-1 reserves or that name no country (unknown, EU, UN, private use). */
const notCountries = /^(ZZ|EU|EZ|UN|AA|Q[M-Z]|X[A-JL-Z])$/;

const displayNames = (language: Language) =>
  (regions[language] ??= new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }));

/** Whether `code` is an ISO 3166-1 alpha-2 country code (two capitals a country has). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || notCountries.test(code)) return false;
  return displayNames('en').of(code) !== undefined;
}

/** A country's name in `language`, English by default ('JP' → 'Japan', '日本'); the code itself when the runtime knows none. */
export const countryName = (code: string, language: Language = 'en'): string =>
  displayNames(language).of(code) ?? code;

const all: Partial<Record<Language, string[]>> = {};
/** Every country code, by its name in `language` (worked out once per language from the runtime's data). */
export function allCountryCodes(language: Language = 'en'): string[] {
  if (!all[language]) {
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    const names = new Intl.Collator(language);
    all[language] = letters
      .flatMap((a) => letters.map((b) => a + b))
      .filter(isCountryCode)
      .sort((a, b) => names.compare(countryName(a, language), countryName(b, language)));
  }
  return all[language];
}
