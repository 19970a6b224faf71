import type { ReactNode } from 'react';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { usePage } from '../api/pages';
import { PageBody } from '../components/page-body';
import { pagesTexts } from '../i18n';

/**
 * /blog and /myPortfolio (docs/pages.md): the spec's pages keep their address and their first
 * design (`children`) until the owner saves their own version in the pages editor; from then on
 * the owner's Markdown is shown. Should the page not load, the first design is shown.
 */
export function OwnedPage({ slug, children }: { slug: 'blog' | 'myPortfolio'; children: ReactNode }) {
  const lang = useLanguage();
  const query = usePage(slug, lang);
  const t = useTexts(pagesTexts);
  if (query.isPending) return <LoadingDots label={t.loading} className="min-h-96 items-center" />;
  if (!query.data?.edited) return children;
  return <Owned title={query.data.title} html={query.data.html} />;
}

function Owned({ title, html }: { title: string; html: string }) {
  const t = useTexts(pagesTexts);
  usePageMeta(title, t.description(title));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold break-words sm:text-4xl">{title}</h1>
      <PageBody html={html} className="mt-6" />
    </div>
  );
}
