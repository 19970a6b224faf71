import type { Texts } from '@kanna/shared/domain/translation';

/** A company's monthly statements, as its owner and the shop's administrators read them. */
export default {
  caption: 'Statements, newest first',
  number: 'Statement',
  period: 'Period',
  periodRange: (from: string, to: string) => `${from} – ${to}`,
  amountDue: 'Amount due',
  dueOn: 'Due on',
  state: 'State',
  states: { paid: 'Paid', partly_paid: 'Partly paid', open: 'Open', overdue: 'Overdue' },
  partly: (applied: string, outstanding: string) => `${applied} received, ${outstanding} to pay`,
  overdueSince: (day: string) => `Since ${day}`,
  pdf: 'PDF',
  ledger: 'Download the account’s ledger (CSV): orders, statements and payments with the running balance',
  pdfOf: (number: string) => `Download statement ${number} (PDF)`,
  none: 'No statement yet: the first is issued on the closing day after an order ships on account.',
  loading: 'Loading the statements…',
  notLoaded: 'The statements could not be loaded.',
} satisfies Texts;
