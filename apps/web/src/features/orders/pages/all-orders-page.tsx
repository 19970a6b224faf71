import { urlOf } from '@kanna/shared/api/endpoint';
import { exportOrders } from '@kanna/shared/api/orders';
import type { Order } from '@kanna/shared/orders';
import { Download, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PagedList } from '../../../components/ui/paged-list';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { orderFiltersQuery, useAllOrders } from '../api/get-all-orders';
import { AllOrdersTable } from '../components/all-orders-table';
import { isFiltered, OrderFilters, PAGE_SIZES, useOrderFilters } from '../components/order-filters';
import { ShipOrderDialog } from '../components/ship-order-dialog';
import { adminOrderTexts } from '../i18n/admin';

/**
 * /dashboard/allOrders (admin): every order, newest first, page by page; filtered by state, a
 * search and a date range kept in the address; Mark shipped on Pending ones (after a
 * confirmation that takes the carrier and tracking number); the same
 * selection as CSV; "Enter an order" for an order taken by phone or fax.
 */
export function AllOrdersPage() {
  const t = useTexts(adminOrderTexts);
  usePageMeta(t.allOrdersTitle, t.allOrdersDescription);
  const { filters, update, clear } = useOrderFilters();
  const query = useAllOrders(filters);
  const [toShip, setToShip] = useState<Order | null>(null);
  const sizeId = useId();

  const filtered = isFiltered(filters);
  const narrowed = Boolean(filters.q || filters.from || filters.to);
  const exportHref = urlOf(exportOrders.path, {}, orderFiltersQuery(filters));
  const shown = query.data?.items.length ?? 0;
  const matching = query.data?.matching;

  return (
    <div className="w-full px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t.allOrdersTitle}</h1>
          <p className="mt-2 text-base-content/80">{t.allOrdersLead}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to="/dashboard/orders/new" className="btn btn-primary max-sm:w-full">
            <Plus aria-hidden="true" className="size-4" />
            {t.enterOrder}
          </Link>
          <a href={exportHref} download className="btn btn-outline max-sm:w-full">
            <Download aria-hidden="true" className="size-4" />
            {t.exportCsv}
            <span className="sr-only">{filtered ? t.exportFiltered : t.exportAll}</span>
          </a>
        </div>
      </div>
      <OrderFilters filters={filters} onChange={update} onClear={clear} />
      <PagedList
        query={query}
        t={{
          updating: t.updating,
          shown: t.shown,
          loading: t.loadingOrders,
          notLoaded: t.ordersNotLoaded,
          loadMore: t.loadMore,
        }}
        shownLine={
          <>
            {matching && <span>{t.matching(matching.count, matching.more, filtered)} </span>}
            <span>{t.shown(shown, query.hasNextPage)}</span>
          </>
        }
        empty={{
          text: narrowed ? t.noMatch : t.empty[filters.status || 'all'],
          clear: filtered ? { label: t.showEvery, onClick: clear } : undefined,
        }}
        endText={shown > filters.limit ? t.allShown(shown) : undefined}
      >
        {(items) => <AllOrdersTable orders={items} onShip={setToShip} />}
      </PagedList>
      <div className="mt-2 flex items-center justify-end gap-2">
        <label htmlFor={sizeId} className="text-sm font-semibold">
          {t.perPage}
        </label>
        <select
          id={sizeId}
          className="select select-sm w-24"
          value={filters.limit}
          onChange={(event) => update({ limit: Number(event.target.value) })}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <ShipOrderDialog
        order={toShip && { _id: toShip._id, number: toShip.number, buyerName: toShip.name }}
        onClose={() => setToShip(null)}
      />
    </div>
  );
}
