import type { Tool } from '@kanna/shared/catalog';
import { orderCurrency } from '@kanna/shared/domain/charges';
import { formatMoney, formatPrice, formatPriceIn } from '@kanna/shared/domain/money';
import { toolDescription, toolName } from '@kanna/shared/domain/tool-texts';
import { MessageSquare } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useShopSettings } from '../../../api/get-settings';
import { useTool } from '../../../api/get-tool';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { QueryError } from '../../../components/ui/query-state';
import { VerifyEmailNotice } from '../../../components/ui/verify-email-notice';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useReaderLanguage } from '../../../lib/reader-language';
import { useSession } from '../../../lib/session';
import { isSoldOut } from '../../../lib/tools';
import { ContactSupplierDialog } from '../components/contact-supplier-dialog';
import { OrderForm } from '../components/order-form';
import { ordersTexts } from '../i18n';

/** What other features add beside Contact Supplier for a confirmed buyer (the app composes it: a request for a quote). */
export type PurchaseExtra = (tool: Tool) => ReactNode;

/** /purchase/{purchaseId} (spec §2): the tool, the order form, and Contact Supplier. */
export function PurchasePage({ extra }: { extra?: PurchaseExtra } = {}) {
  const t = useTexts(ordersTexts);
  const { purchaseId = '' } = useParams();
  const query = useTool(purchaseId);
  const lang = useReaderLanguage();
  const name = query.data ? toolName(query.data, lang) : null;
  const notFound =
    query.error instanceof ApiError && (query.error.statusCode === 404 || query.error.statusCode === 400);

  usePageMeta(
    query.data && name ? t.buy(name) : notFound ? t.toolNotFoundTitle : t.purchase,
    query.data && name
      ? t.buyDescription(name, query.data.minQuantity, formatPrice(query.data.perPrice))
      : t.purchaseDescription,
  );

  if (query.isPending) return <LoadingDots label={t.loadingTool} className="min-h-[60svh] items-center" />;
  if (notFound) return <ToolNotFound />;
  if (query.isError) {
    return (
      <div className="px-4 py-16">
        <QueryError query={query} title={t.toolNotLoaded} />
      </div>
    );
  }
  return <Purchase tool={query.data} extra={extra} />;
}

function ToolNotFound() {
  const t = useTexts(ordersTexts);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <h1 className="text-3xl font-bold">{t.toolNotFound}</h1>
      <p className="mt-3 text-base-content/80">{t.toolNotFoundHelp}</p>
      <Link to="/allProduct" className="btn btn-primary mt-8">
        {t.seeAllTools}
      </Link>
    </div>
  );
}

function Purchase({ tool, extra }: { tool: Tool; extra: PurchaseExtra | undefined }) {
  const t = useTexts(ordersTexts);
  const session = useSession();
  const lang = useReaderLanguage();
  const name = toolName(tool, lang);
  const [contactOpen, setContactOpen] = useState(false);
  const soldOut = isSoldOut(tool);
  // Volume prices fall with quantity: the last break is the cheapest.
  const lowest = tool.volumePrices.at(-1);
  // The order goes to the shop's own country: its prices in that country's currency, as the form charges them.
  const charges = useShopSettings().data?.charges;
  const yen = charges && orderCurrency(charges.tax.country, charges) === 'JPY' ? tool.yen : undefined;
  const lowestYen = yen?.volumePrices.at(-1);

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[5fr_6fr] lg:gap-12 lg:py-12">
      <section aria-labelledby="tool-heading" className="flex flex-col gap-4">
        <figure className="aspect-[4/3] overflow-hidden rounded-box bg-base-200">
          <img
            src={tool.img}
            srcSet={tool.srcset}
            sizes="(min-width: 1152px) 500px, (min-width: 1024px) 42vw, 100vw"
            width={640}
            height={480}
            alt={name}
            fetchPriority="high"
            decoding="async"
            className={`h-full w-full object-cover ${soldOut ? 'opacity-60 grayscale' : ''}`}
          />
        </figure>
        <div>
          <h1 id="tool-heading" className="text-3xl font-bold sm:text-4xl">
            {name}
          </h1>
          <p className="mt-3 text-xl font-semibold text-primary">
            {yen ? t.priceIn(formatPriceIn(yen.perPrice, 'JPY')) : t.price(formatPrice(tool.perPrice))}
          </p>
          {lowest && (
            <p className="font-semibold text-success">
              {t.fromAPiece(
                lowestYen ? formatPriceIn(lowestYen.perPrice, 'JPY') : formatMoney(lowest.perPrice),
                lowest.minQuantity,
              )}
            </p>
          )}
          {tool.packSize > 1 && <p className="mt-1 text-base-content/85">{t.soldInPacks(tool.packSize)}</p>}
          {(tool.sku || tool.jan) && (
            <dl className="mt-1 flex flex-wrap gap-x-4 text-sm text-base-content/85">
              {tool.sku && (
                <div className="flex gap-1">
                  <dt>{t.sku}</dt>
                  <dd className="font-mono">{tool.sku}</dd>
                </div>
              )}
              {tool.jan && (
                <div className="flex gap-1">
                  <dt>{t.jan}</dt>
                  <dd className="font-mono">{tool.jan}</dd>
                </div>
              )}
            </dl>
          )}
          <p className="mt-1 text-base-content/85">
            {soldOut
              ? t.minimumOnlyLeft(tool.minQuantity, tool.maxQuantity)
              : t.orderRange(tool.minQuantity, tool.maxQuantity)}
          </p>
          <p className="mt-4 max-w-prose leading-relaxed text-base-content/90">
            {toolDescription(tool, lang)}
          </p>
        </div>
      </section>

      <section aria-labelledby="order-heading" className="flex flex-col gap-6">
        <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6">
          <h2 id="order-heading" className="mb-5 text-2xl font-bold">
            {soldOut ? t.soldOut : t.yourOrder}
          </h2>
          {soldOut ? (
            <p className="text-base-content/90">
              {t.soldOutExplained(name, tool.maxQuantity, tool.minQuantity)}
            </p>
          ) : session.status === 'signed-in' && !session.user.emailVerified ? (
            <VerifyEmailNotice email={session.user.email} />
          ) : session.status === 'signed-in' ? (
            <OrderForm tool={tool} buyer={session.user} />
          ) : (
            <LoadingDots label={t.loadingAccount} />
          )}
        </div>

        <div className="flex flex-col gap-2 rounded-box bg-base-200 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-base-content/90">{t.needMore}</p>
          <button type="button" className="btn btn-secondary" onClick={() => setContactOpen(true)}>
            <MessageSquare className="size-4" aria-hidden="true" />
            {t.contactSupplier}
          </button>
        </div>
        {extra && session.user?.emailVerified && session.user.role !== 'admin' && extra(tool)}
      </section>

      <ContactSupplierDialog
        open={contactOpen}
        onClose={() => setContactOpen(false)}
        tool={{ ...tool, productName: name }}
      />
    </div>
  );
}
