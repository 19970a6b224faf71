import type { Texts } from '@kanna/shared/domain/translation';

/** The payment page (/dashboard/payment/{id}): the order's summary, card or bank transfer, the card forms. */
export default {
  title: 'Pay for your order',
  description: 'Pay for your Kanna order by card, securely.',
  heading: 'Payment',
  loadingOrder: 'Loading your order',
  notFound: 'This order was not found',
  /** The link to My orders is put where its marker is. */
  notFoundHelp: (myOrders: string) =>
    `It may have been cancelled, or the address may be mistyped. Your orders are listed in ${myOrders}.`,
  myOrders: 'My orders',
  orderNotLoaded: 'Your order could not be loaded.',
  cancelled: 'This order was cancelled',
  /** The link to order again is put where its marker is. */
  cannotBePaid: (orderAgain: string) => `A cancelled order cannot be paid. ${orderAgain}.`,
  orderToolAgain: 'Order the tool again',
  onAccount: "This order is on your company's account",
  /** The link to the order's page is put where its marker is. */
  nothingToPay: (order: string) =>
    `Nothing is paid here: it ships before payment and is invoiced with the month's statement. See ${order}.`,
  theOrder: 'the order',
  cannotPayNow: 'This order cannot be paid right now.',
  loadingForm: 'Loading the payment form',
  formNotLoaded: 'The payment form could not be loaded.',
  loadingBank: 'Loading the bank details',
  bankNotLoaded: 'The bank details could not be loaded.',
  payByCard: 'Pay by card',
  loadingCardForm: 'Loading the card form',
  transactionId: 'Transaction id:',
  recording: 'Recording your payment',
  notRecorded: 'Your payment went through, but we could not record it yet.',
  seeMyOrders: 'See my orders',
  paidAndShipped: 'This order is paid and shipped',
  paid: 'This order is paid',
  backToMyOrders: 'Back to my orders',
  nothingMore: 'Nothing more to pay.',
  paidWithTestCard: ' Paid with a test card: no money was taken.',
  // The order's summary.
  summary: 'Order summary',
  product: 'Product',
  quantity: 'Quantity',
  pieces: (count: number) => `${count} pieces`,
  pricePerPiece: 'Price per piece',
  linesOfOrder: 'The lines of your order',
  tool: 'Tool',
  each: 'Each',
  total: 'Total',
  // Card or bank transfer.
  howToPay: 'How would you like to pay?',
  card: 'Card',
  notAboveCardLimit: 'Not for orders above $999,999.99',
  bankTransfer: 'Bank transfer',
  againstProforma: 'Pay against a pro-forma invoice; the stock is held while you pay.',
  // The card forms.
  paying: 'Paying…',
  pay: (amount: string) => `Pay ${amount}`,
  preparing: 'Preparing the payment…',
  didNotGoThrough: 'The payment did not go through.',
  notCompleted: 'The payment was not completed. Please try again.',
  providerUnreachable: 'Could not reach the payment provider. Check your connection and try again.',
  testMode: 'Test mode',
  noRealCard: 'No real card is charged. Use one of these test cards with any future expiry and any CVC:',
  /** What each test card does, after its number. */
  outcomes: { succeeds: 'succeeds', declined: 'is declined', insufficientFunds: 'has insufficient funds' },
  cardNumber: 'Card number',
  expiry: 'Expiry',
  expiryHint: 'Month and year, as MM/YY',
  cvc: 'CVC',
} satisfies Texts;
