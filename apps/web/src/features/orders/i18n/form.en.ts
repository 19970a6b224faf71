import type { Texts } from '@kanna/shared/domain/translation';

/** A tool's page: its order form and the Contact Supplier dialog. */
export default {
  orderForm: 'Order form',
  pricePerPiece: 'Price per piece',
  volumePrice: ' (volume price)',
  orderMore: (more: number, price: string) => `Order ${more} more for ${price} each`,
  name: 'Name',
  email: 'Email',
  total: 'Total',
  /** What a delivery to the shop's own country adds, under the total. */
  chargesNote: (country: string, charges: string, due: string) =>
    `To ${country}, ${charges}: ${due} due. To another country, order from the cart.`,
  shipping: (amount: string) => `shipping ${amount}`,
  shippingFree: 'shipping free',
  tax: (ratePercent: number, amount: string) => `tax (${ratePercent}%) ${amount}`,
  and: ' and ',
  placingOrder: 'Placing order…',
  placeOrder: 'Place order',
  addToCart: 'Add to cart',
  proceedCheckOut: 'Proceed CheckOut',
  // Contact Supplier.
  contactSupplier: 'Contact Supplier',
  /** The tool's name is put where its marker is. */
  askSales: (tool: string) =>
    `Ask our sales team about ${tool}: larger quantities, delivery or a custom finish. We reply by e-mail.`,
  quantityWanted: 'Quantity wanted',
  message: 'Message',
  close: 'Close',
  sending: 'Sending…',
  sendMessage: 'Send message',
} satisfies Texts;
