import {
  type AuditKind,
  type auditFieldLabels,
  type auditKindLabel,
  auditMoneyFields,
  type Described,
} from './audit';
import { formatAmount } from './money';
import type { Translation } from './translation';

/**
 * The audit log's words in Japanese (docs/rules.md, "Audit log", "Two languages"), beside
 * the English of audit.ts, which stays as it is: each kind's name, each field's, and one sentence
 * per entry. A kind or a field added in English without its Japanese here is a type error; a kind a
 * newer release wrote is described by its name, its target and what changed.
 */

/** A kind as the filter lists it, in Japanese. */
export const auditKindLabelJa: Translation<typeof auditKindLabel> = {
  'user.update': 'プロフィール変更',
  'user.promote': '管理者に設定',
  'user.demote': '管理者権限の解除',
  'user.approve': '取引先の承認',
  'user.delete': 'アカウント削除',
  'product.create': '商品追加',
  'product.update': '商品変更',
  'product.archive': '商品の販売停止',
  'order.ship': '注文の発送',
  'order.cancel': '注文のキャンセル',
  'order.note': '注文メモ',
  'order.payment': '入金記録',
  'order.paymentMethod': '支払い方法の変更',
  'order.enter': '注文の代理入力',
  'order.approve': '注文の承認',
  'order.decline': '注文の却下',
  'review.remove': 'レビュー削除',
  'enquiry.status': 'お問い合わせの状態変更',
  'settings.update': 'ショップ設定の変更',
  'page.update': 'ページの編集',
  'priceList.create': '価格表の追加',
  'priceList.update': '価格表の変更',
  'priceList.delete': '価格表の削除',
  'user.priceList': '取引先の価格表',
  'company.apply': '掛売り口座の申込',
  'company.create': '会社の作成',
  'company.approve': '会社の承認',
  'company.decline': '会社の申込のお断り',
  'company.terms': '会社の取引条件の変更',
  'company.priceList': '会社の価格表',
  'company.invite': 'メンバーの招待',
  'company.join': 'メンバーの参加',
  'company.spendingLimit': '利用限度額の設定',
  'company.removeMember': 'メンバーの削除',
  'company.withdrawInvitation': '招待の取り消し',
  'company.statement': '請求書の発行',
  'company.payment': '入金の記録',
  'company.reversePayment': '入金の取り消し',
  'quote.create': '見積書の作成',
  'quote.withdraw': '見積書の取り下げ',
};

/** The fields an entry may carry, in Japanese: audit.ts's every one, and the settings' and others' names. */
const fieldLabelJa: Translation<typeof auditFieldLabels> & Record<string, string> = {
  displayName: '名前',
  productName: '商品名',
  description: '説明',
  productNameJa: '日本語の商品名',
  descriptionJa: '日本語の説明',
  kind: '種類',
  perPrice: '価格',
  available: '在庫数',
  minQuantity: '最小注文数量',
  packSize: '入数',
  volumePrices: '数量割引',
  picture: '画像',
  role: '役割',
  approved: '承認',
  status: '状態',
  carrier: '配送業者',
  trackingNumber: '追跡番号',
  reason: '理由',
  note: 'メモ',
  amountPaid: '入金額',
  receivedOn: '入金日',
  refundOwed: '返金予定額',
  paymentMethod: '支払い方法',
  title: 'タイトル',
  body: '本文',
  titleJa: '日本語のタイトル',
  bodyJa: '日本語の本文',
  completed: '記入済み',
  percent: '掛率（%）',
  fixedPrices: '個別価格',
  priceList: '価格表',
  closingDay: '締め日',
  payMonthsAfter: '支払月（締め日の何か月後）',
  payDay: '支払日',
  nameKana: 'フリガナ',
  billingEmail: '請求書送付先メールアドレス',
  creditLimit: '与信限度額',
  spendingLimit: '利用限度額',
  currency: '通貨',
  language: '言語',
  member: 'メンバー',
  owner: 'オーナー',
  statement: '請求書',
  dueOn: '支払期日',
  // Fields audit.ts names by splitting their key.
  name: '名前',
  onSale: '販売中',
  amount: '金額',
  reference: '参照番号',
  legalName: '正式名称',
  address: '住所',
  registrationNumber: '登録番号',
  bank: '振込先口座',
  tax: '消費税',
  shippingZones: '配送地域',
  minimumOrder: '最低注文金額',
  minimumOrderYen: '最低注文金額（円）',
  transferHoldDays: '振込の在庫確保日数',
  yenPerDollar: '為替レート（1ドルあたりの円）',
};

