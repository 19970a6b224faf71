import type { Translation } from '@kanna/shared/domain/translation';
import type en from './en';

const ja: Translation<typeof en> = {
  title: 'ニュースレターのご案内',
  lead: 'お知らせ・新商品・特別なご案内をメールでお届けします。年に数回だけで、迷惑メールは送りません。',
  emailAddress: 'メールアドレス',
  emailPlaceholder: 'メールアドレスを入力',
  subscribing: '登録しています…',
  subscribe: '購読する',
};
export default ja;
