import type { Translation } from '@kanna/shared/domain/translation';
import type en from './en';

const ja: Translation<typeof en> = {
  request: '見積もりを依頼',
  formTitle: '見積もりを依頼',
  formLead: 'カートの商品のお見積もりをメールでお送りします。カートの中身はそのまま残ります。',
  note: 'ショップへの備考（任意）',
  noteHint: '納期、納品先など、お知らせいただきたいことがあればご記入ください。',
  send: '依頼を送信',
  sending: '送信しています…',
  cancel: 'キャンセル',
  sent: '見積依頼を送信しました。メールにてご回答いたします。',
  title: '見積依頼',
  description: 'お客様からの見積依頼（管理者向け）。',
  lead: 'お客様からの見積依頼（新しい順）と、依頼時点の定価です。お使いのメールソフトから返信してください（お客様のメールアドレスを押すと返信を作成できます）。',
  empty: '見積依頼はまだありません',
  updating: '一覧を更新しています…',
  shown: (n: number, more: boolean) =>
    `${n.toLocaleString('ja-JP')}件の見積依頼を表示しています${more ? '（新しい順、続きは下にあります）' : ''}。`,
  loading: '見積依頼を読み込んでいます',
  notLoaded: '見積依頼を読み込めませんでした。',
  list: '見積依頼（新しい順）',
  loadMore: '見積依頼をさらに表示',
  from: '依頼者',
  noteLabel: '備考',
  noNote: '備考なし',
  open: '未回答',
  lines: 'ご依頼の商品',
  tool: '商品',
  quantity: '数量',
  listPrice: '定価（単価）',
  toolGone: '（カタログから削除済み）',
};
export default ja;