/** Values a field takes from a known list, in Japanese (a value not listed is shown as it is). */
const valueJa: Record<string, Record<string, string>> = {
  status: {
    unpaid: '未払い',
    paid: '発送待ち',
    shipped: '発送済み',
    cancelled: 'キャンセル済み',
    new: '未対応',
    answered: '回答済み',
    pending: '審査待ち',
    approved: '承認済み',
    declined: 'お断り',
  },
  closingDay: { end: '月末' },
  payDay: { end: '月末' },
  currency: { JPY: '円', USD: '米ドル' },
  language: { en: '英語', ja: '日本語' },
  role: { admin: '管理者', user: '顧客', owner: 'オーナー', buyer: '購買担当' },
  paymentMethod: { card: 'カード', transfer: '銀行振込' },
  kind: {
    hammer: '玄能・金槌',
    chisel: '鑿',
    driver: 'ドライバー',
    saw: '鋸刃',
    plane: '鉋',
    other: 'その他',
  },
};

/** A before/after value as a short text in Japanese: money as money, lists and objects in brief. */
function auditValueJa(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && auditMoneyFields.has(field)) return formatAmount(value);
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  if (typeof value === 'string') {
    const known = valueJa[field]?.[value];
    if (known) return known;
    return value.length > 60 ? `${value.slice(0, 57)}…` : value;
  }
  if (Array.isArray(value)) return value.length === 0 ? 'なし' : `${value.length}件`;
  if (typeof value === 'object') return '変更あり';
  return String(value);
}

const auditFieldLabelJa = (field: string): string => fieldLabelJa[field] ?? field;

/** `auditChanges` in Japanese: the fields an entry changed, each as `field old → new`. */
export function auditChangesJa(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { field: string; label: string; before: string; after: string }[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({
    field,
    label: auditFieldLabelJa(field),
    before: auditValueJa(field, before?.[field]),
    after: auditValueJa(field, after?.[field]),
  }));
}

/** A removed review's target as the server words it ("Aiko Mori’s review “Sharp…”"), in Japanese. */
function reviewLabelJa(label: string): string {
  const match = /^(.*)’s review “(.*)”$/s.exec(label);
  return match ? `${match[1]} さんのレビュー「${match[2]}」` : label;
}

type Sentence = (entry: Described, label: string, listed: string) => string;

const withList = (sentence: string, listed: string) => (listed ? `${sentence}：${listed}` : sentence);

