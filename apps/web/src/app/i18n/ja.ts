import type { Translation } from '@kanna/shared/domain/translation';
import type en from './en';

const ja: Translation<typeof en> = {
  dashboard: 'ダッシュボード',
  dashboardMenu: 'ダッシュボードのメニュー',
  menu: 'メニュー',
  admin: '管理者',
  overview: '概要',
  myProfile: 'プロフィール',
  users: 'ユーザー',
  addProduct: '商品を追加',
  manageProduct: '商品の管理',
  allOrders: 'すべての注文',
  documents: '発行書類',
  enquiries: 'お問い合わせ',
  quoteRequests: '見積依頼',
  quotes: '見積書',
  shopPages: 'ショップのページ',
  settings: '設定',
  auditLog: '監査ログ',
  priceLists: '価格表（掛率）',
  myOrder: '注文履歴',
  addReview: 'レビューを書く',
  addressBook: '住所録',
  company: '法人アカウント',
  companies: '取引先企業',
  loadingPage: 'ページを読み込んでいます',
};
export default ja;
