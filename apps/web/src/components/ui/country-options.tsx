import { countryChoices, countryName } from '@kanna/shared/domain/countries';
import { useLanguage } from '../../lib/i18n';

/** Every country by its name in the reader's language, Japan first: the options of a country select. */
export function CountryOptions() {
  const language = useLanguage();
  return (
    <>
      {countryChoices(language).map((code) => (
        <option key={code} value={code}>
          {countryName(code, language)}
        </option>
      ))}
    </>
  );
}
