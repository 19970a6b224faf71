import { useRef } from 'react';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
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
  const list = useRef<HTMLUListElement>(null);
  const updating = query.isPlaceholderData && query.isFetching;
  const filtered = isFiltered(filters);

  return (
    <section aria-labelledby="audit-heading" className="w-full max-w-4xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 id="audit-heading" className="text-2xl font-bold sm:text-3xl">
        {t.title}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">{t.lead}</p>
      <AuditFilterBar filters={filters} onChange={update} onClear={clear} />
      <p className="mt-4 mb-4 min-h-6 text-sm text-base-content/80" aria-live="polite">
        {updating ? t.updating : query.isSuccess ? t.shown(query.data.items.length, query.hasNextPage) : ''}
      </p>
      <div aria-busy={query.isFetching} className={updating ? 'opacity-60 transition-opacity' : undefined}>
        <QueryState query={query} loadingLabel={t.loading} errorTitle={t.notLoaded}>
          {({ items }) =>
            items.length === 0 ? (
              <div className="py-10 text-center text-base-content/80">
                <p>{filtered ? t.noMatch : t.none}</p>
                {filtered && (
                  <button type="button" className="btn btn-link" onClick={clear}>
                    {t.clearFilters}
                  </button>
                )}
              </div>
            ) : (
              <>
                <ul ref={list} className="flex flex-col gap-3" aria-label={t.list}>
                  {items.map((entry) => (
                    <li key={entry.id} data-list-item>
                      <AuditEntryCard entry={entry} />
                    </li>
                  ))}
                </ul>
                <LoadMore query={query} count={items.length} listRef={list} label={t.loadMore} />
              </>
            )
          }
        </QueryState>
      </div>
    </section>
  );
}
