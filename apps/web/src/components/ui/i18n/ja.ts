import type { Translation } from '@kanna/shared/domain/translation';
import type en from './en';

const ja: Translation<typeof en> = {
  required: '（必須）',
  loadingMore: 'さらに読み込んでいます',
  loadingMoreNow: 'さらに読み込んでいます…',
  tryAgain: 'もう一度試す',
  moreNotLoaded: '続きを読み込めませんでした。',
  close: '閉じる',
  rated: (stars: number, max: number) => `${max}段階中${stars}の評価`,
  avatarOf: (name: string) => `${name} さんのアバター`,
  copied: 'コピーしました',
  copyFailed: 'コピーできませんでした。テキストを選択してコピーしてください。',
  confirmEmail: 'メールアドレスの確認',
  sentTo: '確認のメールの送信先：',
  sending: '送信しています…',
  sendLinkAgain: 'リンクをもう一度送る',
  haveConfirmed: '確認しました',
  language: '言語',
  actions: '操作',
  listName: 'リスト名',
  savedAs: (name: string) => `「${name}」として保存しました。`,
};
export default ja;
