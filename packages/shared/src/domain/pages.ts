import type { Language } from './languages';

/**
 * The pages the owner writes (decision 0054, docs/pages.md): the legal pages a shop selling in Japan
 * must publish, and the spec's blog and portfolio. Free of zod: the footer (first download) and
 * the server's router both read it.
 */

/** The legal pages, in the order the footer lists them. */
export const legalSlugs = ['tokushoho', 'terms', 'privacy', 'about', 'shipping-payment'] as const;
export type LegalSlug = (typeof legalSlugs)[number];

/** The spec's own pages that the owner may rewrite; they keep their addresses (/blog, /myPortfolio). */
const storySlugs = ['blog', 'myPortfolio'] as const;

/** Every page the owner edits: nothing else is a page (no page is created or deleted). */
export const pageSlugs = [...legalSlugs, ...storySlugs] as const;
export type PageSlug = (typeof pageSlugs)[number];

export const isPageSlug = (value: unknown): value is PageSlug =>
  typeof value === 'string' && (pageSlugs as readonly string[]).includes(value);

export const isLegalSlug = (value: unknown): value is LegalSlug =>
  typeof value === 'string' && (legalSlugs as readonly string[]).includes(value);

/** A page's title: 1 to this many characters. */
export const PAGE_TITLE_MAX = 120;
/** A page's Markdown: at most this many characters (a long privacy policy is ~20,000). */
export const PAGE_BODY_MAX = 40_000;

/** Where a legal page is read: `/legal/{slug}` in English, `/ja/legal/{slug}` in Japanese. */
export const legalPath = (slug: LegalSlug, lang: Language): string =>
  lang === 'ja' ? `/ja/legal/${slug}` : `/legal/${slug}`;

/** The page and language an address names: `/legal/{slug}` or `/ja/legal/{slug}` (a trailing `/` allowed); null for any other. */
export function legalAddress(path: string): { slug: LegalSlug; lang: Language } | null {
  const found = /^(\/ja)?\/legal\/([a-z-]+)\/?$/.exec(path);
  if (!found || !isLegalSlug(found[2])) return null;
  return { slug: found[2], lang: found[1] ? 'ja' : 'en' };
}
