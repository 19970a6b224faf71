import type { Translation } from '@kanna/shared/domain/translation';
import type en from './cells.en';

const ja: Translation<typeof en> = {
  quantity: '数量',
  total: '合計',
  state: '状態',
  inLines: (lines: number) => `（${lines}行）`,
  testPayment: 'テスト決済',
  testPaymentTitle: 'テストカードでの支払い：実際のお金は動いていません',
  refunded: '返金済み',
};
export default ja;
