import { auditKindLabelJa } from '@kanna/shared/domain/audit-ja';
import type { Translation } from '@kanna/shared/domain/translation';
import type en from './en';

const ja: Translation<typeof en> = {
  kinds: auditKindLabelJa,
  title: '監査ログ',
  description: 'Kanna のショップで管理者が行ったすべての操作：誰が、いつ、何を変更したか。',
  lead: '管理者が行ったすべての操作（新しい順）：誰が、いつ、何を変更したか。記録は編集も削除もできません。',
  updating: 'ログを更新しています…',
  shown: (n: number, more: boolean) =>
    `${n.toLocaleString('ja-JP')}件の記録を表示しています${more ? '（新しい順、続きは下にあります）' : ''}。`,
  loading: '監査ログを読み込んでいます',
  notLoaded: '監査ログを読み込めませんでした。',
  noMatch: 'この条件に一致する記録はありません。',
  none: '管理者の操作はまだ記録されていません。',
  clearFilters: '条件をクリア',
  list: '監査ログの記録（新しい順）',
  loadMore: '記録をさらに表示',
  actorEmail: (email: string) => `（${email}）`,
  changes: '変更内容',
  changedTo: '、変更後：',
  filter: '監査ログを絞り込む',
  admin: '管理者',
  adminHint: '管理者のメールアドレス。',
  kind: '種類',
  everyKind: 'すべての種類',
  from: '開始日',
  to: '終了日',
  backwards: '開始日が終了日より後のため、一致する記録はありません。',
  datesHint: '日付はショップのタイムゾーンの日で、両端の日を含みます。',
};
export default ja;
