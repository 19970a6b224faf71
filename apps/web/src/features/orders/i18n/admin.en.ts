import { adminStateLabel } from '@kanna/shared/domain/orders';
import type { Texts } from '@kanna/shared/domain/translation';

const orderCount = (n: number) => (n === 1 ? '1 order' : `${n.toLocaleString('en-US')} orders`);

/** The administrator's order screens: All orders, its filters, and the order page's admin dialogs and notes. */
export default {
  /** The admin's word for each state (the CSV export's too). */
  states: adminStateLabel,
  allOrdersTitle: 'All orders',
  allOrdersDescription:
    'Every Kanna order for administrators: unpaid, Pending shipping, shipped and cancelled.',
  allOrdersLead: 'Pending orders are paid and waiting to be shipped.',
  exportCsv: 'Export CSV',
  /** The button to the page where an order taken by phone or fax is entered. */
  enterOrder: 'Enter an order',
  exportFiltered: ' of the orders matching the filters',
  exportAll: ' of every order',
  updating: 'Updating the list…',
  shown: (count: number, more: boolean) =>
    `${orderCount(count)} shown${more ? ', newest first; more below' : ''}.`,
  // How many orders match, counted up to a cap (a million are not counted one by one).
  matching: (count: number, more: boolean, filtered: boolean) =>
    more
      ? `More than ${orderCount(count)} ${filtered ? 'match the filters' : 'in all'} (they are counted up to ${count.toLocaleString('en-US')}).`
      : `${orderCount(count)} ${filtered ? (count === 1 ? 'matches the filters' : 'match the filters') : 'in all'}.`,
  loadingOrders: 'Loading orders',
  ordersNotLoaded: 'The orders could not be loaded.',
  empty: {
    all: 'No orders yet.',
    unpaid: 'No unpaid orders.',
    paid: 'No Pending orders: everything paid has shipped.',
    shipped: 'No shipped orders yet.',
    cancelled: 'No cancelled orders.',
    on_account: 'No orders on account waiting to ship.',
    account_shipped: 'No orders shipped on account.',
    awaiting_approval: "No orders awaiting a company owner's approval.",
  },
  noMatch: 'No order matches these filters.',
  showEvery: 'Show every order',
  loadMore: 'Load more orders',
  allShown: (count: number) => `All ${orderCount(count)} are shown.`,
  perPage: 'Orders per page',

  tableCaption: 'All orders, newest first',
  customer: 'Customer',
  product: 'Product',
  quantity: 'Quantity',
  total: 'Total',
  state: 'State',
  ordered: 'Ordered',
  /** Before an order's number in its link, for screen readers. */
  orderBefore: 'Order ',
  markShipped: 'Mark shipped',
  /** After Mark shipped, for screen readers: which order. */
  markShippedWhat: (lines: number, quantity: number, productName: string, buyer: string) =>
    `: ${lines > 1 ? `${lines} tools` : `${quantity} × ${productName}`} for ${buyer}`,

  filterOrders: 'Filter orders',
  search: 'Search',
  searchPlaceholder: 'Order id, e-mail, name or product',
  searchHint: 'Order id, customer e-mail or name, or a product.',
  allStates: 'All states',
  pendingOption: (pending: string) => `${pending} (paid, to ship)`,
  from: 'From',
  to: 'To',
  backwards: 'From is after To: no order can match.',
  datesHint: 'Dates are days in your time zone, both included.',
  clearFilters: 'Clear filters',

  ship: 'Ship',
  shipTitle: (number: string) => `Ship order ${number}?`,
  shipBody: (buyer: string) =>
    `The order is marked shipped and ${buyer} is e-mailed that it is on its way, with the carrier and tracking number if you give them here.`,
  carrier: 'Carrier',
  carrierHint: 'Optional, e.g. Yamato Transport',
  commonCarriers: 'Often used',
  trackingNumber: 'Tracking number',
  optional: 'Optional',
  notYet: 'Not yet',
  markingShipped: 'Marking shipped…',
  yesMarkShipped: 'Yes, mark shipped',

  cancelOrder: 'Cancel order',
  refundStillOwed: ' (its refund is still owed)',
  refundTitle: (number: string) => `Refund order ${number}?`,
  cancelTitle: (number: string) => `Cancel order ${number}?`,
  yesRefund: 'Yes, refund',
  yesCancelAndRefund: 'Yes, cancel and refund',
  yesCancel: 'Yes, cancel order',
  cancelling: 'Cancelling…',
  keepOrder: 'Keep order',
  reason: 'Reason',
  reasonHint: "The buyer sees it in the order's history.",
  owedRefund: (amount: string, buyer: string) =>
    `This order is cancelled, but its payment was not refunded yet: ${amount} will be refunded to the buyer's card now. ${buyer} is e-mailed.`,
  transferGivenBack: (amount: string, buyer: string) =>
    `The stock is returned and the ${amount} received by bank transfer is flagged to be given back to the buyer. ${buyer} is e-mailed.`,
  cardRefunded: (amount: string, test: boolean, buyer: string) =>
    `${amount} will be refunded to the buyer's card${test ? ' (a test payment: no real money moves)' : ''} and the stock returned. ${buyer} is e-mailed.`,
  unpaidCancelled: (buyer: string) =>
    `The order can no longer be paid and the stock returns to sale. ${buyer} is e-mailed.`,

  internalNotes: 'Internal notes',
  notesLead: 'Seen by administrators only, never by the buyer.',
  noNotes: 'No notes yet.',
  /** Between a note's author and its time. */
  noteBySeparator: ', ',
  addANote: 'Add a note',
  note: 'Note',
  characters: (typed: number, max: number) =>
    `${typed.toLocaleString('en-US')} / ${max.toLocaleString('en-US')} characters`,
  adding: 'Adding…',
  addNote: 'Add note',

  recordPayment: 'Record payment',
  recordTitle: (number: string) => `Record a payment on order ${number}`,
  amountReceived: (currency: 'USD' | 'JPY') =>
    currency === 'JPY' ? 'Amount received (¥)' : 'Amount received ($)',
  amountHint: (currency: 'USD' | 'JPY') =>
    currency === 'JPY'
      ? 'As the bank statement shows it, in whole yen'
      : 'As the bank statement shows it, in dollars',
  receivedOn: 'Received on',
  reference: 'Reference',
  referenceHint: "The transfer's reference on the bank statement; usually the order number",
  notNow: 'Not now',
  recording: 'Recording…',
  recordCancelled:
    'This order is cancelled: the money is recorded and flagged to be given back to the buyer.',
  recordPaid: 'This order is already paid: the money is recorded and flagged to be given back to the buyer.',
  receivedSoFar: (paid: string, due: string, left: string) =>
    `${paid} of ${due} received so far: ${left} is still due.`,
  nothingReceived: (due: string) => `Nothing received yet: ${due} is due.`,
  recordUnpaid: (received: string, buyer: string, card: boolean) =>
    `${received} Once the money recorded reaches the amount due the order is paid and ${buyer} is e-mailed; anything beyond it is flagged to be given back.${card ? ' The buyer chose card: recording money makes it a bank-transfer order, and its card can no longer pay.' : ''}`,
} satisfies Texts;
