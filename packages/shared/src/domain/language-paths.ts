import { defaultLanguage, isLanguage, type Language, languages } from './languages';

/*
 * Each language has its own addresses (docs/languages.md, "An address per language"): English,
 * the default, at the unprefixed paths, every other language under its code (`/ja`, `/ja/allProduct`,
 * `/ja/tools/{slug}`…). The prefix is generic: any page of the app works under it. The server
 * and the web app both read an address with these functions.
 */

/** An address read: the language its prefix names (null when unprefixed) and the page's path without it. */
export type SplitAddress = { language: Language | null; path: string };

/** `/ja/allProduct` → ja and `/allProduct`; `/ja` → ja and `/`; `/allProduct` → null and itself. */
export function splitAddress(pathname: string): SplitAddress {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  const code = match?.[1];
  if (!match || !isLanguage(code) || code === defaultLanguage) return { language: null, path: pathname };
  return { language: code, path: match[2] || '/' };
}

/** The address of the page at `path` (unprefixed) in `language`: `/` in Japanese is `/ja`. */
export function localizedPath(path: string, language: Language): string {
  if (language === defaultLanguage) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** The router's base for an address: `/ja` under the Japanese prefix, nothing for the unprefixed ones. */
export function addressBase(pathname: string): string | undefined {
  const { language } = splitAddress(pathname);
  return language ? `/${language}` : undefined;
}

/** What a page names in its head: its canonical address in `language`, and every language's address with `x-default` (the default language's). */
export type PageAlternates = { canonical: string; alternates: { hrefLang: string; href: string }[] };

/** The absolute canonical and `hreflang` alternates of the page at `path` (unprefixed) in `language`, on `origin` (a scheme and host, as PUBLIC_URL). */
export function pageAlternates(path: string, language: Language, origin: string): PageAlternates {
  const base = origin.replace(/\/+$/, '');
  const at = (l: Language) => base + localizedPath(path, l);
  return {
    canonical: at(language),
    alternates: [
      ...languages.map((l) => ({ hrefLang: l, href: at(l) })),
      { hrefLang: 'x-default', href: at(defaultLanguage) },
    ],
  };
}
