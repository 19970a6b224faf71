import type { Translation } from '@kanna/shared/domain/translation';
import type en from './shell.en';

const ja: Translation<typeof en> = {
  title: 'Kanna — 日本の木製手工具を工場直送・まとめ買いで',
  description:
    'Kanna は、玄能・鑿・ドライバー・鋸刃・鉋など、日本の木工用手工具を工場直送でまとめてお届けします。',
  noscript:
    'Kanna のショップを表示するには JavaScript が必要です。有効にして、ページを再読み込みしてください。',
};
export default ja;
