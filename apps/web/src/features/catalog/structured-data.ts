import type { Tool } from '@kanna/shared/catalog';
import type { Language } from '@kanna/shared/domain/languages';
import { toolDescription, toolName } from '@kanna/shared/domain/tool-texts';
import { isSoldOut } from '../../lib/tools';

/**
 * The catalogue's tools as schema.org structured data (JSON-LD) for search engines: an ItemList
 * of Products in the order shown, each with its picture, its page and its offer — the base unit
 * price in US dollars (volume prices are lower, from larger quantities), from the tool's minimum
 * order, in stock or not. Addresses are absolute, under `origin` (the shop's public address);
 * names and descriptions are in the page's language `lang`.
 */
export function catalogueStructuredData(tools: readonly Tool[], origin: string, lang: Language) {
  const at = (address: string) => new URL(address, origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: tools.length,
    itemListElement: tools.map((tool, index) => {
      const url = at(`/purchase/${tool._id}`);
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
            '@type': 'Offer',
            url,
            price: tool.perPrice,
            priceCurrency: 'USD',
            availability: isSoldOut(tool) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
            eligibleQuantity: { '@type': 'QuantitativeValue', minValue: tool.minQuantity },
          },
        },
      };
    }),
  };
}
