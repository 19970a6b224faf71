import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useShopSettings } from '../../../api/get-settings';
import { shippedTo } from '../../../components/ui/country-options';
import { DashboardPage } from '../../../components/ui/headed-section';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { QueryError } from '../../../components/ui/query-state';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { notify } from '../../../lib/toast';
import { useEnterOrder, useToolsOnSale } from '../api/enter-order';
import { EnterOrderForm } from '../components/enter-order-form';
import { enterOrderTexts } from '../i18n/enter';

/**
 * /dashboard/orders/new (admin, from All orders): an order taken by phone or fax, entered for its
 * buyer (docs/rules.md, "Orders entered by the shop"); once in, the order's own page, whose history
 * says the admin placed it.
 */
export function EnterOrderPage() {
  const t = useTexts(enterOrderTexts);
  usePageMeta(t.title, t.description);
  const language = useLanguage();
  const navigate = useNavigate();
  const settings = useShopSettings();
  const tools = useToolsOnSale();
  const enter = useEnterOrder();
  const charges = settings.data?.charges;
  const countries = charges ? shippedTo(charges, language) : [];
  const shopCountry = charges?.tax.country ?? '';

  return (
    <DashboardPage id="enter-order-heading" title={t.title} width="max-w-3xl">
      <Link to="/dashboard/allOrders" className="link link-hover mt-1 inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t.backToAllOrders}
      </Link>
      <p className="mt-2 text-base-content/80">{t.lead}</p>
      <div className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
        {tools.isError || settings.isError ? (
          <QueryError query={tools.isError ? tools : settings} title={t.toolsNotLoaded} />
        ) : tools.isPending || settings.isPending ? (
          <LoadingDots label={t.loadingTools} />
        ) : tools.data.length === 0 ? (
          <p className="text-base-content/80">
            {t.noTools}{' '}
            <Link to="/dashboard/addProduct" className="link link-primary">
              {t.addProduct}
            </Link>
          </p>
        ) : (
          <EnterOrderForm
            tools={tools.data}
            countries={countries}
            country={countries.includes(shopCountry) ? shopCountry : (countries[0] ?? '')}
            bankTransfer={settings.data.bankTransfer}
            timeZone={settings.data.timeZone}
            pending={enter.isPending}
            refusal={enter.error}
            onSubmit={(values) =>
              enter.mutate(values, {
                onSuccess: ({ insertedId }) => {
                  void notify('success', t.entered);
                  navigate(`/dashboard/orders/${insertedId}`);
                },
              })
            }
          />
        )}
      </div>
    </DashboardPage>
  );
}
