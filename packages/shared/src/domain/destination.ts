import { inEnglish, says } from './messages';
import type { Said } from './translation';

/**
 * Where an order goes must agree with its address (docs/rules.md, "Paying like a business"):
 * shipping and tax follow the country, so an address in Japan sent with another country would
 * travel without its consumption tax. Free of zod: the checkout form and the server judge with
 * the same function.
 *
 * An address is in Japan when it carries a 〒 mark, a prefecture written in Japanese (東京都,
 * 北海道, 大阪府, 神奈川県 …), or a Japanese postal code (NNN-NNNN) together with a prefecture's
 * name in Latin letters or the word Japan / 日本. A postal code alone is not enough: other
 * countries write telephone numbers that look like one.
 */

/** The country whose addresses these are (ISO 3166-1 alpha-2). */
const JAPAN = 'JP';

/** The 43 prefectures written with 県, without it, in the order of their JIS codes. */
export const prefectureStems = [
  '青森',
  '岩手',
  '宮城',
  '秋田',
  '山形',
  '福島',
  '茨城',
  '栃木',
  '群馬',
  '埼玉',
  '千葉',
  '神奈川',
  '新潟',
  '富山',
  '石川',
  '福井',
  '山梨',
  '長野',
  '岐阜',
  '静岡',
  '愛知',
  '三重',
  '滋賀',
  '兵庫',
  '奈良',
  '和歌山',
  '鳥取',
  '島根',
  '岡山',
  '広島',
  '山口',
  '徳島',
  '香川',
  '愛媛',
  '高知',
  '福岡',
  '佐賀',
  '長崎',
  '熊本',
  '大分',
  '宮崎',
  '鹿児島',
  '沖縄',
];
/** The 47 prefectures as Japanese writes them: 北海道, 東京都, 京都府, 大阪府 and the 43 県. */
const prefectureInJapanese = new RegExp(`北海道|東京都|京都府|大阪府|(?:${prefectureStems.join('|')})県`);

const prefecturesInLatin = [
  'hokkaido',
  'aomori',
  'iwate',
  'miyagi',
  'akita',
  'yamagata',
  'fukushima',
  'ibaraki',
  'tochigi',
  'gunma',
  'saitama',
  'chiba',
  'tokyo',
  'kanagawa',
  'niigata',
  'toyama',
  'ishikawa',
  'fukui',
  'yamanashi',
  'nagano',
  'gifu',
  'shizuoka',
  'aichi',
  'mie',
  'shiga',
  'kyoto',
  'osaka',
  'hyogo',
  'nara',
  'wakayama',
  'tottori',
  'shimane',
  'okayama',
  'hiroshima',
  'yamaguchi',
  'tokushima',
  'kagawa',
  'ehime',
  'kochi',
  'fukuoka',
  'saga',
  'nagasaki',
  'kumamoto',
  'oita',
  'miyazaki',
  'kagoshima',
  'okinawa',
];
/** A prefecture's name in Latin letters as a word (Tokyo, Tokyo-to, Hyogo-ken), or the country's name. */
const japanInLatin = new RegExp(`\\b(?:${prefecturesInLatin.join('|')}|japan|nippon)\\b|日本`, 'i');

/** Seven digits written 3-4, not part of a longer run of digits and dashes (a telephone number). */
const postalCode = /(?<![\d-])\d{3}-\d{4}(?![\d-])/;

/** Full-width digits and dashes as ASCII, long vowels (Tōkyō) without their marks. */
const plain = (address: string) =>
  address
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .normalize('NFKC')
    .replace(/[‐‑‒–—―−ー－]/g, '-');

/** Whether `address` is, by what it carries, an address in Japan. */
export function isJapaneseAddress(address: string): boolean {
  const text = plain(address);
  if (text.includes('〒') || prefectureInJapanese.test(text)) return true;
  return postalCode.test(text) && japanInLatin.test(text);
}

/**
 * Why an order to `country` cannot go to `address` — an address in Japan given another country —
 * or null when they agree. Said on the country, the field the buyer changes.
 */
export function destinationSaid(address: string, country: string): Said | null {
  if (country === JAPAN || !isJapaneseAddress(address)) return null;
  return says.addressInJapan;
}

/** `destinationSaid` in English (the checkout form says it in the reader's language). */
export function destinationProblem(address: string, country: string): string | null {
  const found = destinationSaid(address, country);
  return found && inEnglish(found);
}
