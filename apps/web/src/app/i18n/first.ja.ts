import type { Translation } from '@kanna/shared/domain/translation';
import type en from './first.en';

const ja: Translation<typeof en> = {
  mainNavigation: 'メイン',
  home: 'ホーム',
  reviews: 'レビュー',
  blogs: 'ブログ',
  portfolio: 'ポートフォリオ',
  login: 'ログイン',
  dashboard: 'ダッシュボード',
  woodenTools: '木製工具',
  signOut: 'ログアウト',
  signingOut: 'ログアウトしています…',
  signOutFailed: 'ログアウトできませんでした。もう一度お試しください。',
  cart: 'カート',
  cartEmpty: 'カート（空）',
  // The count stands apart, outside brackets: it is the text the link shows, and the "label in name"
  // rule looks for it as a word, leaving bracketed text out.
  cartWith: (count: number) => `カート、工具 ${count} 点`,
  openMenu: 'メニューを開く',
  closeMenu: 'メニューを閉じる',
  skipToContent: '本文へ移動',
  loadingPage: 'ページを読み込んでいます',
  checkingSession: 'ログイン状態を確認しています',
  footerCompany: '会社情報',
  aboutUs: '会社概要',
  shippingPayment: 'お支払い・配送について',
  footerLegal: '規約',
  legalNotice: '特定商取引法に基づく表記',
  termsOfSale: '利用規約',
  privacyPolicy: 'プライバシーポリシー',
  addressLine1: '〒673-0432',
  addressLine2: '兵庫県三木市金物町2-14-3',
  openingHours: '営業時間：月曜〜土曜 10:00〜17:00（日曜定休）',
  copyright: (year: number) => `© ${year} Kanna Tool Works 無断転載を禁じます。`,
  pageNotLoaded: 'ページを読み込めませんでした',
  somethingWentWrong: '問題が発生しました',
  pageFailedDescription: 'Kanna ショップのこのページを表示できませんでした。',
  pageFailed: 'このページを表示できませんでした。もう一度お試しください。',
  backHome: 'ホームページに戻る',
  homeTitle: 'Kanna — 日本の木製手工具を工場直送・まとめ買いで',
  homeDescription:
    'Kanna は、玄能・鑿・ドライバー・鋸刃・鉋など、日本の木工用手工具を工場直送でまとめてお届けします。',
  loadingTools: '工具を読み込んでいます',
};
export default ja;
