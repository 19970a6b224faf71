import { addressBase } from '@kanna/shared/domain/language-paths';
import type { Language } from '@kanna/shared/domain/languages';
import { type LegalSlug, legalPath } from '@kanna/shared/domain/pages';
import type { PageAnswer } from '@kanna/shared/pages';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { PageFromServer, primePage } from '../features/pages/api/pages';
import { LEGAL_PAGE, legalMeta } from '../features/pages/pages/legal-page-data';
import { LanguageContext, loadTexts } from '../lib/i18n';
import { pageDataBlock } from '../lib/page-data';
import { pageTitle } from '../lib/page-meta';
import { queryClient } from '../lib/query-client';
import { RenderedPaymentMode } from './layout/test-mode-notice';
import { AppRoutes, preloadRoute } from './router';

/**
 * The owner's legal pages (docs/pages.md), rendered on the server at `/legal/{slug}` and
 * `/ja/legal/{slug}` (apps/server/src/modules/pages/pages.html.ts asks for them through
 * entry-server.tsx, which exports this): the page's title and text are in the HTML, in the language its address names,
 * with the data block the browser hydrates from (features/pages/pages/legal-page.tsx), as the
 * landing pages are (decisions 0037, 0040). Kept apart from entry-server.tsx so the landing pages'
 * table and these pages change independently.
 */

type LegalRender = {
  /** The page as GET /api/pages/{slug}?lang= answers it: its HTML already sanitised by the server. */
  page: PageAnswer;
  payments: 'test' | 'stripe';
  /** The shop's public address, for the canonical and alternate links. */
  origin: string;
};

async function html(element: ReactNode): Promise<string> {
  // One piece of HTML: no inline script to reveal a late part (the Content-Security-Policy forbids it).
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/** The head: title, description, its own address as canonical, and both languages' addresses as alternates. */
function Head({ page, origin }: { page: PageAnswer; origin: string }) {
  const meta = legalMeta(page);
  const slug = page.slug as LegalSlug;
  const at = (lang: Language) => new URL(legalPath(slug, lang), origin).href;
  return (
    <>
      <title>{pageTitle(meta.title)}</title>
      <meta name="description" content={meta.description} />
      <link rel="canonical" href={new URL(meta.canonical, origin).href} />
      <link rel="alternate" hrefLang="en" href={at('en')} />
      <link rel="alternate" hrefLang="ja" href={at('ja')} />
      <link rel="alternate" hrefLang="x-default" href={at('en')} />
    </>
  );
}

/** Renders the legal page `page` at its own address, the shop around it in the page's language. */
export async function renderLegalPage({
  page,
  payments,
  origin,
}: LegalRender): Promise<{ head: string; root: string }> {
  const path = legalPath(page.slug as LegalSlug, page.lang);
  await preloadRoute(path);
  await loadTexts();
  // The page is handed to the render (PageFromServer) and put in the query cache over any older
  // copy; the cache is not cleared, as the landing pages' renders may be using it.
  primePage(queryClient, page);
  const root = await html(
    <StrictMode>
      <LanguageContext value={page.lang}>
        <RenderedPaymentMode value={payments}>
          <PageFromServer value={page}>
            <StaticRouter location={path} basename={addressBase(path)}>
              <AppRoutes />
            </StaticRouter>
          </PageFromServer>
        </RenderedPaymentMode>
      </LanguageContext>
    </StrictMode>,
  );
  return {
    head: await html(<Head page={page} origin={origin} />),
    root: `<div id="root">${root}</div>${pageDataBlock({ page: LEGAL_PAGE, lang: page.lang, data: page })}`,
  };
}
