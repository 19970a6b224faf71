import type { Translation } from '@kanna/shared/domain/translation';
import type en from './parties.en';

const ja: Translation<typeof en> = {
  postalCode: '郵便番号',
  lookingUp: '住所を検索しています…',
  addStreet: (place: string) => `${place}：続けて番地と建物名をご入力ください。`,
  noSuchCode: 'この郵便番号の住所は見つかりません。ご確認ください。',
  notLookedUp: '住所を検索できませんでした。',
  sevenDigits: '7桁の数字：都道府県と市区町村が自動で入力されます。',
  business: '会社名・発注番号・請求先・領収書',
  company: '会社名',
  department: '部署',
  poNumber: '貴社発注番号',
  poNumberHint: '請求書・納品書と、このご注文のすべてのメールに記載します。',
  requestedDate: '納品希望日',
  billApart: '請求書を別の宛先に送る',
  billingAddress: '請求先',
  billingAddressHint: '請求書・領収書などの書類はこちらの宛先になります。商品はお届け先へお送りします。',
  receiptAddressee: '領収書の宛名',
  receiptAddresseeHint: (name: string) => `空欄の場合は「${name}」になります。`,
  receiptNote: '但し書き',
  receiptNoteHint: '領収書に記載する「但し、〜」の内容です。',
  goodsNote: '品代として',
  buyersPoNumber: 'お客様の発注番号',
};

export default ja;
