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
  // Asked of every order placed: the runtime's answer is kept, at most one per pair of capitals.
  let known = countryCodes.get(code);
  if (known === undefined) {
    known = displayNames('en').of(code) !== undefined;
    countryCodes.set(code, known);
  }
  return known;
}
const countryCodes = new Map<string, boolean>();

/** A country's name in `language`, English by default ('JP' → 'Japan', '日本'); the code itself when the runtime knows none. */
export const countryName = (code: string, language: Language = 'en'): string =>
  displayNames(language).of(code) ?? code;

/**
 * Whether `code` is the one a country goes by today: a withdrawn code (YU, CS for Serbia; UK for
 * the United Kingdom) is known by the runtime under the same name as its successor, and listing
 * both would name the country twice.
 */
const isCurrentCode = (code: string) => Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;

const all: Partial<Record<Language, string[]>> = {};
/**
 * Every country code in use, by its name in `language` (worked out once per language from the
 * runtime's data); each country once, under its current code.
 */
export function allCountryCodes(language: Language = 'en'): string[] {
  if (!all[language]) {
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    const names = new Intl.Collator(language);
    all[language] = letters
      .flatMap((a) => letters.map((b) => a + b))
      .filter((code) => isCountryCode(code) && isCurrentCode(code))
      .sort((a, b) => names.compare(countryName(a, language), countryName(b, language)));
  }
  return all[language];
}

/** The shop's own country, first in every list a buyer picks a country from. */
const HOME_COUNTRY = 'JP';

/** The countries a form offers: the shop's own first, then every other by its name in `language`. */
export const countryChoices = (language: Language = 'en'): string[] => [
  HOME_COUNTRY,
  ...allCountryCodes(language).filter((code) => code !== HOME_COUNTRY),
];
