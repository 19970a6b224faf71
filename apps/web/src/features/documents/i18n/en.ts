import type { IssuedKind } from '@kanna/shared/domain/archive';
import type { Texts } from '@kanna/shared/domain/translation';

const documentsCount = (n: number) => (n === 1 ? '1 document' : `${n.toLocaleString('en-US')} documents`);

/** The archive of issued documents (/dashboard/documents). */
export default {
  title: 'Document archive',
  description: 'Every document the Kanna shop issued, as it was issued.',
  lead: 'Every invoice, receipt, delivery note, pro-forma and credit note the shop issued, newest first, exactly as issued. Search by date, amount and counterparty — the keys the Electronic Bookkeeping Act asks for.',
  kinds: {
    proforma: 'Pro-forma invoice',
    invoice: 'Invoice',
    receipt: 'Receipt',
    'delivery-note': 'Delivery note',
    acknowledgement: 'Order acknowledgement',
    'credit-note': 'Credit note',
    statement: 'Statement',
    quote: 'Quote',
  } satisfies Record<IssuedKind, string>,
  updating: 'Updating the archive…',
  shown: (n: number, more: boolean) =>
    `${documentsCount(n)} shown${more ? ', newest first; more below' : ''}.`,
  loading: 'Loading the archive',
  notLoaded: 'The archive could not be loaded.',
  noMatch: 'No documents match this search.',
  none: 'No documents issued yet: a document is issued when it is first downloaded.',
  clearFilters: 'Clear filters',
  list: 'Issued documents, newest first',
  loadMore: 'Load more documents',
  filter: 'Search the archive',
  counterparty: 'Counterparty',
  counterpartyPlaceholder: 'Yamada',
  counterpartyHint: 'Part of the buyer’s name.',
  kind: 'Kind',
  everyKind: 'Every kind',
  from: 'Issued from',
  to: 'Issued to',
  backwards: 'From is after To: no document can match.',
  datesHint: 'Dates are days in the shop’s time zone, both included.',
  minAmount: 'Amount from ($)',
  maxAmount: 'Amount to ($)',
  amountHint: 'A credit note’s amount is negative.',
  issued: 'Issued',
  amount: 'Amount',
  noAmount: 'No amount',
  order: (number: string) => `Order ${number}`,
  corrects: (number: string) => `Corrects ${number}`,
  download: (number: string) => `Download ${number}`,
  pdf: '(PDF)',
  /** The other language's copy of a document, drawn from what was issued and marked as a copy. */
  copyIn: { en: 'English copy', ja: 'Japanese copy' },
  copyInLabel: (number: string, language: 'en' | 'ja') =>
    `Download ${language === 'ja' ? 'a Japanese' : 'an English'} copy of ${number}`,
  exportPeriod: 'Export this period (ZIP)',
  exportHint: 'Every document issued in the period as one ZIP of PDFs with a CSV index; up to 366 days.',
  hash: 'SHA-256',
} satisfies Texts;
