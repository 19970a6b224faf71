import type { Language } from '@kanna/shared/domain/languages';
import { bankLabels, bankLabelsJa } from '@kanna/shared/domain/transfers';
import type { Translation } from '@kanna/shared/domain/translation';

/*
 * Every word of the order mails (docs/languages.md, "Two languages"), one table per language:
 * English is the reference, word for word as the mails said before Japanese came; Japanese is a
 * `Translation` of it, so a key it lacks (or an argument list it changes) is a type error. Values
 * from the order, the buyer or the shop are never in here: the sentences that hold one take it.
 */

/** A zone's generic name in `locale` (`Europe/Berlin` → 中央ヨーロッパ時間), or its IANA name. */
function zoneNameIn(locale: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(
    Date.now(),
  );
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

const english = {
  /** For dates and times. */
  locale: 'en-GB',
  /** Between a label and its value in the plain-text part. */
  colon: ': ',
  /** After a time, the shop's zone it is in: ` (Asia/Tokyo)`. */
  zone: (timeZone: string) => ` (${timeZone})`,
  hello: (name: string) => `Hello ${name},`,
  orderNumber: (n: string) => `Order ${n}`,
  poNumber: 'Your PO number',
  placedAt: 'Placed',
  placed: {
    subject: (n: string) => `Order ${n} placed`,
    lead: 'Thank you for your order.',
    heldUntil: 'Stock held until',
    after: 'Pay for the order by then; after that its stock goes back on sale.',
    link: 'Pay for the order',
    /** An order on its company's account (decision 0067): nothing to pay now, no hold that runs out. */
    onAccount:
      "It is on your company's account: we ship it before payment, and it is invoiced with the month's statement.",
  },
  /** An order above its buyer's spending limit, waiting for the company owner (decision 0067). */
  approval: {
    placed:
      "It is above your spending limit, so it waits for your company owner's approval. Its stock is held for you meanwhile; we will e-mail you once it is approved or declined.",
    askSubject: (n: string) => `Order ${n} awaits your approval`,
    askLead: (buyer: string) =>
      `${buyer} placed an order above their spending limit. Its stock is held until you approve or decline it.`,
    askLink: 'Approve or decline it',
    approvedSubject: (n: string) => `Order ${n} approved`,
    approvedLead: 'Your company owner approved your order.',
    declinedSubject: (n: string) => `Order ${n} declined`,
    declinedLead: 'Your order was declined: it was above your spending limit and was not approved.',
    declined: 'Declined',
    declinedAfter: 'Its stock is back on sale. No payment was taken.',
  },
  transfer: {
    lead: 'Thank you for your order. Please pay it by bank transfer to the account below, giving the order number as the reference.',
    reminderSubject: (n: string, time: string) => `Order ${n}: please pay by ${time}`,
    reminderLead: (time: string, amount: string) =>
      `We have not yet received the full payment for your order, and its stock is held only until ${time}. Please transfer ${amount} by then.`,
    payBy: 'Pay by',
    amount: 'Amount to transfer',
    receivedSoFar: 'Received so far',
    reference: 'Reference',
    sentAlready: 'If you have sent it already, thank you: a transfer can take a day or two to arrive.',
    willMail: 'We will e-mail you when the money arrives.',
    notArrived:
      'If it has not all arrived by then, the order is cancelled, its stock goes back on sale and anything received is sent back.',
    link: 'See how to pay',
  },
  bank: bankLabels,
  paid: {
    subject: (n: string) => `Order ${n}: payment received`,
    lead: (amount: string) => `We received ${amount} for your order. Thank you.`,
    paid: 'Paid',
    paidBy: 'Paid by',
    bankTransfer: 'Bank transfer',
    transaction: 'Transaction',
    after: 'We will e-mail you again when it ships.',
  },
  shipped: {
    subject: (n: string) => `Order ${n} has shipped`,
    lead: 'Your order has left our workshop.',
    shipped: 'Shipped',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    track: 'Track the parcel',
  },
  cancelled: {
    subject: (n: string) => `Order ${n} cancelled`,
    holdSubject: (n: string) => `Order ${n} cancelled: its hold ended`,
    cancelled: 'Cancelled',
    reason: 'Reason',
    byBuyer: 'Your order was cancelled, as you asked. Its stock is back on sale.',
    byShop: 'We have cancelled your order.',
    byHold:
      'Your order was cancelled because it was not paid before its hold on the stock ended. To have these tools, please order again.',
    noPayment: 'No payment was taken.',
    refundByTransfer: (amount: string) =>
      `The ${amount} you transferred will be sent back to your bank account; we will contact you for its details.`,
    refundToCard: (amount: string) =>
      `The ${amount} you paid is being refunded to your card; we will e-mail you once it is done.`,
  },
  refunded: {
    subject: (n: string) => `Order ${n} refunded`,
    refunded: 'Refunded',
    /** The refunded fact: how much, and when. */
    amountAt: (amount: string, time: string) => `${amount}, ${time}`,
    refund: 'Refund',
    lead: (amount: string) => `We have refunded ${amount} to your card for your cancelled order.`,
    after: 'It may take a few days to show on your statement.',
  },
  seeOrder: 'See the order',
  table: { product: 'Product', quantity: 'Qty', unitPrice: 'Unit price', lineTotal: 'Line total' },
  /** A line in the plain-text part. */
  line: (quantity: string, product: string, unitPrice: string, total: string) =>
    `${quantity} × ${product} at ${unitPrice} each: ${total}`,
  totals: {
    total: 'Total',
    goods: 'Goods',
    shipping: 'Shipping',
    tax: (ratePercent: string) => `Tax (${ratePercent}%)`,
    exportTax: 'Tax',
    exportExempt: 'export — tax exempt',
    totalDue: 'Total due',
  },
  deliveryAddress: 'Delivery address',
  phone: 'Phone',
  documentsNote: 'Documents for your records (sign in to open them)',
  documents: {
    proforma: 'Pro-forma invoice',
    invoice: 'Invoice',
    receipt: 'Receipt',
    'delivery-note': 'Delivery note',
    acknowledgement: 'Order acknowledgement',
  },
};

export type OrderMailTexts = Translation<typeof english>;

const japanese: OrderMailTexts = {
  locale: 'ja-JP',
  colon: '：',
  // 日本時間 for Tokyo, as Japanese writes it; another zone by its Japanese name (中央ヨーロッパ時間).
  zone: (timeZone) => `（${timeZone === 'Asia/Tokyo' ? '日本時間' : zoneNameIn('ja-JP', timeZone)}）`,
  hello: (name) => `${name} 様`,
  orderNumber: (n) => `注文番号 ${n}`,
  poNumber: '貴社発注番号',
  placedAt: 'ご注文日時',
  placed: {
    subject: (n) => `ご注文ありがとうございます（注文番号 ${n}）`,
    lead: 'このたびはご注文いただき、誠にありがとうございます。',
    heldUntil: '在庫の確保期限',
    after: '期限までにお支払いをお願いいたします。期限を過ぎますと、確保した在庫は販売に戻ります。',
    link: 'お支払いへ進む',
    onAccount:
      'ご注文は会社の掛売りでお受けしました。お支払い前に出荷し、代金は月次の請求書でご請求いたします。',
  },
  approval: {
    placed:
      'ご注文はお客様のご利用上限額を超えているため、会社の管理者の承認をお待ちしています。その間、在庫は確保しております。承認または却下されましたら、メールでお知らせいたします。',
    askSubject: (n) => `ご注文 ${n} の承認をお願いいたします`,
    askLead: (buyer) =>
      `${buyer}様から、ご利用上限額を超えるご注文をいただきました。承認または却下されるまで、在庫を確保しております。`,
    askLink: '承認または却下する',
    approvedSubject: (n) => `ご注文 ${n} が承認されました`,
    approvedLead: '会社の管理者がご注文を承認しました。',
    declinedSubject: (n) => `ご注文 ${n} は承認されませんでした`,
    declinedLead: 'ご注文はご利用上限額を超えており、承認されませんでした。',
    declined: '却下日時',
    declinedAfter: '確保していた在庫は販売に戻りました。お支払いはいただいておりません。',
  },
  transfer: {
    lead: 'このたびはご注文いただき、誠にありがとうございます。下記の口座へ銀行振込にてお支払いください。お振込みの際は、ご依頼人名の前に注文番号をご入力ください。',
    reminderSubject: (n, time) => `【お支払いのお願い】ご注文 ${n}：${time}までにお振込みください`,
    reminderLead: (time, amount) =>
      `ご注文のお支払いが、まだ全額確認できておりません。在庫の確保は${time}までとなっております。それまでに${amount}をお振込みくださいますよう、お願いいたします。`,
    payBy: 'お支払い期限',
    amount: 'お振込金額',
    receivedSoFar: 'ご入金済みの金額',
    reference: '振込参照番号',
    sentAlready:
      'すでにお振込みいただいている場合は、行き違いをご容赦ください。お振込みの反映には1〜2日かかることがあります。',
    willMail: 'ご入金を確認しましたら、メールでお知らせいたします。',
    notArrived:
      '期限までに全額のご入金が確認できない場合、ご注文はキャンセルとなり、在庫は販売に戻ります。お振込みいただいた金額は返金いたします。',
    link: 'お支払い方法を見る',
  },
  bank: bankLabelsJa,
  paid: {
    subject: (n) => `ご注文 ${n}：お支払いを確認しました`,
    lead: (amount) => `ご注文代金として${amount}を確かに受領いたしました。誠にありがとうございます。`,
    paid: 'お支払い日時',
    paidBy: 'お支払い方法',
    bankTransfer: '銀行振込',
    transaction: '取引ID',
    after: '商品を発送しましたら、あらためてメールでお知らせいたします。',
  },
  shipped: {
    subject: (n) => `ご注文 ${n} の商品を発送しました`,
    lead: 'ご注文の商品を当工房より発送いたしました。',
    shipped: '発送日時',
    carrier: '配送業者',
    trackingNumber: '追跡番号',
    track: '配送状況の確認',
  },
  cancelled: {
    subject: (n) => `ご注文 ${n} のキャンセルについて`,
    holdSubject: (n) => `ご注文 ${n} はお支払い期限を過ぎたためキャンセルとなりました`,
    cancelled: 'キャンセル日時',
    reason: '理由',
    byBuyer: 'ご依頼のとおり、ご注文をキャンセルいたしました。確保していた在庫は販売に戻りました。',
    byShop: '誠に申し訳ございませんが、ご注文をキャンセルさせていただきました。',
    byHold:
      '在庫の確保期限までにお支払いが確認できなかったため、ご注文はキャンセルとなりました。ご入用の際は、お手数ですがあらためてご注文ください。',
    noPayment: 'お支払いはいただいておりません。',
    refundByTransfer: (amount) =>
      `お振込みいただいた${amount}は、お客様の銀行口座へ返金いたします。口座情報の確認のため、追ってご連絡いたします。`,
    refundToCard: (amount) =>
      `お支払いいただいた${amount}は、クレジットカードへの返金手続きを進めております。完了しましたらメールでお知らせいたします。`,
  },
  refunded: {
    subject: (n) => `ご注文 ${n} の返金が完了しました`,
    refunded: '返金',
    amountAt: (amount, time) => `${amount}、${time}`,
    refund: '返金ID',
    lead: (amount) => `キャンセルされたご注文の代金${amount}を、クレジットカードへ返金いたしました。`,
    after: 'ご利用明細に反映されるまで、数日かかる場合がございます。',
  },
  seeOrder: 'ご注文内容を見る',
  table: { product: '商品', quantity: '数量', unitPrice: '単価', lineTotal: '金額' },
  line: (quantity, product, unitPrice, total) => `${product}　${unitPrice} × ${quantity} ＝ ${total}`,
  totals: {
    total: '合計',
    goods: '小計',
    shipping: '送料',
    tax: (ratePercent) => `消費税（${ratePercent}%）`,
    exportTax: '消費税',
    exportExempt: '輸出免税',
    totalDue: '合計',
  },
  deliveryAddress: 'お届け先',
  phone: '電話番号',
  documentsNote: '保管用の書類（ご覧いただくにはログインが必要です）',
  documents: {
    proforma: 'プロフォーマ請求書',
    invoice: '請求書',
    receipt: '領収書',
    'delivery-note': '納品書',
    acknowledgement: '注文請書',
  },
};

/** The order mails' words in each language. */
export const orderMailTexts: Readonly<Record<Language, OrderMailTexts>> = { en: english, ja: japanese };
