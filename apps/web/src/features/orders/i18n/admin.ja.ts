import { adminStateLabelJa } from '@kanna/shared/domain/orders-ja';
import type { Translation } from '@kanna/shared/domain/translation';
import type en from './admin.en';

const count = (n: number) => n.toLocaleString('ja-JP');

const ja: Translation<typeof en> = {
  states: adminStateLabelJa,
  allOrdersTitle: 'すべての注文',
  allOrdersDescription: '管理者向けの Kanna の全注文：未払い、発送待ち、発送済み、キャンセル済み。',
  allOrdersLead: '発送待ちの注文は支払い済みで、発送を待っています。',
  exportCsv: 'CSV を書き出す',
  enterOrder: '注文の代理入力',
  exportFiltered: '（絞り込みに一致する注文）',
  exportAll: '（すべての注文）',
  updating: '一覧を更新しています…',
  shown: (n: number, more: boolean) =>
    `${count(n)}件の注文を表示しています${more ? '（新しい順、続きは下にあります）' : ''}。`,
  matching: (n: number, more: boolean, filtered: boolean) =>
    more
      ? `${filtered ? '絞り込みに一致する注文' : '注文'}は${count(n)}件を超えています（${count(n)}件まで数えています）。`
      : filtered
        ? `絞り込みに一致する注文：${count(n)}件。`
        : `注文は全部で${count(n)}件です。`,
  loadingOrders: '注文を読み込んでいます',
  ordersNotLoaded: '注文を読み込めませんでした。',
  empty: {
    all: 'まだ注文はありません。',
    unpaid: '未払いの注文はありません。',
    paid: '発送待ちの注文はありません。支払い済みの注文はすべて発送済みです。',
    shipped: '発送済みの注文はまだありません。',
    cancelled: 'キャンセル済みの注文はありません。',
    on_account: '出荷待ちの掛売りの注文はありません。',
    account_shipped: '出荷済みの掛売りの注文はありません。',
    awaiting_approval: '会社の管理者の承認待ちの注文はありません。',
  },
  noMatch: 'この条件に一致する注文はありません。',
  showEvery: 'すべての注文を表示',
  loadMore: '注文をさらに表示',
  allShown: (n: number) => `全${count(n)}件の注文を表示しています。`,
  perPage: '1ページの注文数',

  tableCaption: 'すべての注文（新しい順）',
  customer: 'お客様',
  product: '商品',
  quantity: '数量',
  total: '合計',
  state: '状態',
  ordered: '注文日時',
  orderBefore: '注文 ',
  markShipped: '発送済みにする',
  markShippedWhat: (lines: number, quantity: number, productName: string, buyer: string) =>
    `：${buyer} 様の${lines > 1 ? `${lines}点の工具` : `${productName} × ${quantity}`}`,

  filterOrders: '注文を絞り込む',
  search: '検索',
  searchPlaceholder: '注文番号、メール、名前、商品',
  searchHint: '注文番号、お客様のメールアドレスか名前、または商品名。',
  allStates: 'すべての状態',
  pendingOption: (pending: string) => `${pending}（支払い済み・要発送）`,
  from: '開始日',
  to: '終了日',
  backwards: '開始日が終了日より後のため、一致する注文はありません。',
  datesHint: '日付はお使いのタイムゾーンの日で、両端の日を含みます。',
  clearFilters: '条件をクリア',

  ship: '発送',
  shipTitle: (number: string) => `注文 ${number} を発送しますか？`,
  shipBody: (buyer: string) =>
    `注文を発送済みにし、${buyer} 様に発送のお知らせをメールでお送りします。ここで配送業者と追跡番号を入力すると、メールに記載されます。`,
  carrier: '配送業者',
  carrierHint: '任意（例：ヤマト運輸）',
  commonCarriers: 'よく使う業者',
  trackingNumber: '追跡番号',
  optional: '任意',
  notYet: 'まだ発送しない',
  markingShipped: '発送済みにしています…',
  yesMarkShipped: 'はい、発送済みにする',

  cancelOrder: '注文をキャンセル',
  refundStillOwed: '（返金が未完了）',
  refundTitle: (number: string) => `注文 ${number} を返金しますか？`,
  cancelTitle: (number: string) => `注文 ${number} をキャンセルしますか？`,
  yesRefund: 'はい、返金する',
  yesCancelAndRefund: 'はい、キャンセルして返金する',
  yesCancel: 'はい、注文をキャンセルする',
  cancelling: 'キャンセルしています…',
  keepOrder: '注文を残す',
  reason: '理由',
  reasonHint: 'お客様には注文の履歴に表示されます。',
  owedRefund: (amount: string, buyer: string) =>
    `この注文はキャンセル済みですが、お支払いはまだ返金されていません。今すぐ ${amount} をお客様のカードに返金します。${buyer} 様にメールでお知らせします。`,
  transferGivenBack: (amount: string, buyer: string) =>
    `在庫を戻し、銀行振込で受け取った ${amount} をお客様への返金対象として記録します。${buyer} 様にメールでお知らせします。`,
  cardRefunded: (amount: string, test: boolean, buyer: string) =>
    `${amount} をお客様のカードに返金し${test ? '（テスト決済のため、実際のお金は動きません）' : ''}、在庫を戻します。${buyer} 様にメールでお知らせします。`,
  unpaidCancelled: (buyer: string) =>
    `この注文はお支払いができなくなり、在庫は販売に戻ります。${buyer} 様にメールでお知らせします。`,

  internalNotes: '社内メモ',
  notesLead: '管理者だけが見られます。お客様には表示されません。',
  noNotes: 'メモはまだありません。',
  noteBySeparator: '、',
  addANote: 'メモを追加',
  note: 'メモ',
  characters: (typed: number, max: number) => `${count(typed)}／${count(max)}文字`,
  adding: '追加しています…',
  addNote: 'メモを追加',

  recordPayment: '入金を記録',
  recordTitle: (number: string) => `注文 ${number} の入金を記録`,
  amountReceived: (currency: 'USD' | 'JPY') => (currency === 'JPY' ? '入金額（円）' : '入金額（$）'),
  amountHint: (currency: 'USD' | 'JPY') =>
    currency === 'JPY'
      ? '銀行の明細のとおり、円（整数）で入力してください'
      : '銀行の明細のとおり、ドルで入力してください',
  receivedOn: '入金日',
  reference: '振込参照番号',
  referenceHint: '銀行の明細に記載された振込の参照番号（通常は注文番号）',
  notNow: '今はしない',
  recording: '記録しています…',
  recordCancelled: 'この注文はキャンセル済みです。入金を記録し、お客様への返金対象とします。',
  recordPaid: 'この注文は支払い済みです。入金を記録し、お客様への返金対象とします。',
  receivedSoFar: (paid: string, due: string, left: string) =>
    `${due} のうち ${paid} を受け取り済みです。残りは ${left} です。`,
  nothingReceived: (due: string) => `まだ入金はありません。お支払い額は ${due} です。`,
  recordUnpaid: (received: string, buyer: string, card: boolean) =>
    `${received}記録した入金の合計がお支払い額に達すると注文は支払い済みとなり、${buyer} 様にメールでお知らせします。超えた分は返金対象として記録します。${card ? 'お客様はカード払いを選んでいます。入金を記録すると銀行振込の注文になり、カードでは支払えなくなります。' : ''}`,
};
export default ja;
