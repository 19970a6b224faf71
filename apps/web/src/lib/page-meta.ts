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
 * Sets the page's title, its meta description and its canonical link (removed on a page without
 * one, so a link the server wrote for the page the visitor landed on does not outlive it).
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
    if (canonical === undefined) {
      document.head.querySelector('link[rel="canonical"]')?.remove();
      return;
    }
    const link = headElement('link[rel="canonical"]', () => {
      const made = document.createElement('link');
      made.rel = 'canonical';
      return made;
    });
    link.href = new URL(canonical, window.location.origin).href;
  }, [title, description, canonical]);
}
