import type { Language } from '@kanna/shared/domain/languages';
import { type BankDetails, bankLabels, bankLabelsJa } from '@kanna/shared/domain/transfers';

/*
 * Every word the documents print, one table per document plus what they share, one set per
 * language (docs/orders.md, "Documents"): English, and Japanese, typed as the English is, so
 * a key it lacks is a type error. Values that come from the order or the shop are never in here;
 * sentences that hold one take it as an argument.
 */

/** What every document prints: its frame, the parties, the lines and the totals. */
type SharedTexts = {
  /** For dates and country names. */
  locale: string;
  /** The PDF's language, for screen readers and text extraction. */
  lang: string;
  /** The buyer's name as the document addresses them. */
  addressee: (name: string) => string;
  order: string;
  /** The buyer's purchase-order number, and the delivery date they asked for, when the order has them. */
  poNumber: string;
  requestedDate: string;
  /** Where the goods go, under a billing address apart from it. */
  goodsTo: (address: string) => string;
  orderDate: string;
  registrationNumber: string;
  buyer: string;
  phone: string;
  email: string;
  product: string;
  /** The column of the lines' product codes (SKU and JAN), shown when a line has one. */
  productCode: string;
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
  /** The document's own number in its series, once issued. */
  documentNumber: string;
  /** On the other language's copy of an issued document: what it is, and the original's language. */
  copy: (original: 'en' | 'ja') => string;
};

type ProformaTexts = Record<keyof BankDetails, string> & {
  title: string;
  notTaxInvoice: string;
  amountDue: string;
  reference: string;
  validUntil: string;
  receivedSoFar: string;
  balanceDue: string;
  payTo: string;
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
  /** What the money was for (但し書き): the buyer's note, or `goodsNote`, and the order. */
  forWhat: (note: string, orderNumber: string) => string;
  goodsNote: string;
  date: string;
  method: string;
  reference: string;
  amount: string;
  test: string;
  thanks: string;
  /** On a yen receipt of ¥50,000 or more: issued electronically, so no revenue stamp. */
  noRevenueStamp: string;
};

