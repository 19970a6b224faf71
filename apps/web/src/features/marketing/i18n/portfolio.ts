import { defineTexts } from '../../../lib/i18n';

/** The portfolio's texts (lib/i18n.ts): loaded with its chunk. */
export const portfolioTexts = defineTexts({
  en: () => import('./portfolio.en'),
  ja: () => import('./portfolio.ja'),
});
