import type { Texts } from '@kanna/shared/domain/translation';
import { toolKindNames } from '../../../lib/tools';

/** The catalogue: the home page's newest tools, a tool's card, /allProduct and its filters. */
export default {
  factoryDirect: 'Factory direct',
  newestTitle: 'Wooded Working Tools',
  seeMore: 'see more',
  seeMoreTools: ' tools',
  noTools: 'No tools are listed yet. Please come back soon.',
  loadingTools: 'Loading tools',
  toolsNotLoaded: 'The tools could not be loaded.',
  price: (price: string) => `Price $ ${price}/Per`,
  /** A price in another currency, its symbol written: `Price ¥12,000/Per`. */
  priceIn: (price: string) => `Price ${price}/Per`,
  from: (price: string) => `from ${price}`,
  forPieces: (quantity: number) => ` for ${quantity}+ pieces`,
  minimumOnlyLeft: (minimum: number, left: number) =>
    `Minimum order ${minimum} Pieces (OQ), only ${left} left`,
  orderRange: (minimum: number, maximum: number) => `${minimum} - ${maximum} Pieces (OQ)`,
  soldInPacks: (size: number) => `Sold in packs of ${size}`,
  soldOut: 'Sold out',
  purchase: 'Purchase',
  purchaseTool: (name: string) => `Purchase ${name}`,
  addToCart: 'Add to cart',
  addToCartTool: (name: string) => `Add to cart: ${name}`,
  added: (added: string, quantity: number, name: string) => `${added}: ${quantity} × ${name}`,
  allTitle: 'All wooden tools',
  allDescription:
    'Every Japanese wooden hand tool Kanna makes — hammers, chisels, drivers, saw blades and planes — with bulk prices and order quantities.',
  allLead:
    'Every tool we make in our workshop, hand-finished and sold factory direct in bulk: choose a tool, order between its minimum and available quantity, and we ship it from Japan.',
  laterTools: 'These are later tools of the list.',
  startFromFirst: 'Start from the first tools',
  updating: 'Updating the list…',
  /** '12 tools in Chisels matching “kanna”; more below' */
  summary: (count: number, kind: string | null, search: string, more: boolean) =>
    `${count === 1 ? '1 tool' : `${count} tools`}${kind ? ` in ${kind}` : ''}${search ? ` matching “${search}”` : ''}${more ? '; more below' : ''}`,
  noMatch: 'No tools match your search.',
  showAll: 'Show all tools',
  moreTools: 'More tools',
  findTools: 'Find tools',
  searchByName: 'Search by name',
  searchExample: 'e.g. chisel',
  sortBy: 'Sort by',
  kind: 'Kind',
  allKinds: 'All kinds',
  newestFirst: 'Newest first',
  priceLowToHigh: 'Price: low to high',
  priceHighToLow: 'Price: high to low',
  // A tool's own page (/tools/{slug}).
  toolDescription: (name: string) =>
    `${name}: prices per piece from the first pack, volume prices and stock, from Kanna.`,
  allTools: 'All tools',
  pricesPerPiece: 'Price per piece',
  pieces: 'Pieces',
  orMore: (from: number) => `${from} or more`,
  minimumOrder: (minimum: number) => `Minimum order: ${minimum} pieces`,
  inStock: (available: number) => `In stock: ${available} pieces`,
  aboutTool: 'About this tool',
  toolReviews: 'Reviews of this tool',
  toolRating: (value: number, count: number) =>
    `Rated ${value} out of 5 by ${count} ${count === 1 ? 'buyer' : 'buyers'}`,
  noToolReviews: 'No reviews of this tool yet. Buyers review it from their orders once shipped.',
  toolNotLoaded: 'This tool could not be loaded.',
  loadingTool: 'Loading the tool',
  kinds: {
    hammer: toolKindNames.hammer.many,
    chisel: toolKindNames.chisel.many,
    driver: toolKindNames.driver.many,
    saw: toolKindNames.saw.many,
    plane: toolKindNames.plane.many,
    other: toolKindNames.other.many,
  },
} satisfies Texts;
