import { useRef } from 'react';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { usePageMeta } from '../../../lib/page-meta';
import { useAuditLog } from '../api/get-audit';
import { AuditEntryCard } from '../components/audit-entry-card';
import { AuditFilterBar, isFiltered, useAuditFilters } from '../components/audit-filters';

const entryCount = (n: number) => (n === 1 ? '1 entry' : `${n.toLocaleString('en-US')} entries`);

/**
 * /dashboard/audit (admin; docs/ARCHITECTURE.md, "Audit log"): every admin action — roles, products and stock, orders,
 * reviews, enquiries, settings — with who, when and what changed, newest first, page by page;
 * filtered by admin, kind and dates kept in the address. Nobody can change an entry.
 */
export function AuditPage() {
  usePageMeta('Audit log', 'Every administrator action in the Kanna shop: who, when and what changed.');
  const { filters, update, clear } = useAuditFilters();
  const query = useAuditLog(filters);
  const list = useRef<HTMLUListElement>(null);
  const updating = query.isPlaceholderData && query.isFetching;
  const filtered = isFiltered(filters);

  return (
    <section aria-labelledby="audit-heading" className="w-full max-w-4xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 id="audit-heading" className="text-2xl font-bold sm:text-3xl">
        Audit log
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">
        Every administrator action, newest first: who, when and what changed. Entries cannot be edited or
        deleted.
      </p>
      <AuditFilterBar filters={filters} onChange={update} onClear={clear} />
      <p className="mt-4 mb-4 min-h-6 text-sm text-base-content/80" aria-live="polite">
        {updating
          ? 'Updating the log…'
          : query.isSuccess
            ? `${entryCount(query.data.items.length)} shown${query.hasNextPage ? ', newest first; more below' : ''}.`
            : ''}
      </p>
      <div aria-busy={query.isFetching} className={updating ? 'opacity-60 transition-opacity' : undefined}>
        <QueryState
          query={query}
          loadingLabel="Loading the audit log"
          errorTitle="The audit log could not be loaded."
        >
          {({ items }) =>
            items.length === 0 ? (
              <div className="py-10 text-center text-base-content/80">
                <p>{filtered ? 'No entries match these filters.' : 'No admin actions recorded yet.'}</p>
                {filtered && (
                  <button type="button" className="btn btn-link" onClick={clear}>
                    Clear filters
                  </button>
                )}
              </div>
            ) : (
              <>
                <ul ref={list} className="flex flex-col gap-3" aria-label="Audit log entries, newest first">
                  {items.map((entry) => (
                    <li key={entry.id} data-list-item>
                      <AuditEntryCard entry={entry} />
                    </li>
                  ))}
                </ul>
                <LoadMore query={query} count={items.length} listRef={list} label="Load more entries" />
              </>
            )
          }
        </QueryState>
      </div>
    </section>
  );
}
