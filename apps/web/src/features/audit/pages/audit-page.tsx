import { emptyUnlessFiltered, PagedCards } from '../../../components/ui/paged-list';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useAuditLog } from '../api/get-audit';
import { AuditEntryCard } from '../components/audit-entry-card';
import { AuditFilterBar, isFiltered, useAuditFilters } from '../components/audit-filters';
import { auditTexts } from '../i18n';

/**
 * /dashboard/audit (admin; docs/rules.md, "Audit log"): every admin action — roles, products and stock, orders,
 * reviews, enquiries, settings — with who, when and what changed, newest first, page by page;
 * filtered by admin, kind and dates kept in the address. Nobody can change an entry.
 */
export function AuditPage() {
  const t = useTexts(auditTexts);
  usePageMeta(t.title, t.description);
  const { filters, update, clear } = useAuditFilters();
  const query = useAuditLog(filters);
  const filtered = isFiltered(filters);
  const empty = emptyUnlessFiltered(filtered, t, clear);

  return (
    <section aria-labelledby="audit-heading" className="w-full max-w-4xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 id="audit-heading" className="text-2xl font-bold sm:text-3xl">
        {t.title}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">{t.lead}</p>
      <AuditFilterBar filters={filters} onChange={update} onClear={clear} />
      <PagedCards query={query} t={t} empty={empty} keyOf={(entry) => entry.id}>
        {(entry) => <AuditEntryCard entry={entry} />}
      </PagedCards>
    </section>
  );
}
