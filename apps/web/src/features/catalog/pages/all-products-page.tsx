import { SEARCH_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { useCallback, useMemo, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { CurrencySwitch } from '../../../components/ui/currency-switch';
import { readCursor, useListAddress } from '../../../components/ui/list-address';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { pageDataOf } from '../../../lib/page-data';
import { usePageMeta } from '../../../lib/page-meta';
import { queryClient } from '../../../lib/query-client';
import { primeFirstToolPage, useToolPages } from '../api/get-tools';
import { type CatalogFilters as Filters, readFilters } from '../catalog-filters-address';
import { CatalogFilters } from '../components/catalog-filters';
import { ToolList } from '../components/tool-grid';
import { catalogTexts } from '../i18n';
import { ALL_PRODUCTS_PAGE, type AllProductsData, allProductsMeta } from './all-products-page-data';

// The server renders the page's first screen (entry-server.tsx): the list hydrates with the very
// tools it drew, without asking the API again.
const fromServer = pageDataOf<AllProductsData>(ALL_PRODUCTS_PAGE);
if (fromServer) primeFirstToolPage(queryClient, fromServer.tools);

/** The address of the list for `filters` (search, sort, kind, in that order, defaults left out), after `cursor`. */
function catalogSearch(filters: Filters, cursor: string | null = null): URLSearchParams {
  const next = new URLSearchParams();
  const search = filters.search.trim().slice(0, SEARCH_MAX_LENGTH);
  if (search) next.set('search', search);
  if (filters.sort !== 'newest') next.set('sort', filters.sort);
  if (filters.kind) next.set('kind', filters.kind);
  if (cursor) next.set('cursor', cursor);
  return next;
}

/**
 * The catalogue's filters in the address (?search=&sort=&kind=), and `cursor` when the page was
 * opened at a later page (a crawler's or a shared "More tools" link). Changing a filter starts
 * the list again from the first tool.
 */
function useCatalogAddress() {
  const { params, write } = useListAddress();
  const filters = useMemo(() => readFilters(params), [params]);
  const start = readCursor(params);
  const update = useCallback(
    (change: Partial<Filters>, options: { replace?: boolean } = {}) =>
      write((current) => catalogSearch({ ...readFilters(current), ...change }), options),
    [write],
  );
  const clear = useCallback(() => update({ search: '', sort: 'newest', kind: '' }), [update]);
  return { filters, start, update, clear };
}

/**
 * /allProduct: every tool, 4 per row on large screens; more load as the visitor scrolls, and
 * "More tools" is a real link to the next page for crawlers and keyboards.
 */
export function AllProductsPage() {
  const t = useTexts(catalogTexts);
  usePageMeta(allProductsMeta(useLanguage()));
  const { pathname } = useLocation();
  const { filters, start, update, clear } = useCatalogAddress();
  const query = useToolPages(
    {
      search: filters.search || undefined,
      sort: filters.sort,
      kind: filters.kind || undefined,
    },
    start,
  );
  const list = useRef<HTMLUListElement>(null);
  const filtered = filters.search !== '' || filters.kind !== '';
  const updating = query.isPlaceholderData && query.isFetching;

  const summary =
    query.data && !updating
      ? t.summary(
          query.data.items.length,
          filters.kind ? t.kinds[filters.kind] : null,
          filters.search,
          query.hasNextPage,
        )
      : '';
  const next = query.data?.next ?? null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl">{t.allTitle}</h1>
      <p className="mt-3 mb-6 max-w-3xl text-base-content/80">{t.allLead}</p>
      <CatalogFilters filters={filters} onChange={update} />
      {start && (
        <p className="mt-4 text-sm">
          {t.laterTools}{' '}
          <Link to={`${pathname}?${catalogSearch(filters)}`.replace(/\?$/, '')} className="link link-primary">
            {t.startFromFirst}
          </Link>
        </p>
      )}
      <div className="mt-4 mb-4 flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="min-h-6 text-sm text-base-content/80">
          {updating ? t.updating : summary}
        </p>
        <CurrencySwitch offered={query.data?.items.some((tool) => tool.yen) ?? false} />
      </div>
      <div aria-busy={updating} className={updating ? 'opacity-60 transition-opacity' : undefined}>
        <QueryState
          query={query}
          loadingLabel={t.loadingTools}
          errorTitle={t.toolsNotLoaded}
          minHeightClass="min-h-96"
        >
          {({ items }) =>
            items.length === 0 ? (
              <p className="py-10 text-center text-base-content/80">
                {filtered ? (
                  <>
                    {t.noMatch}{' '}
                    <button type="button" className="btn btn-link px-1 align-baseline" onClick={clear}>
                      {t.showAll}
                    </button>
                  </>
                ) : (
                  t.noTools
                )}
              </p>
            ) : (
              <>
                <ToolList tools={items} headingLevel={2} eagerCount={start ? 0 : 2} listRef={list} />
                <LoadMore
                  query={query}
                  count={items.length}
                  listRef={list}
                  auto
                  label={t.moreTools}
                  href={next ? `${pathname}?${catalogSearch(filters, next)}` : undefined}
                />
              </>
            )
          }
        </QueryState>
      </div>
    </div>
  );
}
