import { defineTexts } from '../../../lib/i18n';

/** The reviews' texts (lib/i18n.ts): loaded with the home page's sections and the reviews' chunks. */
export const reviewsTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
