import type { Translation } from '@kanna/shared/domain/translation';
import type en from './first.en';

const ja: Translation<typeof en> = {
  heroKicker: '兵庫県三木市から工場直送',
  heroTitle: '木製の手工具',
  heroLead: '日本の木工の鋭い切れ味。手打ちの刃と枯らした樫の台を、まとめてお届けします。',
  learnMore: '詳しく見る',
};
export default ja;
