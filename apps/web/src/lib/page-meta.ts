import { useEffect } from 'react';

const SITE_NAME = 'Kanna';

/**
 * Sets the page's title and its meta description. index.html ships one description tag;
 * we update that tag rather than add a second one.
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);
}
