import type { Texts } from '@kanna/shared/domain/translation';

/** A tool's page (/purchase/{id}) around its order form, and its volume prices. */
export default {
  buy: (name: string) => `Buy ${name}`,
  toolNotFoundTitle: 'Tool not found',
  purchase: 'Purchase',
  buyDescription: (name: string, minimum: number, price: string) =>
    `Order ${name} in bulk, factory direct from Japan: ${minimum} pieces minimum at $ ${price} a piece.`,
  purchaseDescription: 'Order Japanese wooden hand tools in bulk, factory direct from Kanna.',
  loadingTool: 'Loading the tool',
  toolNotLoaded: 'The tool could not be loaded.',
  toolNotFound: 'This tool was not found',
  toolNotFoundHelp: 'It may have been taken out of our catalogue, or the address may be mistyped.',
  seeAllTools: 'See all our tools',
  price: (price: string) => `Price $ ${price}/Per`,
  priceIn: (price: string) => `Price ${price}/Per`,
  fromAPiece: (price: string, quantity: number) => `from ${price} a piece for ${quantity} or more`,
  soldInPacks: (size: number) => `Sold in packs of ${size}`,
  sku: 'SKU',
  jan: 'JAN',
  minimumOnlyLeft: (minimum: number, left: number) =>
    `Minimum order ${minimum} Pieces (OQ), only ${left} left`,
  orderRange: (minimum: number, maximum: number) => `${minimum} - ${maximum} Pieces (OQ)`,
  soldOut: 'Sold out',
  yourOrder: 'Your order',
  soldOutExplained: (name: string, left: number, minimum: number) =>
    `Sorry, ${name} is sold out: only ${left} left, and the minimum order is ${minimum} pieces. Contact our sales team and we will tell you when it is back, or make it for you.`,
  loadingAccount: 'Loading your account',
  needMore: 'Need more, a sample, or a custom finish?',
  contactSupplier: 'Contact Supplier',
  volumePrices: 'Volume prices',
  pieces: 'Pieces',
  pricePerPiece: 'Price per piece',
  orMore: (from: number) => `${from} or more`,
  yourQuantity: ' (your quantity)',
} satisfies Texts;
