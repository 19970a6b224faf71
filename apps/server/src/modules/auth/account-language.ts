import {
  isLanguage,
  type Language,
  languageCookie,
  languageCookieMaxAgeSeconds,
  languageOfCookie,
} from '@kanna/shared/domain/languages';

/*
 * The reader's language follows their account (docs/languages.md, "Two languages"): the choice
 * is kept in the `lang` cookie and on the account, and wins over Accept-Language. The language
 * switch saves a signed-in reader's choice on the account (PUT /api/users/{email}); these two
 * rules carry it between the two at the account's edges.
 */

/** What Better Auth's database hooks are given of the request that wrote the account. */
type WritingRequest = { headers?: Headers; request?: Request } | null | undefined;

/**
 * A new account reads the shop in the language its visitor chose before signing up (their
 * `lang` cookie), or in none (their browser's language then applies) when they chose none.
 */
export function languageChosenAtSignUp(context: WritingRequest): Language | null {
  const cookie = context?.headers?.get('cookie') ?? context?.request?.headers.get('cookie') ?? undefined;
  return languageOfCookie(cookie);
}

/**
 * The cookie a sign-in sets: the account's language, when it chose one, so a browser signed into
 * it reads the shop in that language (whatever it chose before or its Accept-Language says); none
 * for an account that chose none. Readable by the page's script, which shows the choice.
 */
export function languageCookieOf(user: Record<string, unknown> | null | undefined) {
  const language = user?.language;
  if (!isLanguage(language)) return null;
  return {
    name: languageCookie,
    value: language,
    attributes: { path: '/', maxAge: languageCookieMaxAgeSeconds, sameSite: 'lax' as const, httpOnly: false },
  };
}
