import type { Tool } from '@kanna/shared/catalog';
import { toolPath } from '@kanna/shared/domain/tool-pages';
import { toolName } from '@kanna/shared/domain/tool-texts';
import { Link } from 'react-router';
import { TaxBeside, useToolPrices } from '../../../components/ui/tool-price';
import { useTexts } from '../../../lib/i18n';
import { useReaderLanguage } from '../../../lib/reader-language';
import { isSoldOut } from '../../../lib/tools';
import { catalogTexts } from '../i18n';
import { BuyActions } from './buy-actions';

/** Intrinsic size of the middle image width; the 4:3 box is reserved before the image arrives. */
const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 480;

interface ToolCardProps {
  tool: Tool;
  /** Heading level of the product name under its section's heading. */
  headingLevel?: 2 | 3;
  /** Load the image at once (cards in the first screen); otherwise lazily. */
  eager?: boolean;
  /** The page's likely LCP image: fetched ahead of other images. */
  priority?: boolean;
  /** The `sizes` attribute for the image, matching the grid it sits in. */
  sizes?: string;
}

export function ToolCard({
  tool,
  headingLevel = 3,
  eager = false,
  priority = false,
  sizes = '(min-width: 1280px) 296px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw',
}: ToolCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useTexts(catalogTexts);
  const name = toolName(tool, useReaderLanguage());
  const soldOut = isSoldOut(tool);
  // Volume prices fall with quantity: the last break is the cheapest.
  const prices = useToolPrices(tool);
  const lowest = prices.breaks.at(-1);
  return (
    <article className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm">
      <figure className="aspect-[4/3] bg-base-200">
        {/* The picture opens the tool's own page (/tools/{slug}, in the reader's language by the router's base). */}
        <Link to={toolPath(tool)} className="block h-full w-full">
          <img
            src={tool.img}
            srcSet={tool.srcset}
            sizes={sizes}
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            alt={name}
            loading={eager || priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            // The page's likely LCP picture is drawn with the first frame it can be; the others
            // decode off the main thread whenever they arrive.
            decoding={priority ? 'sync' : 'async'}
            className={`h-full w-full object-cover ${soldOut ? 'opacity-60 grayscale' : ''}`}
          />
        </Link>
      </figure>
      <div className="card-body gap-2 p-5">
        <Heading className="card-title text-lg leading-snug">{name}</Heading>
        <p className="font-semibold text-primary">
          {prices.currency === 'JPY' ? (
            <>
              {t.priceIn(prices.base.text)}
              <TaxBeside price={prices.base} />
            </>
          ) : (
            t.price(prices.base.text.slice(1))
          )}
        </p>
        {lowest && (
          <p className="-mt-1 text-sm font-semibold text-success">
            {t.from(lowest.price.text)}
            <span className="font-normal text-base-content/80">{t.forPieces(lowest.minQuantity)}</span>
          </p>
        )}
        <p className="text-sm text-base-content/80">
          {soldOut
            ? // "50 - 20 Pieces" would read as nonsense: say what is left instead.
              t.minimumOnlyLeft(tool.minQuantity, tool.maxQuantity)
            : t.orderRange(tool.minQuantity, tool.maxQuantity)}
        </p>
        {tool.packSize > 1 && (
          <p className="-mt-1 text-sm text-base-content/80">{t.soldInPacks(tool.packSize)}</p>
        )}
        <div className="card-actions mt-auto pt-2">
          <BuyActions tool={tool} name={name} soldOut={soldOut} className="w-full" />
        </div>
      </div>
    </article>
  );
}
