/**
 * The languages the shop speaks, the one list the server and the web app share
 * (docs/languages.md, "Two languages"). English is the specification's; every text has both.
 */
export const languages = ['en', 'ja'] as const;
export type Language = (typeof languages)[number];

/** What a reader gets when nothing says otherwise. */
export const defaultLanguage: Language = 'en';

/** The cookie the language switch sets: the visitor's choice, which wins over everything else. */
export const languageCookie = 'lang';

/** How long the choice is kept: a year, renewed whenever it is made again. */
export const languageCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** Each language named in itself, as the switch offers it. */
export const languageNames: Readonly<Record<Language, string>> = { en: 'English', ja: '日本語' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** The `lang` cookie's value in a Cookie header, when it names a language. */
export function languageOfCookie(cookieHeader: string | undefined): Language | null {
  if (!cookieHeader) return null;
  const found = new RegExp(`(?:^|;)\\s*${languageCookie}=([^;]*)`).exec(cookieHeader)?.[1]?.trim();
  return isLanguage(found) ? found : null;
}

/**
 * The reader's language: their choice (the cookie, else their account's), else the first of the
 * browser's languages (Accept-Language) the shop speaks, else English.
 */
export function chooseLanguage(reader: {
  chosen?: Language | null | undefined;
  account?: Language | null | undefined;
  accepted?: Language | null | undefined;
}): Language {
  return reader.chosen ?? reader.account ?? reader.accepted ?? defaultLanguage;
}
