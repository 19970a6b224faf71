import type { Texts } from '@kanna/shared/domain/translation';

/** An order's quantity, total and state cells, as the buyer's and the admin's order tables show them. */
export default {
  quantity: 'Quantity',
  total: 'Total',
  state: 'State',
  /** After a trade order's pieces: how many lines they are on. */
  inLines: (lines: number) => ` in ${lines} lines`,
  testPayment: 'Test payment',
  testPaymentTitle: 'Paid with a test card: no money moved',
  refunded: 'Refunded',
} satisfies Texts;
