import type { Translation } from '@kanna/shared/domain/translation';
import type en from './portfolio.en';

const ja: Translation<typeof en> = {
  title: 'ショップ開発者のポートフォリオ',
  description: 'Kanna のショップを作った開発者の紹介：略歴、スキル、いくつかのプロジェクト。',
  portraitAlt: '開発者の写真の代わりの画像',
  kicker: 'ポートフォリオ',
  heading: 'こんにちは。Kanna のショップを作っています',
  about:
    '長く使える道具が好きなフルスタックのウェブ開発者です。木の道具もソフトウェアも同じです。データベースの行から画面の1ピクセルまで TypeScript で、速くて誰にでも使いやすいオンラインショップを作っています。正直な価格、わかりやすいエラー、遅いスマートフォンでも表示されるページなど、お客様にお店を信頼していただくための細部を大切にしています。',
  skills: 'スキル',
  accessibility: 'アクセシビリティ（WCAG 2.2）',
  performance: 'ウェブの表示速度',
  testing: 'Vitest と Playwright によるテスト',
  projects: 'プロジェクト',
  storefront: 'Kanna のオンラインショップ',
  storefrontText:
    'このショップです。日本の木製手工具を工場から直接お届けするお店で、まとめ買い、カード決済、レビュー、管理画面を備えています。表側は React と Vite、裏側は Fastify と PostgreSQL です。',
  booking: '木工教室の予約ボード',
  bookingText:
    '建具の学校のための予約ツールです。毎週の授業、キャンセル待ち、メールでのお知らせに対応し、最初からキーボードとスクリーンリーダーで使えるように作りました。',
  timber: '材木置き場の在庫カウンター',
  timberText:
    '材木置き場で板を数えるための、オフラインでも使えるスマートフォンアプリです。接続が戻ると事務所のデータと同期します。',
  contact: 'お問い合わせ',
};
export default ja;
