import { Link } from 'react-router';
import { HeadedSection } from '../../../components/ui/headed-section';
import { QueryState } from '../../../components/ui/query-state';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useOverview } from '../api/get-overview';
import { LowStock } from '../components/low-stock';
import { OrderCounts } from '../components/order-counts';
import { PagesToComplete } from '../components/pages-to-complete';
import { SalesFigures } from '../components/sales-figures';
import { adminTexts } from '../i18n';

/** /dashboard/overview (the admin's landing page): pages still to complete, sales, order states, tools running low. */
export function OverviewPage() {
  const t = useTexts(adminTexts).overview;
  usePageMeta(t.title, t.description);
  const query = useOverview();

  return (
    <div className="w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 className="mb-6 text-3xl font-bold">{t.title}</h1>
      <QueryState query={query} loadingLabel={t.loading} errorTitle={t.notLoaded} minHeightClass="min-h-96">
        {({ weeks, counts, lowStock, pagesToComplete }) => (
          <div className="flex flex-col gap-10">
            <PagesToComplete pages={pagesToComplete ?? []} />
            <HeadedSection
              id="orders-heading"
              title={t.orders}
              level={2}
              headingClassName="mb-4 text-2xl font-bold"
            >
              <OrderCounts counts={counts} />
            </HeadedSection>
            <HeadedSection
              id="sales-heading"
              title={t.sales}
              level={2}
              headingClassName="mb-4 text-2xl font-bold"
            >
              <SalesFigures weeks={weeks} />
            </HeadedSection>
            <section aria-labelledby="low-heading">
              <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
                <div>
                  <h2 id="low-heading" className="text-2xl font-bold">
                    {t.runningLow}
                  </h2>
                  <p className="text-sm text-base-content/80">{t.runningLowHint}</p>
                </div>
                <Link to="/dashboard/manageAllProducts" className="btn btn-sm btn-outline">
                  {t.manageProducts}
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
