import type { Tool } from '@kanna/shared/catalog';
import { formatPrice } from '@kanna/shared/domain/money';
import { Link } from 'react-router';
import { isSoldOut } from '../../../lib/tools';

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
  const soldOut = isSoldOut(tool);
  return (
    <article className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm">
      <figure className="aspect-[4/3] bg-base-200">
        <img
          src={tool.img}
          srcSet={tool.srcset}
          sizes={sizes}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          alt={tool.productName}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className={`h-full w-full object-cover ${soldOut ? 'opacity-60 grayscale' : ''}`}
        />
      </figure>
      <div className="card-body gap-2 p-5">
        <Heading className="card-title text-lg leading-snug">{tool.productName}</Heading>
        <p className="font-semibold text-primary">Price $ {formatPrice(tool.perPrice)}/Per</p>
        <p className="text-sm text-base-content/80">
          {soldOut
            ? // "50 - 20 Pieces" would read as nonsense: say what is left instead.
              `Minimum order ${tool.minQuantity} Pieces (OQ), only ${tool.maxQuantity} left`
            : `${tool.minQuantity} - ${tool.maxQuantity} Pieces (OQ)`}
        </p>
        <div className="card-actions mt-auto pt-2">
          {soldOut ? (
            <p className="w-full rounded-field border border-base-300 bg-base-200 py-2 text-center font-semibold">
              Sold out
            </p>
          ) : (
            <Link
              to={`/purchase/${tool._id}`}
              className="btn btn-block btn-primary"
              aria-label={`Purchase ${tool.productName}`}
            >
              Purchase
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
