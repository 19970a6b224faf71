import type { Tool } from '@kanna/shared/catalog';
import { localizedPath } from '@kanna/shared/domain/language-paths';
import type { Language } from '@kanna/shared/domain/languages';
import { RATING_MAX } from '@kanna/shared/domain/limits';
import { shopBrand, toolPath } from '@kanna/shared/domain/tool-pages';
import { toolDescription, toolName } from '@kanna/shared/domain/tool-texts';
import { yenTiersWithTax } from '@kanna/shared/domain/yen-prices';
import type { ToolReviews } from '@kanna/shared/reviews';
// schema.org's vocabulary as types: the structured data below is checked against its Product,
// Offer and ItemList shapes by the type checker (a property schema.org does not define, or a value
// of the wrong kind, fails `npm run typecheck`). Types only: nothing of it reaches the bundle.
import type { ItemList, Product, WithContext } from 'schema-dts';
import { isSoldOut } from '../../lib/tools';

/** The availability of a tool as schema.org names it. */
const availabilityOf = (tool: Tool) =>
  isSoldOut(tool) ? ('https://schema.org/OutOfStock' as const) : ('https://schema.org/InStock' as const);

/**
 * A tool's price tiers as the page in `lang` states them (docs/reach.md, "Structured data"): on a
 * Japanese page of a shop whose buyers in Japan pay in yen (`tool.yen`), whole yen with the
 * consumption tax a delivery in Japan pays, as Google asks prices for Japan; otherwise dollars,
 * before any tax the checkout adds. Each tier from the quantity it starts at.
 */
function pricesOf(tool: Tool, lang: Language) {
  if (lang === 'ja' && tool.yen)
    return {
      currency: 'JPY' as const,
      taxIncluded: true,
      tiers: yenTiersWithTax(tool.minQuantity, tool.yen, tool.yen.taxRatePercent),
    };
  return {
    currency: 'USD' as const,
    taxIncluded: false,
    tiers: [
      { from: tool.minQuantity, price: tool.perPrice },
      ...tool.volumePrices.map((b) => ({ from: b.minQuantity, price: b.perPrice })),
    ],
  };
}

/** What every Offer of a tool says: where, the base price in the page's currency, and whether it is in stock. */
const offerOf = (tool: Tool, url: string, lang: Language) => {
  const { currency, tiers } = pricesOf(tool, lang);
  return {
    '@type': 'Offer' as const,
    url,
    price: tiers[0]?.price ?? tool.perPrice,
    priceCurrency: currency,
    availability: availabilityOf(tool),
  };
};

/**
 * The catalogue's tools as schema.org structured data (JSON-LD) for search engines: an ItemList
 * of Products in the order shown, each with its picture, its public page (`/tools/{slug}` in the
 * page's language: the address search engines index, where `/purchase/{id}` is for signed-in
 * buyers and kept out by robots.txt) and its offer — the base unit price (volume prices are
 * lower, from larger quantities) in the page's currency (`pricesOf`), from the tool's minimum
 * order, in stock or not.
 * Addresses are absolute, under `origin` (the shop's public address); names and descriptions are
 * in the page's language `lang`.
 */
export function catalogueStructuredData(tools: readonly Tool[], origin: string, lang: Language) {
  const at = (address: string) => new URL(address, origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: tools.length,
    itemListElement: tools.map((tool, index) => {
      const url = at(localizedPath(toolPath(tool), lang));
      return {
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'Product',
          name: toolName(tool, lang),
          description: toolDescription(tool, lang),
          image: at(tool.img),
          url,
          offers: {
            ...offerOf(tool, url, lang),
            eligibleQuantity: { '@type': 'QuantitativeValue', minValue: tool.minQuantity },
          },
        },
      };
    }),
  } satisfies WithContext<ItemList>;
}

/**
 * One tool's page as schema.org structured data (JSON-LD): a Product with its picture, brand and
 * its offer at its own page's address in `lang` — in stock or not, with a
 * `UnitPriceSpecification` per price tier (the base price from the minimum order, then each
 * volume break; in yen with tax on a Japanese page where Japan pays in yen, else in dollars before
 * tax, each saying so with `valueAddedTaxIncluded`), each saying from how many pieces it applies (`eligibleQuantity`), and the
 * quantities a single order may take. A SKU and GTIN are named when the tool has them. Its
 * `aggregateRating` and `review`s come from the reviews of this tool alone, and only when it has
 * at least one still shown; the shop's reviews never rate a tool (decision 0058).
 */
export function productStructuredData(
  tool: Tool & { sku?: string | null; jan?: string | null },
  origin: string,
  lang: Language,
  reviews?: ToolReviews,
) {
  const at = (address: string) => new URL(address, origin).href;
  const url = at(localizedPath(toolPath(tool), lang));
  const { currency, taxIncluded, tiers } = pricesOf(tool, lang);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: toolName(tool, lang),
    description: toolDescription(tool, lang),
    image: [at(tool.img.replace(/\/\d+\.webp$/, '/960.webp'))],
    url,
    ...(tool.sku ? { sku: tool.sku } : {}),
    ...(tool.jan ? { gtin13: tool.jan } : {}),
    brand: { '@type': 'Brand', name: shopBrand },
    ...(reviews && reviews.reviewCount > 0 && reviews.ratingValue !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: reviews.ratingValue,
            reviewCount: reviews.reviewCount,
            bestRating: RATING_MAX,
            worstRating: 1,
          },
          review: reviews.items.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.name },
            datePublished: r.createdAt.slice(0, 10),
            reviewBody: r.description,
            reviewRating: {
              '@type': 'Rating',
              ratingValue: r.rating,
              bestRating: RATING_MAX,
              worstRating: 1,
            },
          })),
        }
      : {}),
    offers: {
      ...offerOf(tool, url, lang),
      itemCondition: 'https://schema.org/NewCondition',
      eligibleQuantity: {
        '@type': 'QuantitativeValue',
        minValue: tool.minQuantity,
        maxValue: tool.maxQuantity,
        unitCode: 'C62',
      },
      priceSpecification: tiers.map((tier, i) => {
        const next = tiers[i + 1];
        return {
          '@type': 'UnitPriceSpecification',
          price: tier.price,
          priceCurrency: currency,
          valueAddedTaxIncluded: taxIncluded,
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'C62' },
          eligibleQuantity: {
            '@type': 'QuantitativeValue',
            minValue: tier.from,
            ...(next ? { maxValue: next.from - 1 } : {}),
            unitCode: 'C62',
          },
        };
      }),
    },
  } satisfies WithContext<Product>;
}
