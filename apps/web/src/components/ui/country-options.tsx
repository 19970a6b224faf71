import type { ChargeSettings } from '@kanna/shared/domain/charges';
import { countryChoices, countryName } from '@kanna/shared/domain/countries';
import type { Language } from '@kanna/shared/domain/languages';
import { useLanguage } from '../../lib/i18n';

/**
 * The options of a country select, each country by its name in the reader's language: those of
 * `codes` in their order, or every country, Japan first.
 */
export function CountryOptions({ codes }: { codes?: readonly string[] }) {
  const language = useLanguage();
  return (
    <>
      {(codes ?? countryChoices(language)).map((code) => (
        <option key={code} value={code}>
          {countryName(code, language)}
        </option>
      ))}
    </>
  );
}

/**
 * The countries the shop ships to, by their names in `language`: those its zones list, or every
 * country when it has none or a rest-of-world zone (the checkout's and "Enter an order"'s choice).
 */
export function shippedTo(charges: ChargeSettings, language: Language): string[] {
  const zones = charges.shippingZones;
  const all = countryChoices(language);
  if (zones.length === 0 || zones.some((z) => z.countries === 'rest-of-world')) return all;
  const listed = new Set(zones.flatMap((z) => (z.countries === 'rest-of-world' ? [] : z.countries)));
  return all.filter((c) => listed.has(c));
}