type CreditNoteTexts = {
  title: string;
  /** When the shop has a registration number: 適格返還請求書. */
  qualifiedTitle: string;
  dateOfIssue: string;
  corrects: string;
  correctedDate: string;
  amountCredited: string;
  why: (reason: 'cancelled' | 'refunded', invoice: string, date: string) => string;
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

/** An order acknowledgement (注文請書): the shop accepts an order it entered for its buyer. */
type AcknowledgementTexts = {
  title: string;
  dateOfIssue: string;
  amount: string;
  accepted: string;
  enteredBy: (admin: string) => string;
};

/** A company's monthly statement (請求書): the period, the balance carried, the orders, the tax per rate. */
type StatementTexts = {
  title: string;
  /** When the shop has a registration number: a qualified invoice (適格請求書). */
  qualifiedTitle: string;
  /** Under the title when the shop has a registration number. */
  qualifiedNote: string;
  addressee: (company: string) => string;
  dateOfIssue: string;
  closingDate: string;
  periodFrom: string;
  periodTo: string;
  dueDate: string;
  amountDue: string;
  reference: string;
  intro: string;
  previousBalance: string;
  received: string;
  carriedForward: string;
  /** The previous balance below zero: the credit the last statement left. */
  creditBrought: string;
  /** Money received below zero: payments counted before and reversed since, taken back. */
  reversedNet: string;
  /** Carried forward below zero: money received beyond what was owed (前受金), shown as a credit. */
  creditCarried: string;
  /** Under the figures when a credit is carried: what it is and that it is taken off. */
  creditCarriedNote: (amount: string) => string;
  /** The amount due below zero: the credit this statement leaves, with nothing to pay. */
  creditLeft: string;
  nothingToPay: string;
  /** A statement of nothing: no credit, no amount due. */
  nothingDue: string;
  thisPeriod: string;
  tax: string;
  shippedOn: string;
  order: string;
  poNumber: string;
  amountBeforeTax: string;
  noOrders: string;
  byRate: string;
  rate: string;
  taxable: string;
  taxAmount: string;
  payBy: (date: string) => string;
  referenceHint: (reference: string) => string;
  noBank: string;
};

/** A quote (見積書): the shop's prices for a buyer, valid until a time. */
type QuoteTexts = {
  title: string;
  /** Who it is for (the party heading). */
  to: string;
  number: string;
  dateOfIssue: string;
  validUntil: string;
  amount: string;
  lead: string;
  /** Tax is the order's, decided where the goods go when the quote is accepted. */
  taxLater: string;
  held: string;
  /** The quote leaves shipping to the shop's rates where the goods go. */
  shippingLater: string;
  note: string;
};

export type DocumentTexts = {
  shared: SharedTexts;
  statement: StatementTexts;
  acknowledgement: AcknowledgementTexts;
  quote: QuoteTexts;
  proforma: ProformaTexts;
  invoice: InvoiceTexts;
  receipt: ReceiptTexts;
  deliveryNote: DeliveryNoteTexts;
  creditNote: CreditNoteTexts;
};

const shared: SharedTexts = {
  locale: 'en-GB',
  lang: 'en',
  addressee: (name) => name,
  order: 'Order',
  poNumber: 'Your PO number',
  requestedDate: 'Delivery requested',
  goodsTo: (address) => `Deliver to: ${address}`,
  orderDate: 'Order date',
  registrationNumber: 'Registration number 登録番号',
  buyer: 'Buyer',
  phone: 'Phone',
  email: 'E-mail',
  product: 'Product',
  productCode: 'SKU / JAN',
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
  documentNumber: 'No.',
  copy: (original) =>
    `Copy in English of the document issued in ${original === 'ja' ? 'Japanese' : 'English'}; the issued document prevails.`,
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
  ...bankLabels,
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
  forWhat: (note, n) => `For ${note} (order ${n})`,
  goodsNote: 'goods',
  date: 'Date',
  method: 'Method',
  reference: 'Reference',
  amount: 'Amount',
  test: 'Test payment: no real money moved.',
  thanks: 'Received with thanks.',
  noRevenueStamp: 'Issued electronically: no revenue stamp is required.',
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

const creditNote: CreditNoteTexts = {
  title: 'Credit note',
  qualifiedTitle: 'Credit note (qualified return invoice)',
  dateOfIssue: 'Date of issue',
  corrects: 'Corrects',
  correctedDate: 'Corrected document of',
  amountCredited: 'Amount credited',
  why: (reason, invoice, date) =>
    `This credit note corrects ${invoice} of ${date}: the order was ${reason === 'cancelled' ? 'cancelled and its payment refunded' : 'refunded'}. The amounts below are credited to the buyer.`,
};

/** The documents in English. */
const acknowledgement: AcknowledgementTexts = {
  title: 'Order acknowledgement',
  dateOfIssue: 'Date of issue',
  amount: 'Order amount',
  accepted: 'We accept your order as set out below, and thank you for it.',
  enteredBy: (admin) => `Order taken by ${admin}.`,
};

const statement: StatementTexts = {
  title: 'Statement',
  qualifiedTitle: 'Statement',
  qualifiedNote: 'Qualified invoice 適格請求書',
  addressee: (company) => company,
  dateOfIssue: 'Date of issue',
  closingDate: 'Closing date',
  periodFrom: 'Period from',
  periodTo: 'Period to',
  dueDate: 'Due date',
  amountDue: 'Amount due',
  reference: 'Transfer reference',
  intro: 'Your account with us for the period below: the orders we shipped, and what is due.',
  previousBalance: 'Previous balance',
  received: 'Received',
  carriedForward: 'Carried forward',
  creditBrought: 'Previous credit',
  reversedNet: 'Reversed, net',
  creditCarried: 'Credit carried forward',
  creditCarriedNote: (amount) =>
    `Credit carried forward: ${amount} we received beyond what you owed, set against this statement.`,
  creditLeft: 'Credit remaining',
  nothingToPay: 'Nothing to pay: the credit remaining is taken off your next statement.',
  nothingDue: 'Nothing to pay for this period.',
  thisPeriod: 'This period, net',
  tax: 'Tax',
  shippedOn: 'Shipped',
  order: 'Order',
  poNumber: 'Your PO number',
  amountBeforeTax: 'Amount (before tax)',
  noOrders: 'No orders shipped in this period.',
  byRate: 'Tax by rate, computed on this statement',
  rate: 'Rate',
  taxable: 'Taxable',
  taxAmount: 'Tax',
  payBy: (date) => `Please pay the amount due by ${date}.`,
  referenceHint: (reference) =>
    `Please give ${reference} as the reference of your transfer, so that we can match it to this statement.`,
  noBank: 'Please ask us for our bank details.',
};

const quote: QuoteTexts = {
  title: 'Quotation',
  to: 'Quoted for',
  number: 'Quote',
  dateOfIssue: 'Date of issue',
  validUntil: 'Valid until',
  amount: 'Quoted amount',
  lead: 'We are pleased to quote as set out below.',
  taxLater: 'Before tax: tax, where due, is added to the order when the quote is accepted.',
  held: 'The stock is held for you until the quote expires.',
  shippingLater: 'Shipping is charged at our rates for the destination when the quote is accepted.',
  note: 'Note',
};

const english: DocumentTexts = {
  shared,
  statement,
  acknowledgement,
  quote,
  proforma,
  invoice,
  receipt,
  deliveryNote,
  creditNote,
};

/** The documents in Japanese: the words a Japanese bookkeeper expects on each, money still in dollars. */
const japanese: DocumentTexts = {
  statement: {
    title: '請求書',
    qualifiedTitle: '適格請求書',
    qualifiedNote: 'インボイス制度対応',
    addressee: (company) => `${company} 御中`,
    dateOfIssue: '発行日',
    closingDate: '締め日',
    periodFrom: '対象期間（自）',
    periodTo: '対象期間（至）',
    dueDate: 'お支払期日',
    amountDue: 'ご請求金額',
    reference: '振込参照番号',
    intro: '下記のとおりご請求申し上げます。',
    previousBalance: '前回ご請求額',
    received: 'ご入金額',
    carriedForward: '繰越金額',
    creditBrought: '前回前受金残高',
    reversedNet: 'ご入金取消額',
    creditCarried: '前受金（繰越）',
    creditCarriedNote: (amount) =>
      `前受金（繰越）：お支払いが必要な額を超えてお受けしたご入金 ${amount} を、本請求に充当しております。`,
    creditLeft: '前受金残高',
    nothingToPay: 'お支払いは不要です。前受金残高は次回のご請求から差し引きます。',
    nothingDue: '今回のお支払いは不要です。',
    thisPeriod: '今回お買上額（税抜）',
    tax: '消費税額',
    shippedOn: '出荷日',
    order: '注文番号',
    poNumber: '貴社発注番号',
    amountBeforeTax: '金額（税抜）',
    noOrders: '今回の期間に出荷したご注文はありません。',
    byRate: '税率ごとの内訳（本請求書で計算）',
    rate: '税率',
    taxable: '対象額',
    taxAmount: '消費税額',
    payBy: (date) => `${date}までにお支払いください。`,
    referenceHint: (reference) =>
      `お振込みの際は、ご依頼人名の前に「${reference}」とご入力ください。本請求書との照合に使用いたします。`,
    noBank: 'お振込先は当店までお問い合わせください。',
  },
  shared: {
    locale: 'ja-JP',
    lang: 'ja',
    addressee: (name) => `${name} 様`,
    order: '注文番号',
    poNumber: '貴社発注番号',
    requestedDate: '納品希望日',
    goodsTo: (address) => `お届け先：${address}`,
    orderDate: 'ご注文日',
    registrationNumber: '登録番号',
    buyer: '請求先',
    phone: '電話',
    email: 'メール',
    product: '品名',
    productCode: '品番・JAN',
    quantity: '数量',
    unitPrice: '単価',
    amount: '金額',
    goods: '小計',
    shipping: '送料',
    tax: (rate) => `消費税（${rate}%）`,
    exportExempt: '輸出免税',
    total: '合計',
    method: { card: 'クレジットカード', transfer: '銀行振込' },
    page: (page, pages) => `${page} / ${pages} ページ`,
    documentNumber: '書類番号',
    copy: (original) =>
      `本書は${original === 'en' ? '英語' : '日本語'}で発行された書類の日本語の写しです。発行された書類が正本です。`,
  },
  proforma: {
    title: 'プロフォーマ請求書',
    notTaxInvoice:
      '本書はお支払いのご依頼であり、適格請求書ではありません。ご入金を確認後、請求書を発行いたします。',
    amountDue: 'ご請求金額',
    reference: '振込参照番号',
    validUntil: '有効期限',
    receivedSoFar: 'ご入金済み',
    balanceDue: 'お支払い残高',
    payTo: 'お振込先',
    ...bankLabelsJa,
    referenceHint: (reference) =>
      `お振込みの際は、ご依頼人名の前に「${reference}」とご入力ください。ご注文との照合に使用いたします。`,
    noBank: 'ショップのご注文ページから、クレジットカードでお支払いください。',
    expiry: '有効期限まで、このご注文の在庫を確保しております。期限を過ぎますと、在庫は販売に戻ります。',
  },
  invoice: {
    title: '請求書',
    qualifiedTitle: '適格請求書',
    qualifiedNote: 'インボイス制度対応',
    dateOfIssue: '発行日',
    transactionDate: '取引日',
    taxRate: '税率',
    exempt: '免税',
    exemptRate: '0%（輸出免税）',
    byRate: '税率ごとの内訳',
    rate: '税率',
    taxable: '対象額（商品・送料）',
    taxAmount: '消費税額',
    taxInYen: '消費税額（円）',
    yenRate: (rate) =>
      `円換算の消費税額は、当店所定の換算レート US$1 = ${rate} により算出し、円未満を切り捨てています。`,
    noYenRate: '円換算レートが設定されていないため、消費税額はドルでのみ表示しています。',
    paid: (method, date) => `${date}に${method}にてお支払いいただきました。`,
    methodInSentence: { card: 'クレジットカード', transfer: '銀行振込' },
    exportNote: '輸出取引のため、消費税は免除されています（輸出免税）。',
  },
  receipt: {
    title: '領収書',
    paid: '領収済み',
    amountReceived: '領収金額',
    receivedFrom: '宛名',
    forWhat: (note, n) => `但し、${note}（ご注文 ${n}）`,
    goodsNote: '品代として',
    date: '日付',
    method: 'お支払い方法',
    reference: '参照番号',
    amount: '金額',
    test: 'テスト決済です。実際の入金はありません。',
    thanks: '上記の金額を正に領収いたしました。',
    noRevenueStamp: '電子発行のため収入印紙は不要です。',
  },
  deliveryNote: {
    title: '納品書',
    deliverTo: 'お届け先',
    shipped: '発送日',
    notShipped: '未発送',
    carrier: '配送業者',
    trackingNumber: '追跡番号',
    totalPieces: (pieces, lines) => `合計 ${pieces.toLocaleString('ja-JP')} 点（${lines} 品目）`,
    check: '検品',
  },
  acknowledgement: {
    title: '注文請書',
    dateOfIssue: '発行日',
    amount: 'ご注文金額',
    accepted: '下記のとおりご注文をお請けいたします。',
    enteredBy: (admin) => `受注担当：${admin}`,
  },
  quote: {
    title: '見積書',
    to: 'お見積先',
    number: '見積番号',
    dateOfIssue: '発行日',
    validUntil: '有効期限',
    amount: 'お見積金額',
    lead: '下記のとおりお見積り申し上げます。',
    taxLater: '税抜金額です。消費税は、ご承諾後のご注文にて加算いたします。',
    held: '有効期限まで在庫を確保しております。',
    shippingLater: '送料は、ご承諾時にお届け先の送料規定により加算いたします。',
    note: '備考',
  },
  creditNote: {
    title: '返還請求書',
    qualifiedTitle: '適格返還請求書',
    dateOfIssue: '発行日',
    corrects: '訂正対象',
    correctedDate: '訂正対象の発行日',
    amountCredited: '返還金額',
    why: (reason, invoice, date) =>
      `本書は${date}発行の ${invoice} を訂正するものです（ご注文の${reason === 'cancelled' ? 'キャンセルおよびご返金' : 'ご返金'}）。以下の金額をお客様に返還いたします。`,
  },
};

/** The documents' words in each language. */
export const documentTexts: Readonly<Record<Language, DocumentTexts>> = { en: english, ja: japanese };
