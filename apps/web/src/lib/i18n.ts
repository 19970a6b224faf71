import {
  defaultLanguage,
  isLanguage,
  type Language,
  languageOfCookie,
  languages,
} from '@kanna/shared/domain/languages';
import type { Texts, Translation } from '@kanna/shared/domain/translation';
import { createContext, useContext } from 'react';

// The web app's two languages (docs/languages.md, "Two languages"; decision 0038): each
// feature keeps its texts beside its code, `i18n/en.ts` (the reference) and `i18n/ja.ts` (the
// same keys, typed), declared once in its `i18n/index.ts` with `defineTexts`. Texts load before
// anything that shows them renders: main.tsx loads those of the first download before the first
// render, every lazy chunk's load (lib/lazy-route.ts) those its modules declared, the server's
// rendering all of them in every language. So the first render and every lazy page are in the
// page's language, with no flash of the other, and components read their texts at once
// (`useTexts`). The browser loads the page's language only.

/**
 * The language this page is shown in: the server wrote it into `<html lang>` from the reader's
 * choice (docs/languages.md, "Two languages"). Vite's dev server does not, so there the
 * choice's cookie says it.
 */
export function pageLanguage(): Language {
  if (typeof document === 'undefined') return defaultLanguage;
  if (import.meta.env.DEV) {
    const chosen = languageOfCookie(document.cookie);
    if (chosen) return chosen;
  }
  const { lang } = document.documentElement;
  return isLanguage(lang) ? lang : defaultLanguage;
}

/** A feature's texts: English, the reference, and each other language, as modules loaded on demand. */
export type TextModules<T extends Texts> = {
  [L in Language]: () => Promise<{ default: L extends 'en' ? T : Translation<T> }>;
};

/** The keys of `T` whose texts are plain strings (a menu's labels kept as keys). */
export type WordKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** A feature's texts, as `defineTexts` declares them and `loadTexts` fills them in, language by language. */
export type LoadedTexts<T extends Texts> = {
  readonly modules: TextModules<T>;
  readonly loaded: Partial<Record<Language, Translation<T>>>;
};

// biome-ignore lint/suspicious/noExplicitAny: one list of every feature's texts, whatever their keys
const declared: LoadedTexts<any>[] = [];
const loading = new Map<LoadedTexts<Texts>, Partial<Record<Language, Promise<void>>>>();

/** Declares a feature's texts (in its `i18n/index.ts`); they are loaded by `loadTexts`. */
export function defineTexts<T extends Texts>(modules: TextModules<T>): LoadedTexts<T> {
  const texts: LoadedTexts<T> = { modules, loaded: {} };
  declared.push(texts);
  return texts;
}

/** Every language where there is no page to show (the server's rendering) and in tests; the page's own otherwise. */
const wanted = (): readonly Language[] =>
  typeof window === 'undefined' || import.meta.env.MODE === 'test' ? languages : [pageLanguage()];

/**
 * Loads, in `wanted` languages, the texts of every module evaluated so far that are not loaded
 * yet: called before the first render and after each lazy chunk arrives.
 */
export async function loadTexts(wantedLanguages: readonly Language[] = wanted()): Promise<void> {
  await Promise.all(
    declared.flatMap((texts) => {
      const started = loading.get(texts) ?? {};
      loading.set(texts, started);
      return wantedLanguages
        .filter((language) => !texts.loaded[language])
        .map((language) => {
          started[language] ??= texts.modules[language]().then(
            (module) => {
              (texts.loaded as Record<Language, unknown>)[language] = module.default;
            },
            (error: unknown) => {
              delete started[language];
              throw error;
            },
          );
          return started[language];
        });
    }),
  );
}

/** The language a tree renders in: the page's in the browser, the page's being rendered on the server. */
export const LanguageContext = createContext<Language>(defaultLanguage);

export const useLanguage = (): Language => useContext(LanguageContext);

/** `texts` in `language`. */
export function textsIn<T extends Texts>(texts: LoadedTexts<T>, language: Language): Translation<T> {
  const found = texts.loaded[language];
  if (!found) throw new Error(`The ${language} texts were not loaded`);
  return found;
}

/** A component's texts, in the language it renders in. */
export const useTexts = <T extends Texts>(texts: LoadedTexts<T>): Translation<T> =>
  textsIn(texts, useLanguage());

/** Texts for code outside React (a toast, a title set later): in the page's language. */
export const textsNow = <T extends Texts>(texts: LoadedTexts<T>): Translation<T> =>
  textsIn(texts, pageLanguage());

/** The locale tag for Intl formats in `language`. */
export const localeOf = (language: Language): string => (language === 'ja' ? 'ja-JP' : 'en-US');
