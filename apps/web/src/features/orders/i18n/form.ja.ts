import type { Translation } from '@kanna/shared/domain/translation';
import type en from './form.en';

const ja: Translation<typeof en> = {
  orderForm: '注文フォーム',
  pricePerPiece: '1個あたりの価格',
  volumePrice: '（数量割引価格）',
  orderMore: (more: number, price: string) => `あと${more}個のご注文で1個 ${price}`,
  name: 'お名前',
  email: 'メールアドレス',
  total: '合計',
  chargesNote: (country: string, charges: string, due: string) =>
    `${country}へのお届けは${charges}で、お支払い合計は${due}です。他の国へのお届けは、カートからご注文ください。`,
  shipping: (amount: string) => `送料 ${amount}`,
  shippingFree: '送料無料',
  tax: (ratePercent: number, amount: string) => `消費税（${ratePercent}%）${amount}`,
  and: '、',
  placingOrder: 'ご注文を送信しています…',
  placeOrder: '注文を確定する',
  addToCart: 'カートに追加',
  proceedCheckOut: 'お支払いへ進む',
  contactSupplier: '仕入先に問い合わせる',
  askSales: (tool: string) =>
    `${tool}について、数量の追加、配送、特注の仕上げなどを営業担当にお問い合わせください。メールでご返信いたします。`,
  quantityWanted: 'ご希望の数量',
  message: 'メッセージ',
  close: '閉じる',
  sending: '送信しています…',
  sendMessage: 'メッセージを送信',
};
export default ja;
