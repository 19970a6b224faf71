import type { Translation } from '@kanna/shared/domain/translation';
import type en from './en';

const ja: Translation<typeof en> = {
  title: 'お問い合わせ',
  description: 'お客様からの仕入先へのお問い合わせと見積依頼（管理者向け）。',
  lead: '仕入先へのお問い合わせと見積依頼（新しい順）。お使いのメールソフトから返信し（お客様のメールアドレスを押すと返信を作成できます）、返信したら回答済みにしてください。',
  filter: 'お問い合わせを絞り込む',
  show: '表示',
  shownOptions: { new: '未対応', answered: '回答済み', all: 'すべて' },
  empty: {
    new: '未対応のお問い合わせはありません',
    answered: '回答済みのお問い合わせはまだありません',
    all: 'お問い合わせはまだありません',
  },
  updating: '一覧を更新しています…',
  shown: (n: number, more: boolean) =>
    `${n.toLocaleString('ja-JP')}件のお問い合わせを表示しています${more ? '（新しい順、続きは下にあります）' : ''}。`,
  loading: 'お問い合わせを読み込んでいます',
  notLoaded: 'お問い合わせを読み込めませんでした。',
  showAll: 'すべてのお問い合わせを表示',
  list: 'お問い合わせ（新しい順）',
  loadMore: 'お問い合わせをさらに表示',
  quoteRequest: '見積依頼',
  answered: '回答済み',
  new: '未対応',
  from: '差出人',
  quantityWanted: '希望数量',
  answeredBy: (who: string | null, when: string) => `${who ?? '管理者'}が回答済み（${when}）`,
  notAnswered: 'まだ回答していません',
  markNew: '未対応に戻す',
  markAnswered: '回答済みにする',
};
export default ja;
