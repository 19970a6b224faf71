import type { Language } from '@kanna/shared/domain/languages';
import { defineTexts, textsIn, useLanguage } from './i18n';

// The shop's shared texts (packages/shared/src/domain/messages.ts: validation rules, refusals,
// toasts) are made in English; a Japanese page says them in Japanese. Their Japanese is loaded
// like any feature's texts (lib/i18n.ts), with the first chunk that imports this module and only
// for a Japanese page: never in the first download, where a toast says its text with `sayLater`.

type Saying = { say: (text: string) => string };

const sayings = defineTexts<Saying>({
  en: async () => ({ default: { say: (text: string) => text } }),
  ja: async () => ({ default: { say: (await import('@kanna/shared/domain/messages-ja')).inJapanese } }),
});

/** A shared text in `language` (any other text as it is: the server's answers are in the reader's language already). */
export const sayIn = (text: string, language: Language): string => textsIn(sayings, language).say(text);

/** `sayIn` in the language the component renders in. */
export function useSay(): (text: string) => string {
  const language = useLanguage();
  return (text) => sayIn(text, language);
}
