import type { Translation } from '@kanna/shared/domain/translation';
import type en from './first.en';

const ja: Translation<typeof en> = {
  loading: '読み込んでいます',
  somethingWentWrong: '問題が発生しました',
  retry: '再試行',
  retrying: '再試行しています…',
  chunkFailed: (chunk: string) => `チャンク ${chunk} を読み込めませんでした。`,
  chunkFailedHelp:
    'ショップのこの部分をダウンロードできませんでした。接続を確認して、もう一度お試しください。',
  testModeNotice:
    'テストモード：実際の支払いは行われません。4242 4242 4242 4242 などのテスト用カードでお支払いください。',
  switchLanguage: '表示する言語を変更：',
  languageSaveFailed: '言語をアカウントに保存できませんでした。このブラウザーには保存されています。',
  withTax: (price: string) => `（税込 ${price}）`,
  showPricesIn: '価格の表示通貨：',
  currencyNames: { USD: '米ドル $', JPY: '円 ¥' },
};
export default ja;
