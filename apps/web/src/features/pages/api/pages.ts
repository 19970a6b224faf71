import { getPage, listPages, previewPage, putPage } from '@kanna/shared/api/pages';
import type { Language } from '@kanna/shared/domain/languages';
import type { PageAnswer, PageWrite } from '@kanna/shared/pages';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { call } from '../../../lib/api-client';

/** The cache's keys for the owner's pages: one per page and language, and the editor's list. */
const keys = {
  page: (slug: string, lang: Language) => ['page', slug, lang] as const,
  all: ['page'] as const,
  forOwner: ['pages-for-owner'] as const,
};

const pageQuery = (slug: string, lang: Language) =>
  queryOptions({
    queryKey: keys.page(slug, lang),
    queryFn: ({ signal }) => call(getPage, { params: { slug }, query: { lang } }, { signal }),
  });

/**
 * The page the server is rendering (app/legal-page-render.tsx), handed to the page directly: the
 * server's one query cache is shared with the landing pages' renders, which clear it.
 */
export const PageFromServer = createContext<PageAnswer | null>(null);

/** An owner's page in `lang`: its title, its Markdown and the server's sanitised HTML of it. */
export function usePage(slug: string, lang: Language) {
  const given = useContext(PageFromServer);
  const initialData = given?.slug === slug && given.lang === lang ? given : undefined;
  return useQuery({ ...pageQuery(slug, lang), ...(initialData ? { initialData } : {}) });
}

/** Puts a page the server rendered (its data block) where `usePage` looks for it. */
export function primePage(client: QueryClient, page: PageAnswer): void {
  client.setQueryData(pageQuery(page.slug, page.lang).queryKey, page);
}

/** Every page in both languages (admin). */
export const usePagesForOwner = () =>
  useQuery({ queryKey: keys.forOwner, queryFn: ({ signal }) => call(listPages, {}, { signal }) });

/** Saves one language of a page (admin); the page as readers see it is read again. */
export function useSavePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, write }: { slug: string; write: PageWrite }) =>
      call(putPage, { params: { slug }, body: write }),
    onSuccess: async (saved) => {
      client.setQueryData(keys.page(saved.slug, saved.lang), saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: keys.all }),
        client.invalidateQueries({ queryKey: keys.forOwner }),
        client.invalidateQueries({ queryKey: ['overview'] }),
      ]);
    },
  });
}

/** The server's HTML of `body`, as the page would serve it (admin). */
export const previewMarkdown = (body: string) => call(previewPage, { body: { body } });
