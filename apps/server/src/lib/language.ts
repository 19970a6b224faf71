import type { IncomingHttpHeaders } from 'node:http';
import {
  chooseLanguage,
  isLanguage,
  type Language,
  languageOfCookie,
  languages,
} from '@kanna/shared/domain/languages';
import { messages } from '@kanna/shared/domain/messages';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { type Said, textOf } from '@kanna/shared/domain/translation';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

/**
 * The reader's language (docs/languages.md, "Two languages"): their choice — the `lang`
 * cookie the language switch sets, or their account's — else the first language of their
 * browser's Accept-Language the shop speaks (`ja-JP` is Japanese), else English.
 */

/** Accept-Language's most preferred language the shop speaks; null when it names none. */
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const [first] = new Negotiator({ headers: { 'accept-language': header } }).languages([...languages]);
  return isLanguage(first) ? first : null;
}

/** A page's language: it is the same for everyone with the same cookie and Accept-Language (`Vary`). */
export const pageLanguage = (headers: IncomingHttpHeaders): Language =>
  chooseLanguage({
    chosen: languageOfCookie(headers.cookie),
    accepted: acceptedLanguage(headers['accept-language']),
  });

/** An API answer's language: as a page's, with the account's language before the browser's. */
export const requestLanguage = (request: FastifyRequest): Language =>
  chooseLanguage({
    chosen: languageOfCookie(request.headers.cookie),
    account: request.sessionUser?.language,
    accepted: acceptedLanguage(request.headers['accept-language']),
  });

/** The headers of an answer said in one language, which caches must keep apart from the other's. */
export const languageHeaders = (language: Language) => ({
  'content-language': language,
  vary: 'accept-encoding, cookie, accept-language',
});

/** The text `said` names, made in `language` from its key and params (never from its English). */
export const textIn = (said: Said, language: Language): string =>
  textOf(said, language === 'ja' ? messagesJa : messages) ?? textOf(said, messages) ?? said.key;
