import { pageAlternates, splitAddress } from '@kanna/shared/domain/language-paths';
import { defaultLanguage } from '@kanna/shared/domain/languages';
import { isPublicPage } from '@kanna/shared/routes';
import { useEffect } from 'react';

const SITE_NAME = 'Kanna';

/** What a page says about itself in the document's head. */
export interface PageMeta {
  title: string;
  description: string;
  /** The address search engines should index for this page (`/` for `/home`); none when absent. */
  canonical?: string;
}

/** The document's title for a page titled `title`: the shop's name follows unless it is in it. */
export const pageTitle = (title: string): string =>
  title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;

/** The head's one element matching `selector`, made by `make` when missing. */
function headElement<E extends Element>(selector: string, make: () => E): E {
  let element = document.head.querySelector<E>(selector);
  if (!element) {
    element = make();
    document.head.append(element);
  }
  return element;
}

/**
 * Sets the page's title, its meta description and its canonical link with its `hreflang`
 * alternates (removed on a page without one, so links the server wrote for the page the visitor
 * landed on do not outlive it).
 * index.html ships one description tag; we update that tag rather than add a second one. A page
 * rendered on the server has them in its HTML already (entry-server.tsx).
 */
export function usePageMeta(meta: PageMeta): void;
export function usePageMeta(title: string, description: string): void;
export function usePageMeta(first: string | PageMeta, second = ''): void {
  const { title, description, canonical } =
    typeof first === 'string' ? { title: first, description: second } : first;
  useEffect(() => {
    document.title = pageTitle(title);
    const tag = headElement('meta[name="description"]', () => {
      const made = document.createElement('meta');
      made.name = 'description';
      return made;
    });
    tag.content = description;
    for (const old of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) old.remove();
    const { language: addressed, path } = splitAddress(window.location.pathname);
    // A public page names its own address when it names none (the server wrote it so too).
    const own = canonical ?? (isPublicPage(path) ? (path === '/home' ? '/' : path) : undefined);
    if (own === undefined) {
      document.head.querySelector('link[rel="canonical"]')?.remove();
      return;
    }
    const link = headElement('link[rel="canonical"]', () => {
      const made = document.createElement('link');
      made.rel = 'canonical';
      return made;
    });
    // The page's address in the language of this address, and every language's (docs/languages.md).
    const { canonical: href, alternates } = pageAlternates(
      own,
      addressed ?? defaultLanguage,
      window.location.origin,
    );
    link.href = href;
    for (const { hrefLang, href } of alternates) {
      const alternate = document.createElement('link');
      alternate.rel = 'alternate';
      alternate.hreflang = hrefLang;
      alternate.href = href;
      document.head.append(alternate);
    }
  }, [title, description, canonical]);
}
