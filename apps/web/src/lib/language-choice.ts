import {
  type Language,
  languageCookie,
  languageCookieMaxAgeSeconds,
  languageOfCookie,
} from '@kanna/shared/domain/languages';

/**
 * Keeps `language` as this browser's choice: the `lang` cookie, which the server reads for every
 * page and answer (docs/languages.md, "Two languages") and which wins over everything else.
 */
export function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie the server reads; the Cookie Store API is not everywhere yet
  document.cookie = `${languageCookie}=${language}; path=/; max-age=${languageCookieMaxAgeSeconds}; samesite=lax`;
}

/** The language this browser chose, when it chose one. */
export const chosenLanguage = (): Language | null => languageOfCookie(document.cookie);
