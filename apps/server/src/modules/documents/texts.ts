/*
 * Every word the documents print, one table per document plus what they share, so that another
 * language is another set of these tables (docs/ARCHITECTURE.md, "Documents"). Values that come
 * from the order or the shop are never in here; sentences that hold one take it as an argument.
 */

/** What every document prints: its frame, the parties, the lines and the totals. */
type SharedTexts = {
  /** For dates and country names. */
  locale: string;
  order: string;
  orderDate: string;
  registrationNumber: string;
  buyer: string;
  phone: string;
  email: string;
  product: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  goods: string;
  shipping: string;
  tax: (ratePercent: string) => string;
  exportExempt: string;
  total: string;
  method: { card: string; transfer: string };
  page: (page: number, pages: number) => string;
};

type ProformaTexts = {
  title: string;
  notTaxInvoice: string;
  amountDue: string;
  reference: string;
  validUntil: string;
  receivedSoFar: string;
  balanceDue: string;
  payTo: string;
  bankName: string;
  branch: string;
  accountType: string;
  accountNumber: string;
  accountHolder: string;
  swift: string;
  referenceHint: (reference: string) => string;
  noBank: string;
  expiry: string;
};

type InvoiceTexts = {
  title: string;
  qualifiedTitle: string;
  /** Under the title of a qualified invoice: what Japan's rules call it. */
  qualifiedNote: string;
  dateOfIssue: string;
  transactionDate: string;
  taxRate: string;
  exempt: string;
  exemptRate: string;
  byRate: string;
  rate: string;
  taxable: string;
  taxAmount: string;
  taxInYen: string;
  yenRate: (yenPerDollar: string) => string;
  noYenRate: string;
  paid: (method: string, date: string) => string;
  methodInSentence: { card: string; transfer: string };
  exportNote: string;
};

type ReceiptTexts = {
  title: string;
  paid: string;
  amountReceived: string;
  receivedFrom: string;
  forOrder: (orderNumber: string) => string;
  date: string;
  method: string;
  reference: string;
  amount: string;
  test: string;
  thanks: string;
};

type DeliveryNoteTexts = {
  title: string;
  deliverTo: string;
  shipped: string;
  notShipped: string;
  carrier: string;
  trackingNumber: string;
  totalPieces: (pieces: number, lines: number) => string;
  check: string;
};

export type DocumentTexts = {
  shared: SharedTexts;
  proforma: ProformaTexts;
  invoice: InvoiceTexts;
  receipt: ReceiptTexts;
  deliveryNote: DeliveryNoteTexts;
};

const shared: SharedTexts = {
  locale: 'en-GB',
  order: 'Order',
  orderDate: 'Order date',
  registrationNumber: 'Registration number 登録番号',
  buyer: 'Buyer',
  phone: 'Phone',
  email: 'E-mail',
  product: 'Product',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  goods: 'Goods',
  shipping: 'Shipping',
  tax: (rate) => `Consumption tax ${rate}%`,
  exportExempt: 'Export — tax exempt (輸出免税)',
  total: 'Total',
  method: { card: 'Card', transfer: 'Bank transfer' },
  page: (page, pages) => `Page ${page} of ${pages}`,
};

const proforma: ProformaTexts = {
  title: 'Pro-forma invoice',
  notTaxInvoice: 'A request for payment, not a tax invoice: the invoice follows once the order is paid.',
  amountDue: 'Amount due',
  reference: 'Reference',
  validUntil: 'Valid until',
  receivedSoFar: 'Received so far',
  balanceDue: 'Balance due',
  payTo: 'Pay by bank transfer to',
  bankName: 'Bank',
  branch: 'Branch',
  accountType: 'Account type',
  accountNumber: 'Account number',
  accountHolder: 'Account holder',
  swift: 'SWIFT/BIC',
  referenceHint: (reference) =>
    `Please give ${reference} as the reference of your transfer, so that we can match it to this order.`,
  noBank: 'Pay by card on the order’s page in the shop.',
  expiry: 'The stock is held for this order until then; after that it goes back on sale.',
};

const invoice: InvoiceTexts = {
  title: 'Invoice',
  qualifiedTitle: 'Qualified invoice',
  qualifiedNote: '適格請求書',
  dateOfIssue: 'Date of issue',
  transactionDate: 'Transaction date',
  taxRate: 'Tax rate',
  exempt: 'Exempt',
  exemptRate: '0% (export, exempt)',
  byRate: 'Totals by tax rate',
  rate: 'Rate',
  taxable: 'Goods and shipping',
  taxAmount: 'Tax',
  taxInYen: 'Tax in yen',
  yenRate: (rate) => `Tax in yen at ${rate} per US$1, the shop’s stated rate, rounded down.`,
  noYenRate: 'No yen rate is set in the shop’s settings: the tax is shown in dollars only.',
  paid: (method, date) => `Paid by ${method} on ${date}.`,
  methodInSentence: { card: 'card', transfer: 'bank transfer' },
  exportNote: 'Goods exported: exempt from Japanese consumption tax (輸出免税).',
};

const receipt: ReceiptTexts = {
  title: 'Receipt',
  paid: 'Paid',
  amountReceived: 'Amount received',
  receivedFrom: 'Received from',
  forOrder: (n) => `For order ${n}`,
  date: 'Date',
  method: 'Method',
  reference: 'Reference',
  amount: 'Amount',
  test: 'Test payment: no real money moved.',
  thanks: 'Received with thanks.',
};

const deliveryNote: DeliveryNoteTexts = {
  title: 'Delivery note',
  deliverTo: 'Deliver to',
  shipped: 'Shipped',
  notShipped: 'Not shipped yet',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  totalPieces: (pieces, lines) =>
    `${pieces.toLocaleString('en-US')} ${pieces === 1 ? 'piece' : 'pieces'} in ${lines} ${lines === 1 ? 'line' : 'lines'}`,
  check: 'Checked',
};

/** The documents in English. */
export const english: DocumentTexts = { shared, proforma, invoice, receipt, deliveryNote };
