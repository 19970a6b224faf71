import type { Language } from '@kanna/shared/domain/languages';

/**
 * The language the reader reads the shop in, for what the shop's own data says in two languages
 * (a tool's name and description: `toolName`/`toolDescription` in @kanna/shared/domain/tool-texts).
 * English for now: the page's language is not known to the web app yet. Once it is (the
 * language switch, the cookie, the account, Accept-Language, as `<html lang>` says), this hook
 * returns it and every tool's name follows, on the server-rendered pages too.
 */
export function useReaderLanguage(): Language {
  return 'en';
}
