import type { Language } from '@kanna/shared/domain/languages';
import { type LegalSlug, legalAddress, legalPath } from '@kanna/shared/domain/pages';
import type { PageAnswer } from '@kanna/shared/pages';
import type { PageMeta } from '../../../lib/page-meta';

// What /legal/{slug} and its rendering on the server (app/legal-page-render.tsx) share, apart from
// the page itself so that the server's entry does not pull the page's chunk into its own.

/** The name of this page's data block (lib/page-data.ts): the page's answer as GET /api/pages/{slug} gave it. */
export const LEGAL_PAGE = 'legal';

/**
 * The page's head: its title, a description naming it, and its own address as the canonical one.
 * In the page's language, which may not be the shop's (whose texts alone the browser loads), so
 * written here rather than taken from the feature's texts.
 */
export function legalMeta(page: Pick<PageAnswer, 'title' | 'slug' | 'lang'>): Required<PageMeta> {
  return {
    title: page.title,
    description: page.lang === 'ja' ? `${page.title}｜Kanna Tool Works` : `${page.title} — Kanna Tool Works`,
    canonical: legalPath(page.slug as LegalSlug, page.lang),
  };
}

/** The page and language an address names (`/ja/legal/terms`: the terms in Japanese). */
export const legalPageAt = (pathname: string): { slug: LegalSlug; lang: Language } | null =>
  legalAddress(pathname);
