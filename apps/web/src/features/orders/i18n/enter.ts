import { defineTexts } from '../../../lib/i18n';

/** The admin's "Enter an order" page (a phone or fax order): loaded with its chunk (lib/i18n.ts). */
export const enterOrderTexts = defineTexts({
  en: () => import('./enter.en'),
  ja: () => import('./enter.ja'),
});
