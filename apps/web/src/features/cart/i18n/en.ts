import type { Texts } from '@kanna/shared/domain/translation';

/** The cart (/cart): its lines, the checkout beside them, the postal code look-up. */
export default {
  title: 'Your cart',
  description: 'Your Kanna cart: wooden hand tools in bulk at volume prices, ordered in one go.',
  loadingCart: 'Loading your cart',
  cartNotLoaded: 'Your cart could not be loaded.',
  empty: 'Your cart is empty.',
  browseTools: 'Browse our tools',
  removed: (name: string) => `Removed ${name} from your cart.`,
  theTool: 'the tool',
  nothingReserved:
    'Nothing was reserved: some lines cannot be ordered as they are. See the lines marked above.',
  loadingPrices: 'Loading today’s prices…',
  fixLines: 'Change or remove the lines marked in red to check out.',
  reachMinimum: 'Add more to reach the minimum order (above) to check out.',
  lastChangeNotSaved: 'Your last change could not be saved.',
  loadPricesAgain: 'Load the prices again',
  checkout: 'Checkout',
  // Ordering by code, and saving the cart as a list (features/quick-order).
  quickOrder: 'Quick order by code',
  savedLists: 'Saved lists',
  saveAsList: 'Save cart as a list',
  tools: (count: number) => `${count} ${count === 1 ? 'tool' : 'tools'}`,
  pieces: (count: string) => `${count} pieces`,
  loadingAccount: 'Loading your account',
  keptInBrowser: "Your cart is kept in this browser. Sign in to check out: it joins your account's cart.",
  signInToCheckOut: 'Sign in to check out',
  loadingAddress: 'Loading your address',
  // The table of lines.
  tool: 'Tool',
  pricePerPiece: 'Price per piece',
  quantity: 'Quantity',
  lineTotal: 'Line total',
  thisTool: 'This tool',
  loading: 'Loading…',
  soldInPacks: (size: number) => `Sold in packs of ${size}`,
  orderMore: (more: number, price: string) => `Order ${more} more for ${price} each`,
  notLoaded: (why: string) => `This tool could not be loaded: ${why}`,
  volumePrice: (base: string) => `(volume price; base price ${base})`,
  pieceCount: (count: number) => `${count} pieces`,
  remove: 'Remove',
  // The checkout form.
  country: 'Country',
  payment: 'Payment',
  card: 'Card',
  notAboveCardLimit: 'Not for orders above $999,999.99',
  bankTransfer: 'Bank transfer',
  onAccount: "On account (invoice at month's end)",
  onAccountNote: "Ships before payment; your company pays it with the month's statement.",
  againstProforma: 'Pay against a pro-forma invoice; the stock is held while you pay.',
  placingOrder: 'Placing order…',
  placeOrder: (total: string) => `Place order · ${total}`,
  // The address book at checkout: no label says "address", the address field's own word.
  fromAddressBook: 'Deliver to a saved place',
  chooseDelivery: 'Choose one from your address book',
  saveToAddressBook: 'Keep this delivery for next time',
  saveToAddressBookHint:
    'Saved to your address book when the order is placed. Write it as 〒104-0061 東京都中央区銀座 1-2-3 in Japan, or as street, city elsewhere.',
  addressUnreadable:
    'To save this address, write it as 〒104-0061 東京都中央区銀座 1-2-3 in Japan, or as street, city elsewhere; or untick saving it.',
  addressNotSaved: (reason: string) => `Your order is placed, but the address was not saved: ${reason}`,
} satisfies Texts;
