import { defineTexts } from '../../../lib/i18n';

/** The administrator's order screens' texts (lib/i18n.ts): loaded with All orders' and the order page's chunks. */
export const adminOrderTexts = defineTexts({
  en: () => import('./admin.en'),
  ja: () => import('./admin.ja'),
});
