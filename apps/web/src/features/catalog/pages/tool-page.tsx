import type { Tool } from '@kanna/shared/catalog';
import { toolDescription, toolName } from '@kanna/shared/domain/tool-texts';
import type { ToolReviews as ToolReviewsData } from '@kanna/shared/reviews';
import { Link, useParams } from 'react-router';
import { CurrencySwitch } from '../../../components/ui/currency-switch';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { QueryError } from '../../../components/ui/query-state';
import { StarRating } from '../../../components/ui/star-rating';
import { PriceWithTax, useToolPrices } from '../../../components/ui/tool-price';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { pageDataOf } from '../../../lib/page-data';
import { usePageMeta } from '../../../lib/page-meta';
import { queryClient } from '../../../lib/query-client';
import { isSoldOut } from '../../../lib/tools';
import { primeToolPage, useToolPage, useToolReviews } from '../api/get-tool-page';
import { BuyActions } from '../components/buy-actions';
import { catalogTexts } from '../i18n';
import { TOOL_PAGE, type ToolPageData, toolMeta } from './tool-page-data';

// The server renders the page (entry-server.tsx): it hydrates with the very tool and reviews it
// drew, without asking the API again.
const fromServer = pageDataOf<ToolPageData & { slug: string }>(TOOL_PAGE);
if (fromServer?.tool.items[0]) {
  primeToolPage(queryClient, fromServer.slug, fromServer.tool.items[0], fromServer.reviews.items[0]);
}

/** The tiers of a tool's price in the shown currency: from each quantity, the price per piece, to the next tier's start. */
const tiersOf = (tool: Tool, prices: ReturnType<typeof useToolPrices>) => {
  const starts = [
    { from: tool.minQuantity, price: prices.base },
    ...prices.breaks.map((b) => ({ from: b.minQuantity, price: b.price })),
  ];
  return starts.map((tier, i) => ({ ...tier, to: (starts[i + 1]?.from ?? 0) - 1 }));
};

/** Every price of the tool, per piece, by quantity: the base price from the minimum order, then each volume break. */
function ToolPrices({ tool }: { tool: Tool }) {
  const t = useTexts(catalogTexts);
  const prices = useToolPrices(tool);
  return (
    <div className="overflow-hidden rounded-box border border-base-300">
      <table className="table-sm table" data-testid="tool-prices">
        <caption className="bg-base-200 px-3 py-2 text-left font-semibold">{t.pricesPerPiece}</caption>
        <thead>
          <tr className="text-base-content">
            <th scope="col">{t.pieces}</th>
            <th scope="col" className="text-right">
              {t.pricesPerPiece}
            </th>
          </tr>
        </thead>
        <tbody>
          {tiersOf(tool, prices).map((tier) => (
            <tr key={tier.from}>
              <th scope="row" className="font-normal">
                {tier.to > 0 ? `${tier.from}–${tier.to}` : t.orMore(tier.from)}
              </th>
              <td className="text-right tabular-nums">
                <PriceWithTax price={tier.price} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The reviews of this tool alone (decision 0058), with its rating; says so when there are none yet. */
function ToolReviews({ reviews }: { reviews: ToolReviewsData | undefined }) {
  const t = useTexts(catalogTexts);
  return (
    <section aria-labelledby="tool-reviews" className="mt-12" data-testid="tool-reviews">
      <h2 id="tool-reviews" className="mb-4 text-2xl font-bold">
        {t.toolReviews}
      </h2>
      {reviews && reviews.ratingValue !== null && reviews.reviewCount > 0 ? (
        <>
          <p className="mb-4 flex flex-wrap items-center gap-2">
            <StarRating rating={reviews.ratingValue} />
            <span>{t.toolRating(reviews.ratingValue, reviews.reviewCount)}</span>
          </p>
          <ul className="grid gap-4 sm:grid-cols-2">
            {reviews.items.map((review) => (
              <li key={review._id} className="rounded-box border border-base-300 bg-base-100 p-4">
                <p className="font-semibold">{review.name}</p>
                <StarRating rating={review.rating} />
                <p className="mt-2 whitespace-pre-line text-sm">{review.description}</p>
              </li>
            ))}
          </ul>
        </>
      ) : (
        reviews && <p className="text-base-content/80">{t.noToolReviews}</p>
      )}
    </section>
  );
}

function ToolView({ tool, reviews }: { tool: Tool; reviews: ToolReviewsData | undefined }) {
  const t = useTexts(catalogTexts);
  const language = useLanguage();
  const name = toolName(tool, language);
  const soldOut = isSoldOut(tool);
  usePageMeta(toolMeta(tool, language));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <p className="mb-4 text-sm">
        <Link to="/allProduct" className="link link-primary">
          {t.allTools}
        </Link>
      </p>
      <div className="grid gap-8 md:grid-cols-2">
        <figure className="aspect-[4/3] overflow-hidden rounded-box bg-base-200">
          <img
            src={tool.img}
            srcSet={tool.srcset}
            sizes="(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw"
            width={640}
            height={480}
            alt={name}
            fetchPriority="high"
            className={`h-full w-full object-cover ${soldOut ? 'opacity-60 grayscale' : ''}`}
          />
        </figure>
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-bold sm:text-4xl">{name}</h1>
          <CurrencySwitch offered={tool.yen !== undefined} className="self-start" />
          <ToolPrices tool={tool} />
          <p>{t.minimumOrder(tool.minQuantity)}</p>
          {tool.packSize > 1 && <p>{t.soldInPacks(tool.packSize)}</p>}
          <p className={`font-semibold ${soldOut ? 'text-error' : 'text-success'}`}>
            {soldOut ? t.minimumOnlyLeft(tool.minQuantity, tool.maxQuantity) : t.inStock(tool.maxQuantity)}
          </p>
          <BuyActions tool={tool} name={name} soldOut={soldOut} />
        </div>
      </div>
      <section aria-labelledby="tool-about" className="mt-10">
        <h2 id="tool-about" className="mb-2 text-2xl font-bold">
          {t.aboutTool}
        </h2>
        <p className="whitespace-pre-line">{toolDescription(tool, language)}</p>
      </section>
      <ToolReviews reviews={reviews} />
    </div>
  );
}

/** /tools/{slug}: a tool's public page (decision 0053), rendered on the server for every visitor and crawler. */
export function ToolPage() {
  const { slug = '' } = useParams();
  const t = useTexts(catalogTexts);
  const tool = useToolPage(slug);
  const reviews = useToolReviews(slug);
  if (tool.data) return <ToolView tool={tool.data} reviews={reviews.data} />;
  if (tool.isError) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <QueryError query={tool} title={t.toolNotLoaded} />
      </div>
    );
  }
  return <LoadingDots label={t.loadingTool} />;
}
