/**
 * Countries by their ISO 3166-1 alpha-2 codes, as the shop settings' zones and an order's
 * destination name them; their names come from the runtime's Intl data, so no list is kept here.
 */

let regions: Intl.DisplayNames | undefined;
/** Codes ISO 3166-1 reserves or that name no country (unknown, EU, UN, private use). */
const notCountries = /^(ZZ|EU|EZ|UN|AA|Q[M-Z]|X[A-JL-Z])$/;

const displayNames = () => (regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }));

/** Whether `code` is an ISO 3166-1 alpha-2 country code (two capitals a country has). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || notCountries.test(code)) return false;
  return displayNames().of(code) !== undefined;
}

/** A country's name in English ('JP' → 'Japan'); the code itself when the runtime knows none. */
export const countryName = (code: string): string => displayNames().of(code) ?? code;

let all: string[] | undefined;
/** Every country code, by name (worked out once from the runtime's data). */
export function allCountryCodes(): string[] {
  if (!all) {
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    all = letters
      .flatMap((a) => letters.map((b) => a + b))
      .filter(isCountryCode)
      .sort((a, b) => countryName(a).localeCompare(countryName(b), 'en'));
  }
  return all;
}
