import { bankLabelsJa } from '@kanna/shared/domain/transfers';
import type { Translation } from '@kanna/shared/domain/translation';
import type en from './order.en';

const ja: Translation<typeof en> = {
  goods: '小計',
  shipping: '送料',
  free: '無料',
  taxAt: (ratePercent: number) => `消費税（${ratePercent}%）`,
  tax: '消費税',
  exportExempt: '輸出免税',
  total: '合計',
  totalDue: 'お支払い合計',
  phone: '電話番号',
  address: '住所',
  quantity: '数量',
  quantityOf: (name: string) => `（${name}）`,
  decrease: '数量を減らす',
  decreaseOf: (name: string) => `${name}の数量を減らす`,
  increase: '数量を増やす',
  increaseOf: (name: string) => `${name}の数量を増やす`,
  quantityRange: (min: number, max: number) => `${min}〜${max}個`,
  quantityRangeInPacks: (min: number, max: number, pack: number) => `${min}〜${max}個（${pack}個単位）`,
  payByTransfer: '銀行振込でのお支払い',
  transferLead: (amount: string, deadline: string) =>
    `${amount}を${deadline}までに下記の口座へお振り込みください。お振込みの際は、注文番号を振込参照番号としてお伝えください。それまで在庫を確保いたします。`,
  receivedSoFar: (paid: string, due: string) => `現在までに${due}のうち${paid}のご入金を確認しております。`,
  // The web's form names the code in full.
  bank: { ...bankLabelsJa, swift: 'SWIFT/BICコード' },
  reference: '振込参照番号',
  amount: 'お振込金額',
  copyReference: '参照番号をコピー',
  proformaPdf: 'プロフォーマ請求書（PDF）',
};
export default ja;
