import type { Translation } from '@kanna/shared/domain/translation';
import type en from './statements.en';

const ja: Translation<typeof en> = {
  caption: '請求書（新しい順）',
  number: '請求書番号',
  period: '対象期間',
  periodRange: (from: string, to: string) => `${from}〜${to}`,
  amountDue: 'ご請求金額',
  dueOn: 'お支払期日',
  state: '状況',
  states: { paid: '入金済み', partly_paid: '一部入金', open: '未入金', overdue: '支払遅延' },
  partly: (applied: string, outstanding: string) => `${applied} 入金済み・残り ${outstanding}`,
  overdueSince: (day: string) => `${day}から`,
  pdf: 'ダウンロード',
  ledger: '取引台帳をダウンロード（CSV）：ご注文・請求書・ご入金と残高の推移',
  pdfOf: (number: string) => `請求書 ${number} をダウンロード（PDF）`,
  none: 'まだ請求書はありません。掛けで出荷したご注文があると、締め日に最初の請求書を発行します。',
  loading: '請求書を読み込んでいます…',
  notLoaded: '請求書を読み込めませんでした。',
};

export default ja;
