import type { Texts } from '@kanna/shared/domain/translation';

const requests = (n: number) =>
  n === 1 ? '1 request for a quote' : `${n.toLocaleString('en-US')} requests for a quote`;

/** Requests for a quote (見積依頼): the cart's button and form, and the administrator's inbox. */
export default {
  // The cart.
  request: 'Request a quote',
  formTitle: 'Request a quote',
  formLead: 'We will price the tools in your cart for you and answer by e-mail. Your cart stays as it is.',
  note: 'Note for the shop (optional)',
  noteHint: 'Delivery date, place, or anything we should know.',
  send: 'Send the request',
  sending: 'Sending…',
  cancel: 'Cancel',
  sent: 'Your request for a quote is sent. We will answer by e-mail.',
  // The inbox.
  title: 'Quote requests',
  description: 'Requests for a quote from buyers, for administrators.',
  lead: "Buyers' requests for a quote, newest first, with the list prices when they asked. Reply from your mail client (the buyer's address opens a reply).",
  empty: 'No requests for a quote yet',
  updating: 'Updating the list…',
  shown: (n: number, more: boolean) => `${requests(n)} shown${more ? ', newest first; more below' : ''}.`,
  loading: 'Loading requests for a quote',
  notLoaded: 'The requests for a quote could not be loaded.',
  list: 'Requests for a quote, newest first',
  loadMore: 'Load more requests',
  from: 'From',
  noteLabel: 'Note',
  noNote: 'No note',
  open: 'Open',
  lines: 'Tools asked about',
  tool: 'Tool',
  quantity: 'Quantity',
  listPrice: 'List price (each)',
  toolGone: '(no longer in the catalogue)',
} satisfies Texts;