/** One sentence per kind: every kind of audit.ts has one (a missing one is a type error). */
const sentences: Record<AuditKind, Sentence> = {
  'user.update': (_e, label, listed) => withList(`${label} のプロフィールを変更しました`, listed),
  'user.promote': (_e, label) => `${label} を管理者にしました`,
  'user.demote': (_e, label) => `${label} の管理者権限を外しました`,
  'user.approve': (e, label) =>
    e.after?.approved ? `${label} を取引先として承認しました` : `${label} の取引先の承認を取り消しました`,
  'user.delete': (_e, label) => `アカウント ${label} を削除しました`,
  'product.create': (_e, label) => `${label} を追加しました`,
  'product.update': (_e, label, listed) => withList(`${label} を変更しました`, listed),
  'product.archive': (_e, label) => `${label} の販売を停止しました`,
  'order.ship': (e, label) => {
    const tracking = [e.after?.carrier, e.after?.trackingNumber].filter(Boolean).join(' ');
    return tracking ? `${label} を発送しました（${tracking}）` : `${label} を発送しました`;
  },
  'order.cancel': (e, label) =>
    e.after?.reason
      ? `${label} をキャンセルしました：${auditValueJa('reason', e.after.reason)}`
      : `${label} をキャンセルしました`,
  'order.note': (_e, label) => `${label} にメモを追加しました`,
  'order.approve': (_e, label) => `ご利用上限額を超える ${label} を承認しました`,
  'order.decline': (e, label) => `${label} を却下しました：${auditValueJa('reason', e.after?.reason)}`,
  'order.payment': (e, label) => {
    const { amount, receivedOn, reference } = e.after ?? {};
    return `${label} に ${auditValueJa('amount', amount)} の入金を記録しました（入金日 ${auditValueJa('receivedOn', receivedOn)}、参照番号 ${auditValueJa('reference', reference)}）`;
  },
  'order.enter': (e, label) =>
    `${auditValueJa('buyer', e.after?.buyer)} 様の注文 ${label} を代理で入力しました`,
  'order.paymentMethod': (e, label) =>
    `${label} の支払い方法を変更しました：${auditValueJa('paymentMethod', e.before?.paymentMethod)} → ${auditValueJa('paymentMethod', e.after?.paymentMethod)}`,
  'review.remove': (e, label) =>
    e.after?.reason
      ? `${reviewLabelJa(label)} を削除しました：${auditValueJa('reason', e.after.reason)}`
      : `${reviewLabelJa(label)} を削除しました`,
  'enquiry.status': (e, label) =>
    `${label} を${e.after?.status === 'answered' ? '回答済み' : '未対応'}にしました`,
  'settings.update': (e) => {
    const changed = auditChangesJa(e.before, e.after).map((c) => c.label);
    return changed.length
      ? `ショップ設定を変更しました：${changed.join('、')}`
      : 'ショップ設定を保存しました';
  },
  'page.update': (e, label) => {
    const changed = auditChangesJa(e.before, e.after).map((c) => c.label);
    return changed.length
      ? `ページ「${label}」を編集しました：${changed.join('、')}`
      : `ページ「${label}」を保存しました`;
  },
  'priceList.create': (_e, label) => `価格表「${label}」を追加しました`,
  'priceList.update': (_e, label, listed) => withList(`価格表「${label}」を変更しました`, listed),
  'priceList.delete': (_e, label) => `価格表「${label}」を削除しました`,
  'user.priceList': (e, label) =>
    e.after?.priceList
      ? `${label} に価格表「${auditValueJa('priceList', e.after.priceList)}」を設定しました`
      : `${label} を定価に戻しました`,
  'company.apply': (_e, label) => `${label} の掛売り口座の申し込みをしました`,
  'company.create': (_e, label) => `会社「${label}」を作成しました`,
  'company.approve': (_e, label, listed) => withList(`${label} を承認しました`, listed),
  'company.decline': (e, label) =>
    `${label} の申込をお断りしました：${auditValueJa('reason', e.after?.reason)}`,
  'company.terms': (_e, label, listed) => withList(`${label} の取引条件を変更しました`, listed),
  'company.priceList': (e, label) =>
    e.after?.priceList
      ? `${label} に価格表「${auditValueJa('priceList', e.after.priceList)}」を設定しました`
      : `${label} を定価に戻しました`,
  'company.invite': (e, label) => `${auditValueJa('email', e.after?.email)} を ${label} に招待しました`,
  'company.join': (e, label) => `${auditValueJa('member', e.after?.member)} が ${label} に参加しました`,
  'company.spendingLimit': (e, label) =>
    `${label} の ${auditValueJa('member', e.after?.member)} の利用限度額を変更しました：${auditValueJa('spendingLimit', e.before?.spendingLimit)} → ${auditValueJa('spendingLimit', e.after?.spendingLimit)}`,
  'company.removeMember': (e, label) =>
    `${auditValueJa('member', e.before?.member)} を ${label} から外しました`,
  'company.withdrawInvitation': (e, label) =>
    `${auditValueJa('email', e.before?.email)} への ${label} の招待を取り消しました`,
  'company.statement': (e, label) =>
    `${label} に請求書 ${auditValueJa('statement', e.after?.statement)} を発行しました（支払期日 ${auditValueJa('dueOn', e.after?.dueOn)}）`,
  'company.payment': (e, label) =>
    `${label} からの入金 ${auditValueJa('amount', e.after?.amount)} ${auditValueJa('currency', e.after?.currency)} を記録しました（${auditValueJa('reference', e.after?.reference)}）`,
  'company.reversePayment': (e, label) =>
    `${label} からの入金 ${auditValueJa('amount', e.before?.amount)} ${auditValueJa('currency', e.before?.currency)}（${auditValueJa('reference', e.before?.reference)}）を取り消しました：${auditValueJa('reason', e.after?.reason)}`,
  'quote.create': (e, label) =>
    `${auditValueJa('buyer', e.after?.buyer)} 様宛ての見積書 ${label} を作成しました`,
  'quote.withdraw': (_e, label) => `見積書 ${label} を取り消しました`,
};

const isKnownKind = (kind: string): kind is AuditKind => Object.hasOwn(sentences, kind);

/** `describeAudit` in Japanese: one sentence for an entry, e.g. "平鉋 48mm を変更しました：価格 $54.50 → $56.00". */
export function describeAuditJa(entry: Described): string {
  const { label } = entry.target;
  const listed = auditChangesJa(entry.before, entry.after)
    .map((c) => `${c.label} ${c.before} → ${c.after}`)
    .join('、');
  if (isKnownKind(entry.kind)) return sentences[entry.kind](entry, label, listed);
  return withList(`${entry.kind}（${label}）`, listed);
}
