import type { AdminOverview } from '@kanna/shared/overview';
import { Link } from 'react-router';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { adminTexts } from '../i18n';

/**
 * The owner's legal pages still their template (docs/pages.md), each a link to its editor; or that
 * none is left. A shop in Japan must publish them completed (特定商取引法).
 */
export function PagesToComplete({ pages }: { pages: NonNullable<AdminOverview['pagesToComplete']> }) {
  const t = useTexts(adminTexts).overview;
  const language = useLanguage();
  return (
    <section
      aria-labelledby="pages-heading"
      className={`rounded-box border p-4 sm:p-5 ${pages.length ? 'border-warning bg-warning/10' : 'border-base-300'}`}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="pages-heading" className="text-2xl font-bold">
          {t.pages}
        </h2>
        <Link to="/dashboard/pages" className="link link-primary">
          {t.editPages}
        </Link>
      </div>
      {pages.length === 0 ? (
        <p className="mt-2">{t.pagesComplete}</p>
      ) : (
        <>
          <p className="mt-2">{t.pagesToComplete}</p>
          <ul className="mt-3 flex flex-col gap-2">
            {pages.map((page) => (
              <li key={page.slug}>
                <Link
                  to={`/dashboard/pages?page=${page.slug}`}
                  className="link link-primary inline-flex min-h-11 items-center"
                >
                  {t.completePage(page.titles[language])}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
