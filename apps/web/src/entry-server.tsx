import { addressBase, localizedPath, pageAlternates } from '@kanna/shared/domain/language-paths';
import type { Language } from '@kanna/shared/domain/languages';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { shellTexts } from './app/i18n/shell';
import { RenderedPaymentMode } from './app/layout/test-mode-notice';
import { AppRoutes, preloadRoute } from './app/router';
import { type PageHead, type PageRead, type ServerPage, serverPageAt, serverPages } from './app/server-pages';
import { LanguageContext, loadTexts, textsIn } from './lib/i18n';
import { jsonInScript, pageDataBlock } from './lib/page-data';
import { pageTitle } from './lib/page-meta';
import { queryClient } from './lib/query-client';

// The owner's legal pages, rendered at their own addresses (docs/pages.md).
export { renderLegalPage } from './app/legal-page-render';

/**
 * The pages buyers land on — home, the catalogue's first page, the newest reviews — rendered on
 * the server (apps/server/src/plugins/server-pages.ts loads this module from dist-ssr/): their
 * content is in the HTML, so it paints before any JavaScript has arrived; main.tsx then hydrates
 * it. Built by `vite build --ssr` beside the browser's build.
 */

type PageEntry = { reads: Record<string, PageRead>; serves(search: string): boolean };

const entryOf = (page: ServerPage<unknown>): PageEntry => ({
  reads: page.reads as Record<string, PageRead>,
  serves: (search: string) => page.serves(new URLSearchParams(search)),
});

/** What the server needs to know of each page at an address of its own: where its data comes from, and which addresses it draws. */
export const pages: Readonly<Record<string, PageEntry>> = Object.fromEntries(
  Object.entries(serverPages)
    .filter(([path]) => !path.includes('/:'))
    .map(([path, page]) => [path, entryOf(page)]),
);

/**
 * The same of the pages at addresses with a parameter, by pattern (`/tools/:slug`: `:name` stands
 * for one part of the address; a query's value `:name` in `reads` is that part).
 */
export const patternPages: Readonly<Record<string, PageEntry>> = Object.fromEntries(
  Object.entries(serverPages)
    .filter(([path]) => path.includes('/:'))
    .map(([path, page]) => [path, entryOf(page)]),
);

export type PageRender = {
  /** The address rendered, one of `pages`. */
  path: string;
  lang: Language;
  /** Each of the page's reads as the server answered it: its items and the next page's cursor. */
  data: Record<string, { items: unknown[]; next: string | null }>;
  /** What the shell says in `<html data-payments>`, for the test-mode notice. */
  payments: 'test' | 'stripe';
  /** The shop's public address, for the canonical link and the structured data's addresses. */
  origin: string;
};

/** What goes into the shell: the head's elements, and the root with the data block after it. */
export type RenderedPage = { head: string; root: string };

async function html(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element, {
    // One piece of HTML: React would otherwise move a large section out of place and reveal it
    // with an inline script, which the Content-Security-Policy forbids.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}

/**
 * The page's title, description, canonical link (its address in its language) with every
 * language's address as an `hreflang` alternate and the default language's as `x-default`
 * (docs/languages.md, "An address per language"), and its structured data as JSON-LD: data for
 * search engines that browsers never run (so the Content-Security-Policy has nothing to say), its
 * `<` escaped so no tool's name or description can end the element.
 */
function Head({ head, origin, lang }: { head: PageHead; origin: string; lang: Language }) {
  const { canonical, alternates } = pageAlternates(head.canonical, lang, origin);
  return (
    <>
      <title>{pageTitle(head.title)}</title>
      <meta name="description" content={head.description} />
      <link rel="canonical" href={canonical} />
      {alternates.map(({ hrefLang, href }) => (
        <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />
      ))}
      {head.structuredData && (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (jsonInScript)
          dangerouslySetInnerHTML={{ __html: jsonInScript(head.structuredData) }}
        />
      )}
    </>
  );
}

/**
 * The shell's own head (title, description) and its words for a browser without JavaScript in
 * `lang`: the server writes them into the shell of a page the browser renders, so its tab and
 * first paint are in the reader's language too.
 */
export async function shellHead(lang: Language): Promise<{ head: string; noscript: string }> {
  await loadTexts();
  const t = textsIn(shellTexts, lang);
  return {
    head: await html(
      <>
        <title>{t.title}</title>
        <meta name="description" content={t.description} />
      </>,
    ),
    noscript: t.noscript,
  };
}

/** Renders the page at `path` (unprefixed) with `data`, at its address in `lang` (`/ja/allProduct`). Renders run one at a time (the server caches their HTML), so the one query cache can hold their data. */
export async function renderPage({ path, lang, data, payments, origin }: PageRender): Promise<RenderedPage> {
  const found = serverPageAt(path);
  if (!found) throw new Error(`${path} is not rendered on the server`);
  const { page, params } = found;
  // Every lazy part loaded first: a part that suspended would need an inline script to appear.
  await Promise.all([preloadRoute(path), page.preload?.()]);
  // And every text those parts show, in every language (lib/i18n.ts).
  await loadTexts();
  queryClient.clear();
  page.prime(queryClient, data, params);
  const address = localizedPath(path, lang);
  const root = await html(
    <StrictMode>
      <LanguageContext value={lang}>
        <RenderedPaymentMode value={payments}>
          <StaticRouter location={address} basename={addressBase(address)}>
            <AppRoutes />
          </StaticRouter>
        </RenderedPaymentMode>
      </LanguageContext>
    </StrictMode>,
  );
  return {
    head: await html(<Head head={page.head(data, origin, lang)} origin={origin} lang={lang} />),
    root: `<div id="root">${root}</div>${pageDataBlock({ page: page.name, lang, data: { ...data, ...page.block?.(params) } })}`,
  };
}
