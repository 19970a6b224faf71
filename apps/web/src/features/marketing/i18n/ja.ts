import type { Translation } from '@kanna/shared/domain/translation';
import type en from './en';

const ja: Translation<typeof en> = {
  trustTitle: '信頼こそ、商いの要',
  trustLead: 'お客様の満足のために',
  countries: 'か国',
  countriesSince: '2019年1月1日〜2022年2月1日',
  productsSold: '販売数',
  clients: 'お取引先',
  feedback: 'お客様の声',
  companyKicker: '会社概要',
  companyText:
    '私たちは日本の上質な木製工具の草分けです。三代にわたり、大工・建具職人・家具職人のために玄能・鑿・ドライバー・鋸刃・鉋を作ってきました。現在は世界中のお取引先へ、工場から直接まとめてお届けしています。',
  productionTitle: '先進の製造技術',
  productionText:
    '刃は自社のラインで鍛造・焼き入れし、枯らした国産の樫の台に手作業で仕込み、調整しています。',
  qualityTitle: '品質管理',
  qualityText: '出荷の前に、すべてのロットで刃の硬さ・平面・仕込みの具合を検査しています。',
  brandsTitle: '自社ブランド・特許20件以上',
  brandsText: '自社ブランドで販売し、刃と台の設計で20件を超える特許技術を持っています。',
  visitsTitle: '工場見学・協業を歓迎します',
  visitsText: '業者の方、学校、工房の方の工場見学や協業を歓迎しています。',
  notFoundTitle: 'ページが見つかりません',
  notFoundDescription: 'お探しのページは Kanna ショップに見つかりませんでした。',
  notFoundHeading: '申し訳ありません。ページが見つかりませんでした',
  nothingAt: 'このアドレスには何もありません：',
  notFoundHelp: 'ページが移動したか、アドレスが間違っている可能性があります。',
  backHome: 'ホームページに戻る',
};
export default ja;
