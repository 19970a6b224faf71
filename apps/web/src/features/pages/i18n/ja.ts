import type { Translation } from '@kanna/shared/domain/translation';
import type en from './en';

export default {
  loading: 'ページを読み込んでいます',
  notLoaded: 'ページを読み込めませんでした',
  notFound: 'このページはありません。',
  description: (title: string) => `${title}｜Kanna Tool Works`,
  editorTitle: 'ページ',
  editorDescription: '規約などのページ、ブログ、ポートフォリオを英語と日本語で編集します。',
  editorLead:
    '各ページは英語と日本語の Markdown です。【要記入】の箇所をすべて記入し、プレビューして保存し、記入済みにしてください。',
  loadingPages: 'ページを読み込んでいます',
  pagesNotLoaded: 'ページを読み込めませんでした',
  choosePage: 'ページ',
  completedBadge: '記入済み',
  templateBadge: '要記入',
  language: '言語',
  english: '英語',
  japanese: '日本語',
  titleLabel: 'タイトル',
  bodyLabel: '本文（Markdown）',
  bodyHint:
    '# 見出し、**太字**、- 箇条書き、[リンク](https://…)、| 表 |。HTML は使えず、文字として表示されます。',
  completedLabel: 'このページは記入済みです（空欄なし）',
  preview: 'プレビュー',
  previewHeading: 'プレビュー',
  hidePreview: 'プレビューを閉じる',
  previewFailed: 'プレビューを作れませんでした',
  save: '保存',
  saving: '保存しています…',
  saved: (title: string) => `「${title}」を保存しました。`,
  lastSaved: (who: string, when: string) => `最終保存：${who}（${when}）`,
  neverSaved: 'まだ保存されていません。ショップ開始時のひな形です。',
  view: 'ページを見る',
  unsaved: '保存していない変更があります。',
} satisfies Translation<typeof en>;
