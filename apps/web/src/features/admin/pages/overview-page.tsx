import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { usePageMeta } from '../../../lib/page-meta';
import { useOverview } from '../api/get-overview';
import { LowStock } from '../components/low-stock';
import { OrderCounts } from '../components/order-counts';
import { SalesFigures } from '../components/sales-figures';

/** /dashboard/overview (the admin's landing page): sales, order states, tools running low. */
export function OverviewPage() {
  usePageMeta('Overview', 'Kanna at a glance: sales per week, orders by state and the tools running low.');
  const query = useOverview();

  return (
    <div className="w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 className="mb-6 text-3xl font-bold">Overview</h1>
      <QueryState
        query={query}
        loadingLabel="Loading the overview"
        errorTitle="The overview could not be loaded."
        minHeightClass="min-h-96"
      >
        {({ weeks, counts, lowStock }) => (
          <div className="flex flex-col gap-10">
            <section aria-labelledby="orders-heading">
              <h2 id="orders-heading" className="mb-4 text-2xl font-bold">
                Orders
              </h2>
              <OrderCounts counts={counts} />
            </section>
            <section aria-labelledby="sales-heading">
              <h2 id="sales-heading" className="mb-4 text-2xl font-bold">
                Sales in the last 8 weeks
              </h2>
              <SalesFigures weeks={weeks} />
            </section>
            <section aria-labelledby="low-heading">
              <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
                <div>
                  <h2 id="low-heading" className="text-2xl font-bold">
                    Running low
                  </h2>
                  <p className="text-sm text-base-content/80">
                    Available quantity at or below twice the minimum order
                  </p>
                </div>
                <Link to="/dashboard/manageAllProducts" className="btn btn-sm btn-outline">
                  Manage products
                </Link>
              </div>
              <LowStock tools={lowStock} />
            </section>
          </div>
        )}
      </QueryState>
    </div>
  );
}
