import type { Language } from '@kanna/shared/domain/languages';
import { type LegalSlug, legalPath } from '@kanna/shared/domain/pages';
import type { PageAnswer } from '@kanna/shared/pages';
import { useLocation } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { rememberLanguage } from '../../../lib/language-choice';
import { pageDataOf } from '../../../lib/page-data';
import { usePageMeta } from '../../../lib/page-meta';
import { queryClient } from '../../../lib/query-client';
import { primePage, usePage } from '../api/pages';
import { PageBody } from '../components/page-body';
import { pagesTexts } from '../i18n';
import { LEGAL_PAGE, legalMeta, legalPageAt } from './legal-page-data';

// The server renders the page (app/legal-page-render.tsx): it hydrates with the very page it drew,
// without asking the API again.
const fromServer = pageDataOf<PageAnswer>(LEGAL_PAGE);
if (fromServer) primePage(queryClient, fromServer);

/**
 * /legal/{slug} and /ja/legal/{slug} (docs/pages.md): a page the owner writes — the legal notice
 * (特定商取引法に基づく表記), the terms, the privacy policy, about the company, shipping and
 * payment — in the language its address names, whatever the rest of the shop is shown in.
 */
export function LegalPage() {
  // The router's path has no language prefix (its base is the address's: /ja for Japanese), and
  // the page is in the address's language, the shop's.
  const { pathname } = useLocation();
  const at = legalPageAt(pathname);
  const language = useLanguage();
  const t = useTexts(pagesTexts);
  if (!at) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <p className="py-10 text-center">{t.notFound}</p>
      </div>
    );
  }
  // Under the app's router the base holds /ja and the path none; a path that still names /ja
  // (a router with no base) says the language itself.
  return <LegalPageIn slug={at.slug} lang={at.lang === 'en' ? language : at.lang} />;
}

/**
 * The words inside the page, in the page's own language (the shop around it may be in the other):
 * here rather than in the feature's texts, of which the browser loads only the shop's language.
 */
const inPage = {
  en: {
    updated: (date: string) => `Last updated ${date}`,
    template: 'This page is still a template: the shop has not completed it yet.',
    other: '日本語で読む',
  },
  ja: {
    updated: (date: string) => `最終更新：${date}`,
    template: 'このページはひな形のままです。ショップがまだ記入を終えていません。',
    other: 'Read in English',
  },
} as const;

function LegalPageIn({ slug, lang }: { slug: LegalSlug; lang: Language }) {
  const t = useTexts(pagesTexts);
  const words = inPage[lang];
  const query = usePage(slug, lang);
  const page = query.data;
  usePageMeta(
    page ? legalMeta(page) : { title: t.loading, description: t.loading, canonical: legalPath(slug, lang) },
  );
  const other = lang === 'ja' ? 'en' : 'ja';
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <QueryState query={query} loadingLabel={t.loading} errorTitle={t.notLoaded}>
        {(answer) => (
          <article lang={answer.lang} aria-labelledby="legal-page-title">
            <h1 id="legal-page-title" className="text-3xl font-bold break-words sm:text-4xl">
              {answer.title}
            </h1>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80">
              {answer.updatedAt && <span>{words.updated(answer.updatedAt.slice(0, 10))}</span>}
              {/* The other language is another address and another router base: a new page, and the
                  reader's choice, as the language switch makes it. */}
              <a
                href={legalPath(slug, other)}
                hrefLang={other}
                lang={other}
                className="link link-primary"
                onClick={() => rememberLanguage(other)}
              >
                {words.other}
              </a>
            </p>
            {!answer.completed && (
              <p role="note" className="alert alert-warning mt-6">
                {words.template}
              </p>
            )}
            <PageBody html={answer.html} className="mt-6" />
          </article>
        )}
      </QueryState>
    </div>
  );
}
