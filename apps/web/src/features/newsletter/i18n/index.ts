import { defineTexts } from '../../../lib/i18n';

/** The newsletter banner's texts (lib/i18n.ts): loaded with the home page's sections. */
export const newsletterTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
