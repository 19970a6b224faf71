import type { Language } from '@kanna/shared/domain/languages';
import { messages } from '@kanna/shared/domain/messages';
import { type Said, textOf } from '@kanna/shared/domain/translation';
import { defineTexts, textsIn, useLanguage } from './i18n';

// The shop's shared texts (packages/shared/src/domain/messages.ts: validation rules, refusals,
// toasts) are made in English; a Japanese page says them in Japanese. Their Japanese is loaded
// like any feature's texts (lib/i18n.ts), with the first chunk that imports this module and only
// for a Japanese page: never in the first download, where a toast says its text with `sayLater`.

type Saying = { say: (text: string) => string; said: (said: Said) => string };

const english = (said: Said) => textOf(said, messages) ?? said.key;

const sayings = defineTexts<Saying>({
  en: async () => ({ default: { say: (text: string) => text, said: english } }),
  ja: async () => {
    const { inJapanese, messagesJa } = await import('@kanna/shared/domain/messages-ja');
    return { default: { say: inJapanese, said: (said: Said) => textOf(said, messagesJa) ?? english(said) } };
  },
});

/**
 * A shared text in `language`: one named by its key (`says.*`, a rule's problem) made in it,
 * or a text as it is (the server's answers are in the reader's language already).
 */
export const sayIn = (text: string | Said, language: Language): string =>
  typeof text === 'string' ? textsIn(sayings, language).say(text) : textsIn(sayings, language).said(text);

/** `sayIn` in the language the component renders in. */
export function useSay(): (text: string | Said) => string {
  const language = useLanguage();
  return (text) => sayIn(text, language);
}
