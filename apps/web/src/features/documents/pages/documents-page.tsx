import { emptyUnlessFiltered, PagedCards } from '../../../components/ui/paged-list';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useArchive } from '../api/get-documents';
import { ArchiveFilterBar, isFiltered, useArchiveFilters } from '../components/archive-filters';
import { DocumentCard } from '../components/document-card';
import { archiveTexts } from '../i18n';

/**
 * /dashboard/documents (admin; docs/orders.md, "The document archive"): every document the shop
 * issued, newest first, page by page, searched by counterparty, kind, the period issued and an
 * amount range kept in the address; each downloads as it was issued; a period exports as a ZIP.
 */
export function DocumentsPage() {
  const t = useTexts(archiveTexts);
  usePageMeta(t.title, t.description);
  const { filters, update, clear } = useArchiveFilters();
  const query = useArchive(filters);
  const filtered = isFiltered(filters);
  const empty = emptyUnlessFiltered(filtered, t, clear);
  const period = filters.from && filters.to ? `from=${filters.from}&to=${filters.to}` : null;

  return (
    <section aria-labelledby="archive-heading" className="w-full max-w-4xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 id="archive-heading" className="text-2xl font-bold sm:text-3xl">
        {t.title}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">{t.lead}</p>
      <ArchiveFilterBar filters={filters} onChange={update} onClear={clear} />
      <p className="mt-2 text-sm text-base-content/80">{t.amountHint}</p>
      {period && (
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <a className="btn btn-sm btn-outline" href={`/api/documents/export?${period}`} download>
            {t.exportPeriod}
          </a>
          <span className="text-base-content/80">{t.exportHint}</span>
        </p>
      )}
      <PagedCards query={query} t={t} empty={empty} keyOf={(d) => d.number}>
        {(d) => <DocumentCard document={d} />}
      </PagedCards>
    </section>
  );
}
